import { TsiftError } from "@tsift/core/light";
import { parseJsonObject } from "./claude-settings";

/** The server every client starts: `tsift mcp` on stdio, from the project directory. */
export const MCP_COMMAND = "tsift";
export const MCP_ARGS = ["mcp"] as const;
const SERVER_NAME = "tsift";

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === "object" && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function refuse(file: string, rerun: string): never {
  throw new TsiftError("invalid_input", `${file} already registers an MCP server named "${SERVER_NAME}" that tsift did not write; refusing to overwrite it`, {
    details: { file },
    hint: `rename or remove that entry in ${file}, then rerun ${rerun}`,
  });
}

/** One named server in a JSON map (`mcpServers` for Claude Code, `mcp` for OpenCode); null when already there. */
function mergeJsonServer(
  text: string | null,
  file: string,
  key: string,
  entry: JsonObject,
  ours: (value: JsonObject) => boolean,
  rerun: string,
): string | null {
  const document = parseJsonObject(text, file, rerun);
  const servers = document[key] === undefined ? {} : document[key];
  if (!isObject(servers))
    throw new TsiftError("invalid_input", `${file}: "${key}" is not an object; refusing to overwrite it`, { hint: `fix ${file}, then rerun ${rerun}` });
  const existing = servers[SERVER_NAME];
  if (existing !== undefined) {
    if (!isObject(existing) || !ours(existing)) refuse(file, rerun);
    if (same(existing, entry)) return null;
  }
  return `${JSON.stringify({ ...document, [key]: { ...servers, [SERVER_NAME]: entry } }, null, 2)}\n`;
}

/** `.mcp.json`, which Claude Code reads for project-scoped servers. */
export function mergeClaudeMcp(text: string | null, file: string): string | null {
  const entry = { command: MCP_COMMAND, args: [...MCP_ARGS] };
  return mergeJsonServer(text, file, "mcpServers", entry, (value) => value.command === MCP_COMMAND && same(value.args, entry.args), "tsift init --claude");
}

/** `opencode.json`'s `mcp` map: a local server started with a command list. */
export function mergeOpencodeMcp(text: string | null, file: string): string | null {
  const entry = { type: "local", command: [MCP_COMMAND, ...MCP_ARGS], enabled: true };
  return mergeJsonServer(text, file, "mcp", entry, (value) => same(value.command, entry.command), "tsift init --opencode");
}

const CODEX_TABLE = `[mcp_servers.${SERVER_NAME}]`;
const CODEX_BLOCK = `${CODEX_TABLE}\ncommand = "${MCP_COMMAND}"\nargs = [${MCP_ARGS.map((arg) => `"${arg}"`).join(", ")}]\n`;

/**
 * `.codex/config.toml`'s `[mcp_servers.tsift]` table. Appended as text rather than
 * re-serialised, so the user's comments and layout survive; a table of that name that is
 * not exactly tsift's is refused.
 */
export function mergeCodexMcp(text: string | null, file: string): string | null {
  if (text === null) return CODEX_BLOCK;
  const at = text.indexOf(CODEX_TABLE);
  if (at === -1) return `${text}${text.endsWith("\n") || text === "" ? "" : "\n"}${text === "" ? "" : "\n"}${CODEX_BLOCK}`;
  const next = text.indexOf("\n[", at + CODEX_TABLE.length);
  const table = text.slice(at, next === -1 ? undefined : next + 1).trimEnd();
  if (table !== CODEX_BLOCK.trimEnd()) refuse(file, "tsift init --codex");
  return null;
}

/** The tools `tsift mcp` serves, named in the agent instructions once a client registers it. */
export const MCP_TOOL_NAMES = [
  "status",
  "symbols",
  "search",
  "related",
  "explain",
  "callers",
  "callees",
  "path",
  "communities",
  "analyze",
  "source_read",
  "diff_digest",
  "impact",
  "test_digest",
  "log_digest",
  "graph_db_node",
  "graph_db_kind",
  "graph_db_neighborhood",
  "graph_db_path",
  "expand",
] as const;

/** Whether any client's registration file already names tsift's server exactly as tsift writes it. */
export function mcpRegistered(read: (file: string) => string | null): boolean {
  const checks: [string, (text: string | null, file: string) => string | null][] = [
    [".mcp.json", mergeClaudeMcp],
    ["opencode.json", mergeOpencodeMcp],
    [".codex/config.toml", mergeCodexMcp],
  ];
  return checks.some(([file, merge]) => {
    const text = read(file);
    if (text === null) return false;
    try {
      return merge(text, file) === null;
    } catch {
      return false;
    }
  });
}
