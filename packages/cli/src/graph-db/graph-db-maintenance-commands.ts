import type { Argv } from "yargs";
import type { CommandContext } from "../command-context";
import { stringList, wholeNumber } from "./graph-db-args";
import type { GraphDbTarget } from "./open-graph-store";

type Args = Record<string, unknown>;

/**
 * The graph-db subcommands that write or check the store — refresh, doctor, compact,
 * drift, backend-eval — registered on the `graph-db` parser. Kept apart from the read
 * subcommands; each handler imports its module only when it runs. Refresh and doctor
 * run through the fast path's dispatcher (run-graph-db-read.ts), so both parsers behave alike.
 */
export function addMaintenanceCommands<T>(yargs: Argv<T>, context: CommandContext, target: (args: Args) => GraphDbTarget): Argv<T> {
  const run = (work: (args: Args) => Promise<void>) => (args: unknown) => work(args as Args);
  return yargs
    .command(
      "refresh",
      "materialize the code index's projection into graph.db (reused when the index is unchanged)",
      (y) =>
        y
          .option("force", { type: "boolean", default: false, describe: "rebuild and rewrite even when the source watermark is unchanged" })
          .option("update-index", { type: "boolean", default: false, describe: "run the incremental index update first (default: project the index as it is)" }),
      run(async (args) => context.setResult(await (await import("./run-graph-db-read")).runGraphDbRead("refresh", args, context.io))),
    )
    .command(
      "doctor",
      "validate graph.db (or a Convex snapshot) without refreshing; exits 1 when a check fails closed",
      {},
      run(async (args) => context.setResult(await (await import("./run-graph-db-read")).runGraphDbRead("doctor", args, context.io))),
    )
    .command(
      "compact",
      "plan (or --apply) a WAL checkpoint and VACUUM; tombstones only with --prune-tombstones --confirmed-convex-reconciled",
      (y) =>
        y
          .option("apply", { type: "boolean", default: false, describe: "run the compaction (default: print the plan)" })
          .option("prune-tombstones", { type: "boolean", default: false, describe: "also delete every tombstone" })
          .option("confirmed-convex-reconciled", { type: "boolean", default: false, describe: "confirm the Convex consumer has reconciled the deletions" }),
      run(async (args) => {
        const { graphDbCompact } = await import("./graph-db-compact");
        context.setResult(
          await graphDbCompact(target(args), { apply: Boolean(args.apply), pruneTombstones: Boolean(args["prune-tombstones"]), confirmedConvexReconciled: Boolean(args["confirmed-convex-reconciled"]) }),
        );
      }),
    )
    .command(
      "drift",
      "refresh the local projection and compare a Convex snapshot with it (--backend convex-snapshot --convex-snapshot rows.json)",
      {},
      run(async (args) => context.setResult(await (await import("./graph-db-drift")).graphDbDrift(target(args)))),
    )
    .command(
      "backend-eval",
      "benchmark SQLite against candidate backends on the real projection and synthetic graphs, with parity and the performance gate",
      (y) =>
        y
          .option("candidate", { type: "string", array: true, default: ["libsql"], describe: "candidate backend (repeatable): libsql" })
          .option("samples", { type: "number", default: 1, describe: "repeated runs; each is one history sample" })
          .option("iterations", { type: "number", default: 5, describe: "timed calls per read (median reported)" })
          .option("full-projection", { type: "boolean", default: false, describe: "add the cached full-projection workload" })
          .option("history", { type: "string", describe: "performance history the gate reads (default fixtures/graph-db-performance-history.json)" })
          .option("append-history", { type: "string", describe: "append this run's samples to a history file" }),
      run(async (args) => {
        const { graphDbBackendEval } = await import("./graph-db-backend-eval");
        context.setResult(
          await graphDbBackendEval(target(args), {
            candidates: stringList(args.candidate) ?? ["libsql"],
            samples: wholeNumber("--samples", args.samples, { min: 1 }) ?? 1,
            iterations: wholeNumber("--iterations", args.iterations, { min: 1 }) ?? 5,
            fullProjection: Boolean(args["full-projection"]),
            history: args.history as string | undefined,
            appendHistory: args["append-history"] as string | undefined,
            progress: (line) => context.io.stderr(`backend-eval: ${line}\n`),
          }),
        );
      }),
    );
}
