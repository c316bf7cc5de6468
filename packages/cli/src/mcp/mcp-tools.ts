/**
 * The tools `tsift mcp` serves: each is one read-only command (or subcommand) of the CLI
 * (its definition says `readOnly`; options that `write` are never offered),
 * its input schema made from that command's option table, so the MCP surface cannot drift
 * from the command line. A call's arguments go to the definition as its parsed arguments,
 * never through a command line. `fixed` switches are set on every call (`callers` is `graph
 * --callers`); `omit` drops options that make no sense over MCP or could reach outside
 * the project (output files, local model directories, other backends).
 */
export interface McpToolSpec {
  name: string;
  /** The command words: `["graph"]`, `["graph-db", "node"]`. */
  command: readonly string[];
  /** Words every call adds. */
  fixed?: readonly string[];
  /** A summary to use instead of the command's. */
  description?: string;
  /** Options (and positionals) not offered. */
  omit?: readonly string[];
  /** The command reads piped input: the tool takes it as a `text` argument instead of a file. */
  stdinText?: string;
}

/** Never offered on any tool: the project is the server's root, output is always JSON. */
export const ALWAYS_OMITTED = new Set(["dir", "path", "input", "out", "format", "model", "backend", "url", "auth-token-env", "convex-snapshot", "absolute"]);

export const MCP_TOOLS: readonly McpToolSpec[] = [
  { name: "status", command: ["status"] },
  { name: "symbols", command: ["symbols"] },
  { name: "search", command: ["search"], omit: ["federated", "timeout"] },
  { name: "related", command: ["related"] },
  { name: "explain", command: ["explain"] },
  {
    name: "callers",
    command: ["graph"],
    fixed: ["--callers"],
    description: "the call sites that really call a symbol (resolved call targets)",
    omit: ["callers", "callees"],
  },
  {
    name: "callees",
    command: ["graph"],
    fixed: ["--callees"],
    description: "what a symbol really calls (resolved call targets)",
    omit: ["callers", "callees"],
  },
  { name: "path", command: ["path"] },
  { name: "communities", command: ["communities"] },
  { name: "analyze", command: ["analyze"] },
  { name: "source_read", command: ["source-read"] },
  { name: "diff_digest", command: ["diff-digest"] },
  { name: "impact", command: ["impact"] },
  { name: "test_digest", command: ["test-digest"], stdinText: "the test runner's output (stdout and stderr as captured)" },
  { name: "log_digest", command: ["log-digest"], stdinText: "the log or build output to digest" },
  { name: "graph_db_node", command: ["graph-db", "node"] },
  { name: "graph_db_kind", command: ["graph-db", "kind"] },
  { name: "graph_db_neighborhood", command: ["graph-db", "neighborhood"] },
  { name: "graph_db_path", command: ["graph-db", "path"] },
];

/** `--profile slim`: the few tools that answer most questions, for small context windows. */
export const SLIM_TOOLS = ["search", "symbols", "explain", "callers", "source_read", "expand"] as const;
