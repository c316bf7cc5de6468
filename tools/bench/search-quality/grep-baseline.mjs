import { spawnSync } from "node:child_process";

/** Query words the baseline ignores (too common to tell files apart). */
export const GREP_STOP_WORDS = [
  ..."a an and are as at be before by can do does find for from how in into is it of on or please that the these this those to what when where which with without".split(
    " ",
  ),
];

/**
 * The `git grep` baseline both search benchmarks compare against: `git grep -n -i -F` with
 * every query word of 3+ letters (stop words dropped), files ranked by distinct query words
 * present, then by matching lines, then by path; each with the line matching the most words.
 */
export function grepRankedFiles(query, cwd, stopWords = GREP_STOP_WORDS) {
  const stop = new Set(stopWords);
  const words = [
    ...new Set(
      query
        .toLowerCase()
        .split(/[^a-z0-9_]+/)
        .filter((word) => word.length >= 3 && !stop.has(word)),
    ),
  ];
  if (words.length === 0) return [];
  const result = spawnSync("git", ["grep", "-n", "-i", "-F", ...words.flatMap((word) => ["-e", word])], { cwd, encoding: "utf8", maxBuffer: 256 << 20 });
  const files = new Map();
  for (const row of result.stdout.split("\n")) {
    const match = /^([^:]+):(\d+):(.*)$/.exec(row);
    if (!match) continue;
    const [, file, line, text] = match;
    const lower = text.toLowerCase();
    const present = words.filter((word) => lower.includes(word));
    const entry = files.get(file) ?? { file, words: new Set(), lines: 0, best: null };
    present.forEach((word) => entry.words.add(word));
    entry.lines++;
    if (!entry.best || present.length > entry.best.count) entry.best = { line: Number(line), count: present.length };
    files.set(file, entry);
  }
  return [...files.values()]
    .sort((a, b) => b.words.size - a.words.size || b.lines - a.lines || (a.file < b.file ? -1 : 1))
    .map((entry) => ({ file: entry.file, line: entry.best.line }));
}
