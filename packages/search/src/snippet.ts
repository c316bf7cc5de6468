import { probe, type QueryGroup } from "./fts-query";

export interface Snippet {
  /** 1-based line of the best line. */
  line: number;
  /** The best lines (at most `maxLines`), trimmed, in file order, joined with a newline. */
  text: string;
}

const MAX_LINE_CHARS = 160;

/**
 * Picks the lines of a chunk that say most about the query: each line scores the
 * query words it contains (all parts of a compound), plus a bonus when it declares
 * something (a definition line orients the reader better than a use). Ties go to the
 * earlier line. Blank lines and pure punctuation never win.
 */
export function bestLines(text: string, startLine: number, groups: readonly QueryGroup[], maxLines = 2): Snippet {
  const lines = text.split("\n");
  const scored: { index: number; score: number }[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (!/[\p{L}\p{N}]/u.test(line)) continue;
    const lower = line.toLowerCase();
    let score = 0;
    for (const group of groups) {
      if (group.parts.every((part) => lower.includes(probe(part)))) score += group.parts.length > 1 ? 2 : 1;
    }
    if (score > 0 && DECLARATION.test(line)) score += 0.5;
    scored.push({ index, score });
  }
  if (scored.length === 0) return { line: startLine, text: "" };
  const ranked = [...scored].sort((a, b) => b.score - a.score || a.index - b.index);
  const best = ranked[0]!;
  const picked = best.score > 0 ? ranked.filter((entry) => entry.score > 0).slice(0, maxLines) : [best];
  picked.sort((a, b) => a.index - b.index);
  return { line: startLine + best.index, text: picked.map((entry) => clip(lines[entry.index]!.trim())).join("\n") };
}

const DECLARATION = /\b(function|class|interface|type|const|let|var|def|fn|struct|enum|trait|impl|object|fun|val|export|pub)\b/;

function clip(line: string): string {
  return line.length <= MAX_LINE_CHARS ? line : `${line.slice(0, MAX_LINE_CHARS - 1)}…`;
}
