import { TsiftError } from "@tsift/core/light";
import { bufferedIo } from "../io";
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

const optionName = (property: string) => property.replaceAll("_", "-");

/** One command line of the CLI, run in this process exactly as the `tsift` binary runs it, with `--json`. */
export async function runCommandLine(argv: readonly string[], root: string, stdin?: string): Promise<ToolCallResult> {
  const io = bufferedIo({ cwd: root, env: process.env, serving: true, ...(stdin === undefined ? {} : { stdin }) });
  const { runFastPath } = await import("../fast-run");
  let code = await runFastPath(argv, io);
  if (code === undefined) code = await (await import("../cli")).main(argv, io);
  // Exit 1 is an answer ("a check found something"), not a failure.
  const isError = code >= 2;
  // An error with output (an ambiguous or unknown symbol's candidates, their handles) keeps it after the error line.
  const text = isError ? [io.err.trim(), io.out.trim()].filter(Boolean).join("\n") : io.out;
  return { text, isError, exitCode: code };
}

function refuse(message: string): never {
  throw new TsiftError("invalid_input", message);
}

/**
 * Turns a tool call's arguments into the command line of its command — options first,
 * then `--json`, then `--` and the positionals, so a value that starts with a dash is
 * never read as an option — after checking every argument against the schema and every
 * path against the project root.
 */
export function toolArgv(tool: ResolvedTool, args: Readonly<Record<string, unknown>>, root: string): { argv: string[]; stdin?: string } {
  const known = new Set(Object.keys(tool.inputSchema.properties));
  for (const key of Object.keys(args)) if (!known.has(key)) refuse(`${tool.spec.name} has no argument ${JSON.stringify(key)}`);
  for (const key of tool.inputSchema.required) if (args[key] === undefined) refuse(`${tool.spec.name} needs the argument ${key}`);
  const checkPath = (name: string, value: string) => {
    if (PATH_ARGUMENTS.has(name) && !confined(root, value))
      refuse(`${name} ${JSON.stringify(value)} is outside the project root; tsift mcp reads only inside ${root}`);
  };
  const words: string[] = [...tool.spec.command, ...(tool.spec.fixed ?? [])];
  if (args.path !== undefined) {
    if (typeof args.path !== "string") refuse("path must be a string");
    checkPath("path", args.path);
    words.push("--path", args.path);
  }
  for (const option of tool.options) {
    const value = args[option.name.replaceAll("-", "_")];
    if (value === undefined) continue;
    const flag = `--${optionName(option.name)}`;
    if (option.type === "boolean") {
      if (typeof value !== "boolean") refuse(`${option.name} must be true or false`);
      if (value) words.push(flag);
      else if (option.default === true) words.push(`--no-${option.name}`);
      continue;
    }
    const values = option.type === "array" ? value : [value];
    if (!Array.isArray(values)) refuse(`${option.name} must be a list`);
    for (const item of values) {
      if (option.type === "number" ? typeof item !== "number" || !Number.isFinite(item) : typeof item !== "string") {
        refuse(`${option.name} must be ${option.type === "number" ? "a number" : "a string"}`);
      }
      checkPath(option.name, String(item));
      words.push(flag, String(item));
    }
  }
  words.push("--json", "--");
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
      words.push(item);
    }
  }
  const text = args.text;
  if (tool.spec.stdinText && typeof text !== "string") refuse("text must be a string");
  return { argv: words, ...(tool.spec.stdinText ? { stdin: text as string } : {}) };
}
