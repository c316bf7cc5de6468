import type { GraphDbPathOptions } from "@tsift/core";
import type { CompactGraphDbOptions } from "@tsift/index/code-graph";
import { defineGroup, defineSubcommand } from "../definition/define-command";
import { DIR, PATH } from "../definition/common-options";
import type { CliOptions } from "../definition/option-table";
import type { BackendEvalCliOptions } from "../graph-db/graph-db-backend-eval";
import type { RefreshCliOptions } from "../graph-db/graph-db-refresh";
import type { GraphDbTarget, GraphDbTargetOptions } from "../graph-db/open-graph-store";
import type { CliIo } from "../io";

const OPTIONS = {
  path: { ...PATH, description: "project root holding .tsift/ (default: .)" },
  scope: { type: "string", description: "workspace scope (uses .tsift/indexes/<scope>/graph.db)" },
  backend: { type: "string", choices: ["sqlite", "libsql", "convex-snapshot"], default: "sqlite", description: "storage backend" },
  url: { type: "string", description: "libSQL URL (libsql://, https://, file:) for --backend libsql" },
  authTokenEnv: { type: "string", default: "TSIFT_LIBSQL_AUTH_TOKEN", description: "environment variable holding the libSQL auth token" },
  convexSnapshot: { type: "string", description: "Convex rows JSON for --backend convex-snapshot" },
} as const satisfies CliOptions<GraphDbTargetOptions>;

const subcommand = defineSubcommand(OPTIONS);
const GRAPH_DIR = { ...DIR, description: "project root holding .tsift/ (default: .; same as --path)" } as const;
const PAGE = {
  property: { type: "array", description: "node/edge property filter KEY=VALUE (repeatable, all must match; at most 100)" },
  cursor: { type: "string", description: "exclusive cursor: the next_cursor of the previous page" },
  limit: { alias: "l", type: "number", default: 100, min: 0, description: "page size (0 = all; at most 10000 per page)" },
} as const;
const EDGE_KIND = { flag: "edge-kind", type: "array", description: "edge kinds (repeatable; at most 100)" } as const;
const ID = { name: "id", required: true, description: "node id" } as const;

/** The store the group's options address; the module that opens stores loads only when a subcommand runs. */
const target = async (options: GraphDbTargetOptions, io: CliIo): Promise<GraphDbTarget> =>
  (await import("../graph-db/open-graph-store")).graphDbTarget(options, io);
const queries = () => import("../graph-db/graph-db-queries");
const outputs = () => import("../graph-db/graph-db-output");

