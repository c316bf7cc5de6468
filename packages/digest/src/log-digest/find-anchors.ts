/** A `file:line` reference found in a log line. */
export interface LineAnchor {
  path: string;
  line: number;
  column?: number;
  /** Span of the reference in the line, for normalising it away. */
  start: number;
  end: number;
}

const MAX_PATH_CHARS = 300;
// `path:12`, `path:12:5`, tsc's `path(12,5)`; the path is found by walking back from the
// number, which keeps the scan linear (a regex with a greedy path prefix would retry
// from every position of a long token).
const POSITION = /:(\d{1,7})(?::(\d{1,7}))?|\((\d{1,7}),(\d{1,7})\)/g;
const PYTHON_FRAME = /File "([^"\n]{1,300})", line (\d{1,7})/g;
const EXTENSION = /\.[A-Za-z][A-Za-z0-9]{0,9}$/;

function isPathChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || // 0-9
    (code >= 65 && code <= 90) || // A-Z
    (code >= 97 && code <= 122) || // a-z
    code === 46 || // .
    code === 47 || // /
    code === 92 || // \
    code === 95 || // _
    code === 45 || // -
    code === 64 || // @
    code === 126 || // ~
    code === 43 || // +
    code >= 0x80
  );
}

/** A plausible source path: a file name with an extension, not a host, a version or a time. */
function plausiblePath(path: string): boolean {
  if (!/[A-Za-z]/.test(path)) return false;
  if (!EXTENSION.test(path)) return false;
  // "v1.2", "node.js" on its own are too weak; a bare name needs a letter before the dot.
  return /[A-Za-z_\-@~+0-9]\.[A-Za-z]/.test(path);
}

/**
 * Every `file:line` anchor in a line, in order: `src/a.ts:12:5`, `a.ts(12,5)` (tsc),
 * `File "x.py", line 3` (Python), `--> src/main.rs:2:5` (cargo), `(/abs/x.js:10:5)`
 * (Node stacks). Hosts with ports, versions and clock times are not anchors.
 */
export function findAnchors(line: string): LineAnchor[] {
  const anchors: LineAnchor[] = [];
  if (line.includes('File "')) {
    for (const match of line.matchAll(PYTHON_FRAME)) {
      anchors.push({ path: match[1]!, line: Number(match[2]), start: match.index, end: match.index + match[0].length });
    }
  }
  for (const match of line.matchAll(POSITION)) {
    let start = match.index;
    const floor = Math.max(0, start - MAX_PATH_CHARS);
    while (start > floor && isPathChar(line.charCodeAt(start - 1))) start--;
    let path = line.slice(start, match.index);
    if (line.slice(Math.max(0, start - 3), start).endsWith("://") && !line.slice(Math.max(0, start - 7), start).startsWith("file")) continue;
    path = path.replace(/^\/\/(?=\/)/, "").replace(/^\.\//, "");
    if (!plausiblePath(path)) continue;
    const lineNo = Number(match[1] ?? match[3]);
    const column = match[2] ?? match[4];
    if (lineNo === 0 && column === undefined) continue;
    anchors.push({ path, line: lineNo, ...(column === undefined ? {} : { column: Number(column) }), start, end: match.index + match[0].length });
  }
  if (anchors.length > 1) anchors.sort((a, b) => a.start - b.start);
  return anchors;
}
