import { TsiftError } from "@tsift/core/light";
import { lineShape, type LineShape } from "./internal/line-shape";

export interface CollapseRepeatsOptions {
  /**
   * Treat lines that differ only in numbers, hex ids (git shas, `0x…`, UUIDs) or
   * whitespace as repeats. Default `true`; `false` collapses exact duplicates only.
   */
  normalize?: boolean;
  /** Shortest run that is collapsed; shorter runs are kept line by line. Default 2. */
  minCount?: number;
  /** Renders a collapsed run as one line. Default: `"<line> (xN)"`; a blank run stays one blank line. */
  format?: (run: RepeatRun) => string;
}

export interface RepeatRun {
  /**
   * The run as one line. Exact repeats keep the first line verbatim; in a
   * near-identical run every value that changed becomes `<n>` or `<hex>` while
   * values shared by all lines stay (`Downloading crate <n>/40`).
   */
  line: string;
  count: number;
  /** 0-based index of the run's first and last input line. */
  first_index: number;
  last_index: number;
  /** True when the lines were near-identical rather than exact copies. */
  varied: boolean;
}

export interface CollapseRepeatsResult {
  lines: string[];
  /** Collapsed runs only (count >= minCount), in input order. */
  runs: RepeatRun[];
  input_lines: number;
  /** Lines removed by collapsing: the sum of `count - 1` over `runs`. */
  collapsed_lines: number;
}

/**
 * Collapse consecutive repeated or near-identical lines into one line with a
 * count, so a build that prints "Downloading crate 1/400" … "400/400" costs one
 * line of agent context instead of four hundred. Only neighbours are compared:
 * order is the story a log tells, so non-adjacent repeats are left alone.
 */
export function collapseRepeats(lines: readonly string[], options: CollapseRepeatsOptions = {}): CollapseRepeatsResult {
  const normalize = options.normalize ?? true;
  const minCount = options.minCount ?? 2;
  const format = options.format ?? defaultFormat;
  if (!Array.isArray(lines) || lines.some((line) => typeof line !== "string")) {
    throw new TsiftError("invalid_input", "collapseRepeats expects an array of strings");
  }
  if (!Number.isInteger(minCount) || minCount < 2) {
    throw new TsiftError("invalid_input", `minCount must be an integer >= 2, got ${String(minCount)}`, {
      details: { minCount },
    });
  }

  const out: string[] = [];
  const runs: RepeatRun[] = [];
  let collapsed = 0;
  let start = 0;
  while (start < lines.length) {
    const first = lines[start]!;
    const shape = normalize ? lineShape(first) : null;
    let end = start + 1;
    const members: LineShape[] = shape === null ? [] : [shape];
    while (end < lines.length) {
      const candidate = lines[end]!;
      if (shape === null) {
        if (candidate !== first) break;
      } else {
        const candidateShape = lineShape(candidate);
        if (candidateShape.key !== shape.key) break;
        members.push(candidateShape);
      }
      end++;
    }
    const count = end - start;
    if (count < minCount) {
      for (let i = start; i < end; i++) out.push(lines[i]!);
    } else {
      const varied = lines.slice(start + 1, end).some((line) => line !== first);
      const run: RepeatRun = {
        line: varied ? renderShared(members) : first,
        count,
        first_index: start,
        last_index: end - 1,
        varied,
      };
      runs.push(run);
      out.push(format(run));
      collapsed += count - 1;
    }
    start = end;
  }
  return { lines: out, runs, input_lines: lines.length, collapsed_lines: collapsed };
}

function defaultFormat(run: RepeatRun): string {
  return run.line.trim() === "" ? "" : `${run.line} (x${run.count})`;
}

// Keep each slot's value where every line agrees; only the values that actually
// changed become placeholders, so constant ports, versions and ids stay readable.
function renderShared(members: readonly LineShape[]): string {
  const [first] = members;
  if (first === undefined) return "";
  let line = first.literals[0]!;
  first.slots.forEach((slot, i) => {
    const same = members.every((member) => member.slots[i]!.value === slot.value);
    line += (same ? slot.value : `<${slot.kind}>`) + first.literals[i + 1]!;
  });
  return line;
}
