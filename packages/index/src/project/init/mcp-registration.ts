import { TsiftError } from "@tsift/core/light";
import { parseJsonObject } from "./claude-settings";
import { isTsiftLauncher, type TsiftLauncher } from "./tsift-launcher";

/** The server every client starts: `<launcher> mcp` on stdio, from the project directory. */
export const MCP_ARGS = ["mcp"] as const;
const SERVER_NAME = "tsift";

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === "object" && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === "string");

/** A command line tsift wrote for its server: a tsift launcher, then `mcp`. */
function isTsiftServer(words: readonly string[]): boolean {
  return words.length >= 2 && words.at(-1) === MCP_ARGS[0] && isTsiftLauncher(words.slice(0, -1));
}

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

const claudeOurs = (value: JsonObject) =>
  typeof value.command === "string" &&
  (value.args === undefined || isStrings(value.args)) &&
  isTsiftServer([value.command, ...((value.args as string[] | undefined) ?? [])]);
const opencodeOurs = (value: JsonObject) => isStrings(value.command) && isTsiftServer(value.command);

/** `.mcp.json`, which Claude Code reads for project-scoped servers. An earlier tsift entry (another launcher) is replaced. */
export function mergeClaudeMcp(text: string | null, file: string, launcher: TsiftLauncher): string | null {
  const entry = { command: launcher.command, args: [...launcher.args, ...MCP_ARGS] };
  return mergeJsonServer(text, file, "mcpServers", entry, claudeOurs, "tsift init --claude");
}

/** `opencode.json`'s `mcp` map: a local server started with a command list. */
export function mergeOpencodeMcp(text: string | null, file: string, launcher: TsiftLauncher): string | null {
  const entry = { type: "local", command: [launcher.command, ...launcher.args, ...MCP_ARGS], enabled: true };
  return mergeJsonServer(text, file, "mcp", entry, opencodeOurs, "tsift init --opencode");
}

const CODEX_TABLE = `[mcp_servers.${SERVER_NAME}]`;
const codexBlock = (launcher: TsiftLauncher) =>
  `${CODEX_TABLE}\ncommand = ${JSON.stringify(launcher.command)}\nargs = [${[...launcher.args, ...MCP_ARGS].map((arg) => JSON.stringify(arg)).join(", ")}]\n`;

/** The `[mcp_servers.tsift]` table's text in `text` (up to the next table), or null. */
function codexTable(text: string): { at: number; end: number; table: string } | null {
  const at = text.indexOf(CODEX_TABLE);
  if (at === -1) return null;
  const next = text.indexOf("\n[", at + CODEX_TABLE.length);
  const end = next === -1 ? text.length : next + 1;
  return { at, end, table: text.slice(at, end) };
}

/** Whether a `[mcp_servers.tsift]` table is one tsift wrote: exactly a `command` and `args` that launch tsift's server. */
function codexOurs(table: string): boolean {
  const match = /^\[mcp_servers\.tsift\]\ncommand = ("(?:[^"\\]|\\.)*")\nargs = (\[[^\n]*\])\s*$/.exec(table);
  if (!match) return false;
  try {
    const command: unknown = JSON.parse(match[1]!);
    const args: unknown = JSON.parse(match[2]!);
    return typeof command === "string" && isStrings(args) && isTsiftServer([command, ...args]);
  } catch {
    return false;
  }
}

/**
 * `.codex/config.toml`'s `[mcp_servers.tsift]` table. Written as text rather than
 * re-serialised, so the user's comments and layout survive; an earlier tsift table (another
 * launcher) is replaced in place, and a table of that name that tsift did not write is refused.
 */
export function mergeCodexMcp(text: string | null, file: string, launcher: TsiftLauncher): string | null {
  const block = codexBlock(launcher);
  if (text === null) return block;
  const found = codexTable(text);
  if (found === null) return `${text}${text.endsWith("\n") || text === "" ? "" : "\n"}${text === "" ? "" : "\n"}${block}`;
  if (!codexOurs(found.table)) refuse(file, "tsift init --codex");
  if (found.table.trimEnd() === block.trimEnd()) return null;
  const rest = text.slice(found.end);
  return `${text.slice(0, found.at)}${block}${rest === "" ? "" : `\n${rest.replace(/^\n+/, "")}`}`;
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

/** Whether any client's registration file already names a tsift server as tsift writes it (under any launcher). */
export function mcpRegistered(read: (file: string) => string | null): boolean {
  const json = (file: string, key: string, ours: (value: JsonObject) => boolean) => {
    const text = read(file);
    if (text === null) return false;
    try {
      const document: unknown = JSON.parse(text);
      const server = isObject(document) && isObject(document[key]) ? (document[key] as JsonObject)[SERVER_NAME] : undefined;
      return isObject(server) && ours(server);
    } catch {
      return false;
    }
  };
  const codex = read(".codex/config.toml");
  const table = codex === null ? null : codexTable(codex);
  return json(".mcp.json", "mcpServers", claudeOurs) || json("opencode.json", "mcp", opencodeOurs) || (table !== null && codexOurs(table.table));
}
