import { parse } from "shell-quote";
import { TsiftError } from "@tsift/core/light";
import { GLOBAL_OPTIONS } from "../definition/global-options";
import { parseArgv } from "../definition/parse-argv";
import { confined } from "./confine";
import type { McpToolSpec } from "./mcp-tools";

/**
 * The output switches an `expand` command may carry, dropped: the server answers in JSON
 * whatever they say. `--absolute` stays: it changes the paths, not the format.
 */
const OUTPUT_SWITCHES = new Set(GLOBAL_OPTIONS.filter((option) => option.key !== "absolute").map((option) => `--${option.name}`));

/**
 * The command line of an `expand` or `follow_up` command a previous answer printed
 * (`tsift source-read src/a.ts --start 81 --end 160`), checked before it runs: it must be
 * one of the served tools' commands, a command whose definition is `readOnly`, with no
 * option that `writes` (`status --fix`), and every directory or file it names must lie
 * inside the project.
 */
export function expandArgv(command: string, tools: readonly McpToolSpec[], root: string): string[] {
  const refuse = (why: string): never => {
    throw new TsiftError("invalid_input", `cannot expand ${JSON.stringify(command.slice(0, 120))}: ${why}`);
  };
  const tokens = parse(command);
  if (!tokens.every((token): token is string => typeof token === "string")) refuse("it is not a plain tsift command line");
  const words = tokens as string[];
  if (words[0] !== "tsift") refuse("only tsift commands printed by tsift can be expanded");
  const argv = words.slice(1).filter((word) => !OUTPUT_SWITCHES.has(word));
  const parsed = parseArgv(argv);
  if (!parsed) refuse("it is not a command line this tsift reads");
  const { resolved, args } = parsed!;
  const named = `tsift ${resolved.words.join(" ")}`;
  // Read-only by the command's own definition: a command that writes is never run, whatever the served list says.
  if (resolved.command.readOnly !== true) refuse(`${named} writes to the project, and tsift mcp runs only read commands`);
  const served = tools.some((tool) => tool.command.join(" ") === resolved.words.join(" "));
  if (!served) refuse(`${named} is not served over MCP`);
  for (const option of resolved.options) {
    const value = args[option.name];
    if (option.writes && value !== undefined && value !== option.default) refuse(`${named} --${option.name} writes to the project, and tsift mcp only reads`);
  }
  for (const name of ["dir", "path", "file", "input", "out", "model", "convex-snapshot"]) {
    const value = args[name];
    if (value === undefined) continue;
    if (name !== "dir" && name !== "path" && name !== "file") refuse(`--${name} is not accepted over MCP`);
    if (typeof value !== "string" || !confined(root, value)) refuse(`${name} ${JSON.stringify(value)} is outside the project root`);
  }
  return [...argv, "--json"];
}
