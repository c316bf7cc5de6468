import { resolve } from "node:path";
import { isTsiftError, type DoctorRepairCommands, type GraphDoctorFacts, type GraphDoctorReport, type SqlGraphInspection } from "@tsift/core";
import { commandResult, type CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import { defineOutput } from "../output/output-spec";
import { graphDbDisplay, graphDbPrefix, indexLocationFor, isLocalFileBackend, tsiftCommand } from "./graph-db-context";
import { graphDbFreshness } from "./graph-db-freshness";
import { displayPath, localGraphDbExists, openGraphStore, type GraphDbTarget } from "./open-graph-store";

export interface DoctorData extends GraphDoctorReport {
  operation: "doctor";
  backend: string;
  location: string;
  recovery: string | null;
  duration_micros: number;
}

function repairCommands(target: GraphDbTarget): DoctorRepairCommands {
  const prefix = graphDbPrefix(target);
  return {
    refresh: `${prefix} refresh`,
    rebuild: isLocalFileBackend(target) ? `rm ${graphDbDisplay(target)} && ${prefix} refresh` : `${prefix} refresh --force`,
    compact: `${prefix} compact --apply`,
    index: tsiftCommand(target, "index"),
    resync: `${tsiftCommand(target, "convex-sync")} --snapshot <rows.json> --apply --endpoint <url>`,
  };
}

/** What doctor reads from a Convex snapshot file: its validation problems, without trusting it. */
async function convexFacts(target: GraphDbTarget): Promise<GraphDoctorFacts> {
  const { readConvexSnapshotFile, validateConvexSnapshot } = await import("@tsift/core");
  const path = resolve(target.root, target.convexSnapshot ?? "");
  try {
    const raw = await readConvexSnapshotFile(path);
    return { convexProblems: validateConvexSnapshot(raw).problems };
  } catch (error) {
    if (!isTsiftError(error)) throw error;
    return { openError: { code: error.code, message: error.message } };
  }
}

/** The facts of a SQL store (local file or remote libSQL); an open failure is itself a fact. */
async function storeFacts(target: GraphDbTarget): Promise<GraphDoctorFacts & { location?: string; backend?: string }> {
  let opened: Awaited<ReturnType<typeof openGraphStore>>;
  try {
    opened = await openGraphStore(target, { readOnly: true });
  } catch (error) {
    if (!isTsiftError(error)) throw error;
    return { openError: { code: error.code, message: error.message } };
  }
  try {
    const inspect = (opened.store as { inspect?: () => Promise<SqlGraphInspection> }).inspect;
    const inspection = typeof inspect === "function" ? await inspect.call(opened.store) : null;
    const projection = await opened.store.projectionStatus(target.scope ?? "root");
    const counts = await opened.store.counts();
    const freshness = await graphDbFreshness(target, opened.store);
    let expected: string | null = null;
    if (isLocalFileBackend(target)) {
      // A project with a code index expects the code projection; imported rows elsewhere may carry any version.
      const { existsSync } = await import("node:fs");
      if (existsSync((await indexLocationFor(target)).dbPath)) expected = (await import("@tsift/index/code-graph")).CODE_PROJECTION_VERSION;
    }
    return {
      inspection,
      projection,
      expectedProjectionVersion: expected,
      freshness: freshness.state === "unknown" || freshness.state === "not_projected" ? null : freshness.state,
      counts,
      recovery: opened.recovery,
      location: opened.location,
      backend: opened.store.backend,
    };
  } finally {
    await opened.store.close();
  }
}

/**
 * Validates the existing store without refreshing it first, and fails closed (exit 1,
 * report still printed) when reads from it cannot be trusted: a newer or older schema,
 * a projection of another version or without its content hash, a missing index,
 * orphan or duplicate rows. Repair commands say what to run.
 */
export async function graphDbDoctor(target: GraphDbTarget): Promise<CommandResult<DoctorData>> {
  const started = process.hrtime.bigint();
  const { evaluateGraphDoctor } = await import("@tsift/core");
  let facts: GraphDoctorFacts & { location?: string; backend?: string };
  if (target.backend === "convex-snapshot") facts = await convexFacts(target);
  else if (!localGraphDbExists(target)) facts = { openError: { code: "not_found", message: `no graph.db at ${graphDbDisplay(target)}` } };
  else facts = await storeFacts(target);
  const report = evaluateGraphDoctor(facts, repairCommands(target));
  if (!localGraphDbExists(target) && target.backend !== "convex-snapshot") report.repair_commands = [`${graphDbPrefix(target)} refresh`];
  const location = facts.location ?? (target.backend === "convex-snapshot" ? displayPath(target.root, resolve(target.root, target.convexSnapshot ?? "")) : graphDbDisplay(target));
  const data: DoctorData = {
    operation: "doctor",
    backend: facts.backend ?? target.backend,
    location,
    recovery: facts.recovery ?? null,
    ...report,
    duration_micros: Number((process.hrtime.bigint() - started) / 1000n),
  };
  const failures = report.checks.filter((check) => check.status === "fail").map((check) => check.message);
  return commandResult(data, doctorOutput, {
    root: target.root,
    exitCode: report.fail_closed ? EXIT_CODES.checkFailed : EXIT_CODES.ok,
    notes: report.fail_closed ? [`tsift: graph-db doctor failed closed: ${failures.join("; ")}`] : [],
  });
}

const mark = { ok: "ok  ", warn: "warn", fail: "FAIL" } as const;

export const doctorOutput = defineOutput<DoctorData>({
  tool: "graph-db",
  pathKeys: ["location"],
  text: (data) =>
    [
      `graph-db doctor ${data.backend}: ${data.status} (${data.location})`,
      ...data.checks.map((check) => `  ${mark[check.status]} ${check.name}: ${check.message}`),
      ...(data.repair_commands.length ? [`repair: ${data.repair_commands.join("\n        ")}`] : []),
    ].join("\n"),
  compact: (data) => `gdb doctor ${data.status} fail:${data.checks.filter((c) => c.status === "fail").length} warn:${data.checks.filter((c) => c.status === "warn").length} ${data.location}`,
  tables: [{ columns: ["name", "status", "message"], rows: (data) => data.checks.map((check) => [check.name, check.status, check.message]) }],
  envelope: {
    view: "report",
    summary: (data) => `graph-db doctor: ${data.status}`,
    metrics: (data) => [
      { label: "status", value: data.status },
      { label: "failed", value: data.checks.filter((c) => c.status === "fail").length },
      { label: "warnings", value: data.checks.filter((c) => c.status === "warn").length },
    ],
    followUp: (data) => data.repair_commands,
    truncated: () => false,
  },
});
