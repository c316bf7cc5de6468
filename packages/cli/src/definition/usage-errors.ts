/**
 * Usage errors, found from the definition tables before any parser runs: the unknown
 * word (with the nearest known one), the missing argument, the bad choice. Both entry
 * points ask this first — the fast path when its parser declines a command line, `main`
 * before yargs — so a mistake reads the same whichever path met it. What it does not
 * recognise as a mistake is left to yargs' strict mode.
 */
import { TsiftError } from "@tsift/core/light";
import { COMMAND_DEFINITIONS } from "../cli-catalog";
import type { OptionDefinition } from "./define-command";
import { optionWords } from "./end-of-options";
import { HELP_COMMAND } from "./help-words";
import { numberOptionMessage } from "./number-option";
import { GLOBAL_OPTIONS } from "./global-options";
import { flagMap, resolveCommand } from "./resolve-command";

const HELP_FLAGS = new Set(["--help", "-h", "--version", "-V"]);
const NUMBER = /^-?\d+(\.\d+)?$/;

export function usageError(argv: readonly string[]): TsiftError | undefined {
  if (argv[0] === HELP_COMMAND) return helpTopicError(argv.slice(1));
  // After `--` a word is a positional, never a flag: `tsift search -- --help` searches for it.
  if (optionWords(argv).some((token) => HELP_FLAGS.has(token))) return undefined;
  const resolution = resolveCommand(argv);
  switch (resolution.kind) {
    case "no-command":
      return new TsiftError("usage", "missing command", { hint: "tsift --help" });
    case "unknown-command":
      return unknownCommandError(resolution);
    case "no-subcommand":
      return new TsiftError("usage", "missing argument <command>", { hint: `tsift ${resolution.group.name} --help` });
    case "unreadable":
      return (
        unknownOption(argv, GLOBAL_OPTIONS, "tsift --help") ??
        // Only `--` makes a readable line unreadable: it comes before the command word, which it makes a mere argument.
        new TsiftError("usage", "missing command (`--` ends options, so nothing after it names a command)", { hint: "tsift --help" })
      );
    case "command":
      break;
  }
  const { resolved } = resolution;
  const hint = `tsift ${resolved.words.join(" ")} --help`;
  const options = [...resolved.options, ...GLOBAL_OPTIONS];
  const unknown = unknownOption(resolved.rest, options, hint);
  if (unknown) return unknown;
  const byFlag = flagMap(options);
  const words: string[] = [];
  let greedy = false;
  for (let i = 0; i < resolved.rest.length; i++) {
    const token = resolved.rest[i]!;
    if (token === "--") {
      words.push(...resolved.rest.slice(i + 1));
      break;
    }
    if (!token.startsWith("-") || token === "-") {
      words.push(token);
      continue;
    }
    const eq = token.indexOf("=");
    const option = byFlag.get(eq > 0 ? token.slice(0, eq) : token);
    if (!option || option.type === "boolean") continue;
    const value = eq > 0 ? token.slice(eq + 1) : resolved.rest[i + 1];
    if (eq < 0) i++;
    if (value === undefined || (eq < 0 && value.startsWith("-") && !NUMBER.test(value))) {
      return new TsiftError("usage", `missing value for --${option.name}`, { hint });
    }
    if (option.type === "number" && !NUMBER.test(value)) return new TsiftError("usage", numberOptionMessage(option, value), { hint });
    if (option.choices && !option.choices.includes(value)) {
      return new TsiftError("usage", `invalid value ${value} for --${option.name} (choose ${option.choices.join(", ")})`, { hint });
    }
    if (option.type === "array") greedy = true;
  }
  const { positionals } = resolved.command;
  const missing = positionals.filter((positional) => positional.required)[words.length];
  if (missing) return new TsiftError("usage", `missing argument <${missing.name}>`, { hint });
  // An array option takes the words after it, so extra words are only certain without one.
  if (!greedy && positionals.at(-1)?.variadic !== true && words.length > positionals.length)
    return new TsiftError("usage", `unexpected argument ${words[positionals.length]!}`, { hint });
  return undefined;
}

function unknownOption(argv: readonly string[], options: readonly OptionDefinition[], hint: string): TsiftError | undefined {
  const byFlag = flagMap(options);
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === "--") return undefined;
    if (!token.startsWith("-") || token === "-" || NUMBER.test(token)) continue;
    const flag = token.includes("=") ? token.slice(0, token.indexOf("=")) : token;
    // yargs also reads camel-case spellings (`--maxItems`): known options, left to it.
    const kebab = flag.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    // An upper-case one-letter alias (`-S`) is its own flag, not a camel-case spelling.
    const option = byFlag.get(flag) ?? byFlag.get(kebab) ?? byFlag.get(kebab.replace(/^--no-/, "--"));
    // One-letter forms yargs reads itself: a cluster of switches (`-qq`), a value stuck to its letter (`-l5`).
    if (!option && /^-[a-zA-Z]{2,}$/.test(flag) && [...flag.slice(1)].every((letter) => byFlag.has(`-${letter}`))) continue;
    if (!option && /^-[a-zA-Z]./.test(flag) && (byFlag.get(flag.slice(0, 2))?.type ?? "boolean") !== "boolean") continue;
    if (option) {
      if (option.type !== "boolean" && !token.includes("=")) i++;
      continue;
    }
    const near = nearest(
      flag,
      [...byFlag.keys()].filter((known) => known.startsWith("--")),
    );
    return new TsiftError("usage", `unknown option ${flag}${near ? ` (did you mean ${near}?)` : ""}`, { hint });
  }
  return undefined;
}

/** `tsift help <topic>`: an error when the topic names no command or subcommand, otherwise undefined (yargs prints the help). */
function helpTopicError(topic: readonly string[]): TsiftError | undefined {
  const words = topic.filter((word) => !word.startsWith("-"));
  if (words.length === 0) return undefined;
  return unknownCommandError(resolveCommand(words));
}

function unknownCommandError(resolution: ReturnType<typeof resolveCommand>): TsiftError | undefined {
  if (resolution.kind !== "unknown-command") return undefined;
  const { group, word } = resolution;
  const prefix = group ? `${group.name} ` : "";
  const known = (group ? group.subcommands : COMMAND_DEFINITIONS).map((definition) => definition.name);
  const near = nearest(word, known);
  return new TsiftError("usage", `unknown command ${prefix}${word}${near ? ` (did you mean ${prefix}${near}?)` : ""}`, {
    hint: group ? `tsift ${group.name} --help` : "tsift --help",
  });
}

/** The closest known word within a few edits (none when nothing is close). */
export function nearest(word: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const candidate of known) {
    const distance = editDistance(word, candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/** Damerau-Levenshtein (adjacent transpositions count once): `serach` is one edit from `search`. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
    }
  }
  return rows[a.length]![b.length]!;
}
