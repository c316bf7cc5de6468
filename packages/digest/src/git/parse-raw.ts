/** One record of `git diff --raw -z`: modes, status letter with score, and the path(s). */
export interface RawEntry {
  oldMode: string;
  newMode: string;
  /** A, C, D, M, R, T, U or X. */
  status: string;
  /** The rename/copy similarity (0–100) git printed after R or C. */
  score: number | undefined;
  oldPath: string;
  path: string;
}

const META = /^:([0-7]{6}) ([0-7]{6}) [0-9a-f]+ [0-9a-f]+ ([ACDMRTUX])([0-9]{0,3})$/;

/**
 * Parses NUL-separated raw diff output. Malformed records are skipped, never thrown on:
 * git's output is trusted for shape, but a parser fed anything must terminate quietly.
 */
export function parseRawDiff(text: string): RawEntry[] {
  const tokens = text.split("\0");
  const entries: RawEntry[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const meta = META.exec(tokens[i]!);
    if (!meta) continue;
    const status = meta[3]!;
    const first = tokens[i + 1];
    if (first === undefined || first === "") continue;
    const twoPaths = status === "R" || status === "C";
    const second = twoPaths ? tokens[i + 2] : first;
    if (second === undefined || second === "") continue;
    entries.push({
      oldMode: meta[1]!,
      newMode: meta[2]!,
      status,
      score: meta[4] ? Math.min(100, Number(meta[4])) : undefined,
      oldPath: first,
      path: second,
    });
    i += twoPaths ? 2 : 1;
  }
  return entries;
}
