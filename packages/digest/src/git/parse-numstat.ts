/** One record of `git diff --numstat -z`: line counts, or binary when git printed `-`. */
export interface NumstatEntry {
  path: string;
  oldPath: string;
  additions: number;
  deletions: number;
  binary: boolean;
}

const COUNTS = /^(\d+|-)\t(\d+|-)\t([\s\S]*)$/;

/** Parses NUL-separated numstat output (a rename's record is `A\tD\t\0old\0new`); malformed records are skipped. */
export function parseNumstat(text: string): NumstatEntry[] {
  const tokens = text.split("\0");
  const entries: NumstatEntry[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const counts = COUNTS.exec(tokens[i]!);
    if (!counts) continue;
    let oldPath = counts[3]!;
    let path = oldPath;
    if (oldPath === "") {
      oldPath = tokens[i + 1] ?? "";
      path = tokens[i + 2] ?? "";
      i += 2;
      if (oldPath === "" || path === "") continue;
    }
    const binary = counts[1] === "-" || counts[2] === "-";
    entries.push({ path, oldPath, additions: count(counts[1]!), deletions: count(counts[2]!), binary });
  }
  return entries;
}

function count(text: string): number {
  const value = text === "-" ? 0 : Number(text);
  return Number.isSafeInteger(value) ? value : Number.MAX_SAFE_INTEGER;
}