/** `tsift graph-db <command>`: the provider-neutral graph store over SQLite, libSQL or a Convex snapshot. */
export const graphDb = defineGroup({
  name: "graph-db",
  summary: "query and maintain the provider-neutral graph store (graph.db)",
  helpOrder: 140,
  options: OPTIONS,
  examples: [
    { command: "tsift graph-db refresh", description: "project the code index into .tsift/graph.db" },
    { command: "tsift graph-db neighborhood gsym-1a2b --depth 2 --json", description: "nodes within two hops, as JSON" },
  ],
  subcommands: [
    subcommand<RefreshCliOptions>()({
      name: "refresh",
      summary: "materialize the code index's projection into graph.db (reused when the index is unchanged)",
      positionals: [GRAPH_DIR],
      options: {
        force: { type: "boolean", default: false, description: "rebuild and rewrite even when the source watermark is unchanged" },
        updateIndex: { type: "boolean", default: false, description: "run the incremental index update first (default: project the index as it is)" },
      },
      examples: [{ command: "tsift graph-db refresh --update-index", description: "update the code index, then project it" }],
      async run(options, io) {
        const { graphDbRefresh } = await import("../graph-db/graph-db-refresh");
        return graphDbRefresh(await target(options, io), { force: options.force, updateIndex: options.updateIndex });
      },
      output: async () => (await import("../graph-db/graph-db-refresh")).refreshOutput,
    }),
    subcommand({
      name: "doctor",
      summary: "validate graph.db (or a Convex snapshot) without refreshing; exits 1 when a check fails closed",
      positionals: [GRAPH_DIR],
      options: {},
      examples: [{ command: "tsift graph-db doctor", description: "check graph.db's integrity and freshness" }],
      async run(options, io) {
        return (await import("../graph-db/graph-db-doctor")).graphDbDoctor(await target(options, io));
      },
      output: async () => (await import("../graph-db/graph-db-doctor")).doctorOutput,
    }),
    subcommand<CompactGraphDbOptions>()({
      name: "compact",
      summary: "plan (or --apply) a WAL checkpoint and VACUUM; tombstones only with --prune-tombstones --confirmed-convex-reconciled",
      positionals: [GRAPH_DIR],
      options: {
        apply: { type: "boolean", default: false, description: "run the compaction (default: print the plan)" },
        pruneTombstones: { type: "boolean", default: false, description: "also delete every tombstone" },
        confirmedConvexReconciled: { type: "boolean", default: false, description: "confirm the Convex consumer has reconciled the deletions" },
      },
      examples: [{ command: "tsift graph-db compact --apply", description: "checkpoint the WAL and VACUUM" }],
      async run(args, io) {
        const { graphDbCompact } = await import("../graph-db/graph-db-compact");
        const { apply, pruneTombstones, confirmedConvexReconciled } = args;
        return graphDbCompact(await target(args, io), { apply, pruneTombstones, confirmedConvexReconciled });
      },
    }),
    subcommand({
      name: "drift",
      summary: "refresh the local projection and compare a Convex snapshot with it (--backend convex-snapshot --convex-snapshot rows.json)",
      positionals: [GRAPH_DIR],
      options: {},
      examples: [
        { command: "tsift graph-db drift --backend convex-snapshot --convex-snapshot rows.json", description: "what the Convex copy lacks or has extra" },
      ],
      async run(args, io) {
        const { graphDbDrift } = await import("../graph-db/graph-db-drift");
        return graphDbDrift(await target(args, io));
      },
    }),
    subcommand<BackendEvalCliOptions>()({
      name: "backend-eval",
      summary: "benchmark SQLite against candidate backends on the real projection and synthetic graphs, with parity and the performance gate",
      positionals: [GRAPH_DIR],
      options: {
        candidates: { flag: "candidate", type: "array", default: ["libsql"], description: "candidate backend (repeatable): libsql" },
        samples: { type: "number", default: 1, min: 1, description: "repeated runs; each is one history sample" },
        iterations: { type: "number", default: 5, min: 1, description: "timed calls per read (median reported)" },
        fullProjection: { type: "boolean", default: false, description: "add the cached full-projection workload" },
        history: { type: "string", description: "performance history the gate reads (default: the one @tsift/quality ships)" },
        appendHistory: { type: "string", description: "append this run's samples to a history file" },
      },
      examples: [{ command: "tsift graph-db backend-eval --samples 3", description: "three benchmark samples against libSQL" }],
      async run(args, io) {
        const { graphDbBackendEval } = await import("../graph-db/graph-db-backend-eval");
        const { stringList } = await import("../graph-db/graph-db-args");
        return graphDbBackendEval(await target(args, io), {
          ...args,
          candidates: stringList(args.candidates) ?? ["libsql"],
          onProgress: (line) => io.stderr(`backend-eval: ${line}\n`),
        });
      },
    }),
    subcommand({
      name: "status",
      summary: "row counts and projection metadata, without refreshing",
      positionals: [GRAPH_DIR],
      options: {},
      examples: [{ command: "tsift graph-db status", description: "row counts and freshness" }],
      async run(options, io) {
        return (await queries()).graphDbStatus(await target(options, io));
      },
      output: async () => (await outputs()).graphDbStatusOutput,
    }),
    subcommand({
      name: "schema",
      summary: "the stable node/edge/page/operation shapes",
      positionals: [GRAPH_DIR],
      options: {},
      examples: [{ command: "tsift graph-db schema --json", description: "the shapes as JSON" }],
      async run() {
        return { data: { schema: (await import("../graph-db/graph-db-schema")).graphDbSchema() } };
      },
      output: async () => (await outputs()).graphDbSchemaOutput,
    }),
    subcommand({
      name: "node",
      readOnly: true,
      summary: "one node by id",
      positionals: [ID, GRAPH_DIR],
      options: {},
      examples: [{ command: "tsift graph-db node gsym-1a2b", description: "one node with its properties" }],
      async run(options, io) {
        return (await queries()).graphDbNode(await target(options, io), options.id);
      },
      output: async (_result, { id }) => (await outputs()).graphDbNodeOutput(id),
    }),
    subcommand({
      name: "edge",
      summary: "one edge by its stable key",
      positionals: [{ name: "id", required: true, description: "edge key" }, GRAPH_DIR],
      options: {},
      examples: [{ command: "tsift graph-db edge <key>", description: "one edge with its properties" }],
      async run(options, io) {
        return (await queries()).graphDbEdge(await target(options, io), options.id);
      },
      output: async (_result, { id }) => (await outputs()).graphDbEdgeOutput(id),
    }),
    subcommand({
      name: "edges",
      summary: "scan edges by kind and property",
      positionals: [GRAPH_DIR],
      options: { ...PAGE, edgeKinds: EDGE_KIND },
      examples: [{ command: "tsift graph-db edges --edge-kind calls --limit 20", description: "the first 20 call edges" }],
      async run(options, io) {
        const { pageFlags } = await import("../graph-db/graph-db-args");
        return (await queries()).graphDbEdges(await target(options, io), pageFlags(options));
      },
      output: async () => (await outputs()).graphDbEdgesOutput,
    }),
    subcommand({
      name: "incident",
      summary: "edges into and out of a node",
      positionals: [ID, GRAPH_DIR],
      options: { ...PAGE, edgeKinds: EDGE_KIND },
      examples: [{ command: "tsift graph-db incident gsym-1a2b --edge-kind calls", description: "calls into and out of one symbol" }],
      async run(options, io) {
        const { pageFlags } = await import("../graph-db/graph-db-args");
        return (await queries()).graphDbIncident(await target(options, io), options.id, pageFlags(options));
      },
      output: async () => (await outputs()).graphDbEdgesOutput,
    }),
    subcommand({
      name: "kind",
      readOnly: true,
      summary: "nodes of one kind, paged by id",
      positionals: [{ name: "kind", required: true, description: "node kind (symbol, file, route, …)" }, GRAPH_DIR],
      options: PAGE,
      examples: [{ command: "tsift graph-db kind file --limit 10", description: "the first ten file nodes" }],
      async run(options, io) {
        const { pageFlags } = await import("../graph-db/graph-db-args");
        return (await queries()).graphDbKind(await target(options, io), options.kind, pageFlags(options));
      },
      output: async () => (await outputs()).graphDbSubgraphOutput,
    }),
    subcommand({
      name: "neighborhood",
      readOnly: true,
      summary: "nodes within --depth hops, paged by id, with the edges among them",
      positionals: [ID, GRAPH_DIR],
      options: {
        ...PAGE,
        depth: { type: "number", default: 1, min: 0, description: "hops from the node (at most 1000)" },
        direction: { type: "string", choices: ["out", "in", "both"], default: "out", description: "which edges to follow" },
        edgeKinds: { ...EDGE_KIND, description: "edge kinds to follow (repeatable; at most 100)" },
      },
      examples: [{ command: "tsift graph-db neighborhood gsym-1a2b --depth 2 --direction both", description: "everything within two hops" }],
      async run(options, io) {
        const { pageFlags, wholeNumber } = await import("../graph-db/graph-db-args");
        return (await queries()).graphDbNeighborhood(await target(options, io), options.id, {
          ...pageFlags(options),
          depth: wholeNumber("--depth", options.depth),
          direction: options.direction,
        });
      },
      output: async () => (await outputs()).graphDbSubgraphOutput,
    }),
    subcommand<GraphDbPathOptions & { from: string; to: string }>()({
      name: "path",
      readOnly: true,
      summary: "shortest directed path between two nodes",
      positionals: [{ name: "from", required: true, description: "start node id" }, { name: "to", required: true, description: "end node id" }, GRAPH_DIR],
      options: {
        edgeKinds: { ...EDGE_KIND, description: "edge kinds to follow (repeatable; at most 100)" },
        maxHops: { type: "number", default: 64, min: 0, description: "hop cap for the search (at most 1000)" },
      },
      examples: [{ command: "tsift graph-db path gsym-1a2b gsym-3c4d", description: "the shortest directed path" }],
      async run(options, io) {
        const { stringList, wholeNumber } = await import("../graph-db/graph-db-args");
        return (await queries()).graphDbShortestPath(await target(options, io), options.from, options.to, {
          edgeKinds: stringList(options.edgeKinds),
          maxHops: wholeNumber("--max-hops", options.maxHops),
        });
      },
      output: async () => (await outputs()).graphDbPathOutput,
    }),
    subcommand({
      name: "import",
      summary: "replace the graph with the rows of a rows JSON file (tsift-graph-rows/v1 or a Convex snapshot)",
      positionals: [{ name: "file", required: true, description: "rows JSON file" }, GRAPH_DIR],
      options: {},
      examples: [{ command: "tsift graph-db import rows.json", description: "load rows exported elsewhere" }],
      async run(args, io) {
        return (await import("../graph-db/graph-db-queries")).graphDbImport(await target(args, io), args.file);
      },
    }),
    subcommand({
      name: "export",
      summary: "write every row as tsift-graph-rows/v1 JSON",
      positionals: [GRAPH_DIR],
      options: { out: { type: "string", description: "file to write (default: stdout)" } },
      examples: [{ command: "tsift graph-db export --out rows.json", description: "every row to a file" }],
      async run(args, io) {
        return (await import("../graph-db/graph-db-queries")).graphDbExport(await target(args, io), args.out);
      },
    }),
  ],
});
