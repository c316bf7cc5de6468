import { BUILTIN_OPTIONS, COMMAND_DEFINITIONS, GLOBAL_OPTIONS, USAGE, helpWidth } from "./cli-catalog";
import { commandUsage } from "./definition/define-command";

/**
 * `tsift --help` without yargs. Importing yargs costs ~90 ms (string-width builds ICU
 * segmenters and Unicode-property regexes at load), more than half the 150 ms startup
 * budget, so the binary prints the top-level help from the definitions with the layout
 * yargs would use: two columns (switches padded to the widest plus 4, capped at half
 * the width), descriptions word-wrapped, `[boolean]` right-aligned on the last line
 * when it fits. `test/fast-help.test.ts` asserts the text equals yargs' at several widths.
 */
export function renderTopLevelHelp(columns: number | undefined): string {
  const width = helpWidth(columns);
  const lines: string[] = [];
  for (const line of wrap(USAGE, width)) lines.push(line);
  lines.push("", "Commands:");
  const commands = COMMAND_DEFINITIONS.map((definition) => ({ left: `tsift ${commandUsage(definition)}`, indent: 0, describe: definition.summary, extra: "" }));
  pushRows(lines, commands, width);
  lines.push("", "Options:");
  const options = [
    { left: `-${BUILTIN_OPTIONS.version.alias}, --${BUILTIN_OPTIONS.version.name}`, indent: 0, describe: BUILTIN_OPTIONS.version.describe, extra: "[boolean]" },
    // Long-only switches are indented by "-x, " so they line up under the short ones.
    ...GLOBAL_OPTIONS.map((option) => ({ left: `--${option.name}`, indent: 4, describe: option.description, extra: "[boolean]" })),
    { left: `-${BUILTIN_OPTIONS.help.alias}, --${BUILTIN_OPTIONS.help.name}`, indent: 0, describe: BUILTIN_OPTIONS.help.describe, extra: "[boolean]" },
  ];
  pushRows(lines, options, width);
  return `${lines.join("\n").replace(/\s*$/, "")}\n`;
}

interface Row {
  left: string;
  indent: number;
  describe: string;
  extra: string;
}

function pushRows(lines: string[], rows: readonly Row[], width: number): void {
  const widest = Math.min(Math.max(...rows.map((row) => row.left.length + row.indent)), Math.floor(width * 0.5));
  const leftWidth = widest + 4;
  for (const row of rows) {
    const left = wrap(row.left, leftWidth - 4 - row.indent);
    const right = wrap(row.describe, width - leftWidth);
    const count = Math.max(left.length, right.length);
    for (let index = 0; index < count; index++) {
      const leftCell = " ".repeat(2 + row.indent) + (left[index] ?? "").padEnd(leftWidth - 4 - row.indent) + "  ";
      lines.push(`${leftCell}${right[index] ?? ""}`.trimEnd());
    }
    if (!row.extra) continue;
    // cliui renders the extra right-aligned at the full width, on the row's last line
    // when the gap allows, otherwise on a line of its own.
    const last = lines[lines.length - 1]!;
    const lead = width - row.extra.length;
    if (lead >= last.length) lines[lines.length - 1] = `${last}${" ".repeat(lead - last.length)}${row.extra}`;
    else lines.push(`${" ".repeat(lead)}${row.extra}`);
  }
}

/** wrap-ansi's hard word wrap for plain ASCII text: greedy by words, over-long words split. */
export function wrap(text: string, columns: number): string[] {
  return text.split("\n").flatMap((line) => wrapLine(line, columns));
}

function wrapLine(line: string, columns: number): string[] {
  if (line.trim() === "") return [""];
  const rows = [""];
  const words = line.split(" ");
  for (const [index, word] of words.entries()) {
    rows[rows.length - 1] = rows[rows.length - 1]!.trimStart();
    let length = rows[rows.length - 1]!.length;
    if (index !== 0 && length > 0) {
      rows[rows.length - 1] += " ";
      length++;
    }
    if (word.length > columns) {
      const remaining = columns - length;
      const breaksStartingThisLine = 1 + Math.floor((word.length - remaining - 1) / columns);
      const breaksStartingNextLine = Math.floor((word.length - 1) / columns);
      if (breaksStartingNextLine < breaksStartingThisLine) rows.push("");
      splitWord(rows, word, columns);
      continue;
    }
    if (length + word.length > columns && length > 0 && word.length > 0) rows.push("");
    rows[rows.length - 1] += word;
  }
  return rows.map((row) => row.trimEnd());
}

function splitWord(rows: string[], word: string, columns: number): void {
  let visible = rows[rows.length - 1]!.length;
  const characters = [...word];
  for (const [index, character] of characters.entries()) {
    if (visible + 1 <= columns) rows[rows.length - 1] += character;
    else {
      rows.push(character);
      visible = 0;
    }
    visible += 1;
    if (visible === columns && index < characters.length - 1) {
      rows.push("");
      visible = 0;
    }
  }
}
