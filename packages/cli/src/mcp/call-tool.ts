import { TsiftError } from "@tsift/core/light";
import type { ParsedArgs } from "../definition/define-command";
import { bufferedIo, type CliIo } from "../io";
import { confined } from "./confine";
import type { ResolvedTool } from "./tool-schema";

export interface ToolCallResult {
  /** The command's JSON output, or its one-line error. */
  text: string;
  isError: boolean;
  exitCode: number;
}

/** Arguments that name files or directories: every value must stay inside the project. */
const PATH_ARGUMENTS = new Set(["path", "file", "only", "paths"]);

const serverIo = (root: string, stdin: string | undefined) =>
  bufferedIo({ cwd: root, env: process.env, serving: true, ...(stdin === undefined ? {} : { stdin }) });

function callResult(io: CliIo & { out: string; err: string }, code: number): ToolCallResult {
  // Exit 1 is an answer ("a check found something"), not a failure.
  const isError = code >= 2;
  // An error with output (an ambiguous or unknown symbol's candidates, their handles) keeps it after the error line.
  const text = isError ? [io.err.trim(), io.out.trim()].filter(Boolean).join("\n") : io.out;
  return { text, isError, exitCode: code };
}

/** One command line of the CLI (what `expand` is given), run in this process exactly as the `tsift` binary runs it, with `--json`. */
export async function runCommandLine(argv: readonly string[], root: string, stdin?: string): Promise<ToolCallResult> {
  const io = serverIo(root, stdin);
  const { runFastPath } = await import("../fast-run");
  let code = await runFastPath(argv, io);
  if (code === undefined) code = await (await import("../cli")).main(argv, io);
  return callResult(io, code);
}

/**
 * A tool call: its typed arguments become the command's parsed arguments directly (no
 * command line is written or parsed), and the command's definition runs them through the
 * same `runDefinition` and output pipeline as the CLI, with `--json`.
 */
export async function runTool(tool: ResolvedTool, args: Readonly<Record<string, unknown>>, root: string): Promise<ToolCallResult> {
  const { args: parsed, stdin } = toolArgs(tool, args, root);
  const io = serverIo(root, stdin);
  const [{ resolveCommand }, { runDefinition }, { runAndEmit }, { outputOptions }] = await Promise.all([
    import("../definition/resolve-command"),
    import("../definition/run-definition"),
    import("../emit-result"),
    import("../output/output-options"),
  ]);
  const resolution = resolveCommand(tool.spec.command);
  if (resolution.kind !== "command") throw new TsiftError("internal", `MCP tool ${tool.spec.name} names no command`);
  const code = await runAndEmit(
    io,
    () => outputOptions(parsed),
    () => runDefinition(resolution.resolved, parsed, io),
  );
  return callResult(io, code);
}

function refuse(message: string): never {
  throw new TsiftError("invalid_input", message);
}

/**
 * A tool call's arguments as the command's parsed arguments, keyed by flag as both parsers
 * produce them: every value checked against the schema (type, choices) and every path
 * against the project root, the table's defaults filled in, the spec's `fixed` switches
 * set, and `json` on.
 */
export function toolArgs(tool: ResolvedTool, args: Readonly<Record<string, unknown>>, root: string): { args: ParsedArgs; stdin?: string } {
  const known = new Set(Object.keys(tool.inputSchema.properties));
  for (const key of Object.keys(args)) if (!known.has(key)) refuse(`${tool.spec.name} has no argument ${JSON.stringify(key)}`);
  for (const key of tool.inputSchema.required) if (args[key] === undefined) refuse(`${tool.spec.name} needs the argument ${key}`);
  const checkPath = (name: string, value: string) => {
    if (PATH_ARGUMENTS.has(name) && !confined(root, value))
      refuse(`${name} ${JSON.stringify(value)} is outside the project root; tsift mcp reads only inside ${root}`);
  };
  const parsed: ParsedArgs = { json: true };
  for (const option of tool.allOptions) {
    if (option.default !== undefined)
      parsed[option.name] = Array.isArray(option.default) ? [...(option.default as readonly string[])] : (option.default as string | number | boolean);
  }
  for (const word of tool.spec.fixed ?? []) parsed[word.replace(/^--/, "")] = true;
  if (args.path !== undefined) {
    if (typeof args.path !== "string") refuse("path must be a string");
    checkPath("path", args.path);
    parsed.path = args.path;
  }
  for (const option of tool.options) {
    const value = args[option.name.replaceAll("-", "_")];
    if (value === undefined) continue;
    if (option.type === "boolean") {
      if (typeof value !== "boolean") refuse(`${option.name} must be true or false`);
      parsed[option.name] = value;
      continue;
    }
    const values = option.type === "array" ? value : [value];
    if (!Array.isArray(values)) refuse(`${option.name} must be a list`);
    for (const item of values) {
      if (option.type === "number" ? typeof item !== "number" || !Number.isFinite(item) : typeof item !== "string") {
        refuse(`${option.name} must be ${option.type === "number" ? "a number" : "a string"}`);
      }
      if (option.choices && !option.choices.includes(item as string)) refuse(`${option.name} must be one of ${option.choices.join(", ")}`);
      checkPath(option.name, String(item));
    }
    parsed[option.name] = option.type === "array" ? [...(values as string[])] : (value as string | number);
  }
  let missing = false;
  for (const positional of tool.positionals) {
    const value = args[positional.name.replaceAll("-", "_")];
    if (value === undefined) {
      missing = true;
      continue;
    }
    if (missing) refuse(`${positional.name} needs the arguments before it`);
    const values = positional.variadic && Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (typeof item !== "string") refuse(`${positional.name} must be a string`);
      checkPath(positional.name, item);
    }
    parsed[positional.name] = positional.variadic ? [...(values as string[])] : (value as string);
  }
  const text = args.text;
  if (tool.spec.stdinText && typeof text !== "string") refuse("text must be a string");
  return { args: parsed, ...(tool.spec.stdinText ? { stdin: text as string } : {}) };
}
