import { describe, expect, it } from "vitest";
import { COMMAND_DEFINITIONS } from "../src/cli-catalog";
import { createCli } from "../src/cli";
import type { AnyCommand, OptionDefinition, ParsedArgs } from "../src/definition/define-command";
import { parseArgv } from "../src/definition/parse-argv";
import { usageError } from "../src/definition/usage-errors";
import { bufferedIo } from "../src/index";

/**
 * The fast parser and yargs read the same definitions; this walks every option of every
 * command (subcommands included) through both and requires the same arguments: long
 * flags, `--name=value`, aliases, defaults, repeated arrays, booleans and their `--no-`,
 * and `--`, after which every word is a positional.
 */
async function viaYargs(argv: readonly string[]): Promise<ParsedArgs | undefined> {
  let captured: ParsedArgs | undefined;
  // A fresh parser per line: one yargs instance parsing many lines keeps each command's
  // examples and usage, and slows down with every parse.
  const cli = createCli(bufferedIo(), async (_resolved, args) => {
    captured = args;
    return { data: null };
  });
  await cli.parse(argv);
  return captured;
}

interface Case {
  words: string[];
  command: AnyCommand;
  options: readonly OptionDefinition[];
}

const CASES: Case[] = COMMAND_DEFINITIONS.flatMap((definition) =>
  definition.kind === "command"
    ? [{ words: [definition.name], command: definition, options: definition.options }]
    : definition.subcommands.map((sub) => ({ words: [definition.name, sub.name], command: sub, options: [...definition.options, ...sub.options] })),
);

/** A value the option accepts that differs from its default. */
function sample(option: OptionDefinition): string {
  if (option.choices) return option.choices.find((choice) => choice !== option.default) ?? option.choices[0]!;
  if (option.type === "number") return String((option.min ?? 0) + 3);
  return `v-${option.name}`;
}

/** Command lines exercising one option every way it can be spelled. */
function spellings(option: OptionDefinition): string[][] {
  const value = sample(option);
  const short = option.alias === undefined ? undefined : option.alias.length === 1 ? `-${option.alias}` : `--${option.alias}`;
  if (option.type === "boolean") return [[`--${option.name}`], [`--no-${option.name}`], ...(short ? [[short]] : [])];
  const lines = [[`--${option.name}`, value], [`--${option.name}=${value}`], ...(short ? [[short, value]] : [])];
  if (option.type === "array") lines.push([`--${option.name}`, value, `--${option.name}`, `${value}-2`]);
  return lines;
}

describe("both parsers read every definition alike", () => {
  it.each(CASES.map((entry) => [entry.words.join(" "), entry] as const))("%s", async (_label, entry) => {
    const required = entry.command.positionals.filter((positional) => positional.required).map((positional) => `pos-${positional.name}`);
    const optional = entry.command.positionals.filter((positional) => !positional.required).map((positional) => `opt-${positional.name}`);
    const lines: string[][] = [
      [...entry.words, ...required],
      [...entry.words, ...required, ...optional],
      ["--json", ...entry.words, ...required, "--pretty"],
      ...entry.options.flatMap((option) => spellings(option).map((flags) => [...entry.words, ...required, ...flags])),
      // Flags before the positionals, except arrays: yargs would take the words after one as more elements.
      ...entry.options
        .filter((option) => option.type !== "array")
        .flatMap((option) => spellings(option).map((flags) => [...entry.words, ...flags, ...required, ...optional])),
    ];
    for (const argv of lines) {
      const fast = parseArgv(argv);
      expect(fast, `fast parser declined: ${argv.join(" ")}`).toBeDefined();
      expect(fast!.resolved.words).toEqual(entry.words);
      expect(fast!.args, argv.join(" ")).toEqual(await viaYargs(argv));
    }
  });

  it.each(CASES.map((entry) => [entry.words.join(" "), entry] as const))("%s: every word after -- is a positional", async (_label, entry) => {
    const { positionals } = entry.command;
    // Words only an argument can be once `--` has ended the options: flags, output switches, help.
    const operands = ["-foo", "--json", "--help", "-h", "--limit", "-"].slice(0, positionals.length);
    const variadic = positionals.at(-1)?.variadic === true;
    // A variadic last positional holds its word as a one-element list.
    const expected = Object.fromEntries(operands.map((word, at) => [positionals[at]!.name, variadic && at === positionals.length - 1 ? [word] : word]));
    const arrays = entry.options.filter((option) => option.type === "array");
    const lines: string[][] = [
      [...entry.words, "--", ...operands],
      ["--json", ...entry.words, "--", ...operands],
      // An array option stops taking words at `--`.
      ...arrays.map((option) => [...entry.words, `--${option.name}`, sample(option), "--", ...operands]),
      // Positionals on both sides of `--`, in order.
      ...(positionals.length > 1 ? [[...entry.words, "first", "--", ...operands.slice(1)]] : []),
    ];
    for (const argv of lines) {
      const fast = parseArgv(argv);
      expect(fast, `fast parser declined: ${argv.join(" ")}`).toBeDefined();
      expect(fast!.resolved.words).toEqual(entry.words);
      expect(fast!.args, argv.join(" ")).toEqual(await viaYargs(argv));
      expect(usageError(argv), argv.join(" ")).toBeUndefined();
    }
    expect(parseArgv([...entry.words, "--", ...operands])!.args).toMatchObject(expected);
    const extra = [...entry.words, "--", ...operands, "-extra"];
    if (variadic) {
      // A variadic positional takes every later word, the same on both paths.
      const last = positionals.at(-1)!.name;
      expect(parseArgv(extra)!.args[last]).toEqual([...operands.slice(positionals.length - 1), "-extra"]);
      expect(parseArgv(extra)!.args).toEqual(await viaYargs(extra));
      expect(usageError(extra)).toBeUndefined();
      return;
    }
    // One word more than the command takes is a usage error on either path.
    expect(parseArgv(extra)).toBeUndefined();
    expect(usageError(extra)?.message).toBe("unexpected argument -extra");
  });

  it("covers every command and subcommand", () => {
    expect(CASES.map((entry) => entry.words.join(" "))).toEqual(expect.arrayContaining(["search", "graph-db status", "graph-db backend-eval", "completion"]));
    expect(CASES.length).toBe(COMMAND_DEFINITIONS.reduce((count, definition) => count + (definition.kind === "group" ? definition.subcommands.length : 1), 0));
  });

  it("declines what it cannot read exactly, for yargs", () => {
    for (const argv of [
      ["search", "q", "--help"],
      ["search", "q", "--limit", "0x10"],
      ["search", "q", "--lang", "a", "b"],
      ["search", "q", "--limit", "1", "--limit", "2"],
      ["search", "q", "--json=false"],
      ["graph-db"],
      ["nope"],
    ]) {
      expect(parseArgv(argv), argv.join(" ")).toBeUndefined();
    }
  });
});
