/**
 * A command's arguments as a Markdown table, for the README: the README holds one
 * generated block per command (between `<!-- tsift-options:NAME -->` markers), and
 * `test/readme-options.test.ts` requires each block to equal this rendering.
 */
import { positionalWord, type AnyDefinition, type OptionDefinition, type PositionalDefinition } from "./define-command";

const cell = (text: string) => text.replaceAll("|", "\\|");

function optionSpelling(option: OptionDefinition): string {
  const alias = option.alias === undefined ? "" : option.alias.length === 1 ? `\`-${option.alias}\`, ` : `\`--${option.alias}\`, `;
  const value = option.type === "boolean" ? "" : option.choices ? ` ${option.choices.join("|")}` : option.type === "number" ? " N" : " VALUE";
  return `${alias}\`--${option.name}${value}\`${option.type === "array" ? " (repeatable)" : ""}`;
}

function optionDefault(option: OptionDefinition): string {
  if (option.default === undefined) return option.type === "boolean" ? "off" : "–";
  if (option.type === "boolean") return option.default ? "on" : "off";
  return `\`${Array.isArray(option.default) ? option.default.join(",") : String(option.default)}\``;
}

function positionalRow(positional: PositionalDefinition): string {
  return `| \`${positionalWord(positional)}\` | ${positional.required ? "required" : "–"} | ${cell(positional.description)} |`;
}

function table(positionals: readonly PositionalDefinition[], options: readonly OptionDefinition[]): string[] {
  return [
    "| argument | default | meaning |",
    "|---|---|---|",
    ...positionals.map(positionalRow),
    ...options.map((option) => `| ${cell(optionSpelling(option))} | ${cell(optionDefault(option))} | ${cell(option.description)} |`),
  ];
}

/** The block for one command; a group lists its own options, then each subcommand's arguments. */
export function optionTable(definition: AnyDefinition): string {
  if (definition.kind === "command") return table(definition.positionals, definition.options).join("\n");
  const lines = table([], definition.options);
  for (const sub of definition.subcommands) {
    lines.push("", `\`tsift ${definition.name} ${sub.name}\` — ${sub.summary}`);
    if (sub.positionals.length + sub.options.length > 0) lines.push("", ...table(sub.positionals, sub.options));
  }
  return lines.join("\n");
}

export const blockStart = (name: string) => `<!-- tsift-options:${name} -->`;
export const blockEnd = (name: string) => `<!-- /tsift-options:${name} -->`;

/** `readme` with every command's block replaced by its current rendering (blocks must exist). */
export function updateOptionBlocks(readme: string, definitions: readonly AnyDefinition[]): string {
  let text = readme;
  for (const definition of definitions) {
    const start = text.indexOf(blockStart(definition.name));
    const end = text.indexOf(blockEnd(definition.name));
    if (start < 0 || end < start) continue;
    text = `${text.slice(0, start)}${blockStart(definition.name)}\n${optionTable(definition)}\n${text.slice(end)}`;
  }
  return text;
}
