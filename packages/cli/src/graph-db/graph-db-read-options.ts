/**
 * The `graph-db` options and fast-path subcommands as plain data, for the fast path that
 * answers reads without yargs (graph-db-fast-path.ts). They mirror the yargs builders in
 * graph-db.command.ts; `graph-db-fast-path.test.ts` runs every read both ways and
 * requires identical output. Import-free apart from the plain parser.
 */
import { parsePlainArgv, type PlainArgs, type PlainOption } from "../plain-argv";

export const GRAPH_DB_PARENT_OPTIONS: readonly PlainOption[] = [
  { name: "path", type: "string", default: "." },
  { name: "scope", type: "string" },
  { name: "backend", type: "string", choices: ["sqlite", "libsql", "convex-snapshot"], default: "sqlite" },
  { name: "url", type: "string" },
  { name: "auth-token-env", type: "string", default: "TSIFT_LIBSQL_AUTH_TOKEN" },
  { name: "convex-snapshot", type: "string" },
];

const PAGE: readonly PlainOption[] = [
  { name: "property", type: "array" },
  { name: "cursor", type: "string" },
  { name: "limit", type: "number", default: 100 },
];
const EDGE_KIND: PlainOption = { name: "edge-kind", type: "array" };

/**
 * Subcommands the fast path answers: every read, plus `refresh` and `doctor`, whose
 * common case (a watermark reuse, a check of a current graph.db) is a few milliseconds
 * of SQLite that the yargs import would more than double. Positionals, then options.
 * The other writes and checks (import, export, compact, drift, backend-eval) go
 * through yargs.
 */
export const GRAPH_DB_READS = {
  refresh: {
    positionals: [],
    options: [
      { name: "force", type: "boolean", default: false },
      { name: "update-index", type: "boolean", default: false },
    ],
  },
  doctor: { positionals: [], options: [] },
  status: { positionals: [], options: [] },
  schema: { positionals: [], options: [] },
  node: { positionals: ["id"], options: [] },
  edge: { positionals: ["id"], options: [] },
  edges: { positionals: [], options: [...PAGE, EDGE_KIND] },
  incident: { positionals: ["id"], options: [...PAGE, EDGE_KIND] },
  kind: { positionals: ["kind"], options: PAGE },
  neighborhood: {
    positionals: ["id"],
    options: [...PAGE, { name: "depth", type: "number", default: 1 }, { name: "direction", type: "string", choices: ["out", "in", "both"], default: "out" }, EDGE_KIND],
  },
  path: { positionals: ["from", "to"], options: [EDGE_KIND, { name: "max-hops", type: "number", default: 64 }] },
} as const satisfies Record<string, { positionals: readonly string[]; options: readonly PlainOption[] }>;

export type GraphDbReadName = keyof typeof GRAPH_DB_READS;

export function isGraphDbRead(name: string | undefined): name is GraphDbReadName {
  return name !== undefined && Object.hasOwn(GRAPH_DB_READS, name);
}

/**
 * Reads `graph-db …` arguments (after `graph-db`) when they are a plain read: the
 * subcommand is the first positional, found by skipping option values the way the full
 * parse will read them. Undefined for anything else (yargs then takes the command line).
 */
export function parseGraphDbReadArgv(argv: readonly string[]): { sub: GraphDbReadName; args: PlainArgs } | undefined {
  const valueTaking = new Set<string>();
  for (const spec of [GRAPH_DB_PARENT_OPTIONS, ...Object.values(GRAPH_DB_READS).map((read) => read.options)]) {
    for (const option of spec) if (option.type !== "boolean") valueTaking.add(`--${option.name}`);
  }
  let at = -1;
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (!token.startsWith("-")) {
      at = i;
      break;
    }
    if (valueTaking.has(token)) i++;
  }
  const sub = argv[at];
  if (!isGraphDbRead(sub)) return undefined;
  const spec = GRAPH_DB_READS[sub];
  const rest = [...argv.slice(0, at), ...argv.slice(at + 1)];
  const args = parsePlainArgv([...GRAPH_DB_PARENT_OPTIONS, ...spec.options], spec.positionals, rest);
  return args ? { sub, args } : undefined;
}
