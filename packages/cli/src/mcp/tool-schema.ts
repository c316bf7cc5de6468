import { TsiftError } from "@tsift/core/light";
import { COMMAND_DEFINITIONS } from "../cli-catalog";
import type { AnyCommand, OptionDefinition, PositionalDefinition } from "../definition/define-command";
import { ALWAYS_OMITTED, type McpToolSpec } from "./mcp-tools";

export interface JsonSchema {
  [key: string]: unknown;
  type: "object";
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  additionalProperties: false;
}

export interface ResolvedTool {
  spec: McpToolSpec;
  command: AnyCommand;
  positionals: readonly PositionalDefinition[];
  /** The options the tool offers. */
  options: readonly OptionDefinition[];
  /** Every option of the command (its group's too), offered or not: their defaults apply to every call. */
  allOptions: readonly OptionDefinition[];
  description: string;
  inputSchema: JsonSchema;
}

/** The command a spec names, or undefined when this build has no such command. */
export function findCommand(words: readonly string[]): { command: AnyCommand; groupOptions: readonly OptionDefinition[] } | undefined {
  const top = COMMAND_DEFINITIONS.find((definition) => definition.name === words[0]);
  if (!top) return undefined;
  if (top.kind === "command") return words.length === 1 ? { command: top, groupOptions: [] } : undefined;
  const sub = top.subcommands.find((command) => command.name === words[1]);
  return sub ? { command: sub, groupOptions: top.options } : undefined;
}

function optionSchema(option: OptionDefinition): Record<string, unknown> {
  const description = option.description;
  if (option.type === "array") return { type: "array", items: { type: "string" }, description };
  if (option.type === "boolean") return { type: "boolean", description, ...(option.default !== undefined ? { default: option.default } : {}) };
  if (option.type === "number") {
    return {
      type: option.min === undefined ? "number" : "integer",
      description,
      ...(option.min !== undefined ? { minimum: option.min } : {}),
      ...(option.default !== undefined ? { default: option.default } : {}),
    };
  }
  return {
    type: "string",
    description,
    ...(option.choices ? { enum: [...option.choices] } : {}),
    ...(option.default !== undefined ? { default: option.default } : {}),
  };
}

const propertyName = (name: string) => name.replaceAll("-", "_");

/**
 * A tool's schema from its command's table: positionals (required ones required), then
 * options with their types, choices, bounds and defaults; names use `_` for `-`. Options
 * the spec omits, that could point outside the project, or that write (`status --fix`)
 * are left out. Only a `readOnly` command can be a tool.
 */
export function resolveTool(spec: McpToolSpec): ResolvedTool | undefined {
  const found = findCommand(spec.command);
  if (!found) return undefined;
  if (found.command.readOnly !== true) {
    throw new TsiftError("internal", `MCP tool ${spec.name} would serve tsift ${spec.command.join(" ")}, which is not a read-only command`);
  }
  const omitted = new Set([...ALWAYS_OMITTED, ...(spec.omit ?? [])]);
  // `path` narrows search/diff-digest to a directory or file inside the project: offered, and confined.
  const narrows = found.command.positionals.some((positional) => positional.name === "dir" && /inside it to/.test(positional.description));
  const positionals = found.command.positionals.filter((positional) => !omitted.has(positional.name));
  const options = [...found.groupOptions, ...found.command.options].filter((option) => !omitted.has(option.name) && option.writes !== true);
  const properties: JsonSchema["properties"] = {};
  const required: string[] = [];
  for (const positional of positionals) {
    properties[propertyName(positional.name)] = positional.variadic
      ? { type: "array", items: { type: "string" }, description: positional.description }
      : { type: "string", description: positional.description };
    if (positional.required) required.push(propertyName(positional.name));
  }
  if (narrows) properties.path = { type: "string", description: "only this directory or file inside the project (relative to its root)" };
  for (const option of options) properties[propertyName(option.name)] = optionSchema(option);
  if (spec.stdinText) {
    properties.text = { type: "string", description: spec.stdinText };
    required.push("text");
  }
  return {
    spec,
    command: found.command,
    positionals,
    options,
    allOptions: [...found.groupOptions, ...found.command.options],
    description: spec.description ?? found.command.summary,
    inputSchema: { type: "object", properties, required, additionalProperties: false },
  };
}
