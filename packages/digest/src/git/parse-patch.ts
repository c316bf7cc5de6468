import { unquoteGitPath } from "./c-quote";

/** A hunk's ranges as its `@@ -a,b +c,d @@ header` line states them. */
export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** The enclosing function or heading git printed after the second `@@` (bounded), or "". */
  header: string;
}

/** One `diff --git` section of a patch. */
export interface PatchSection {
  /** Path before the change; null for a created file. */
  oldPath: string | null;
  /** Path after the change; null for a deleted file. */
  newPath: string | null;
  binary: boolean;
  hunks: DiffHunk[];
  /** Hunks past `maxHunksPerFile`, counted but not kept. */
  omittedHunks: number;
}

export interface PatchParserOptions {
  /** Hunks kept per section (default 200); the rest are counted in `omittedHunks`. */
  readonly maxHunksPerFile?: number;
  /** Sections kept (default 100 000); later ones are dropped. */
  readonly maxSections?: number;
}

/** Bytes of one line that are looked at; the rest of a longer line is skipped, so memory stays flat. */
export const MAX_LINE_BYTES = 4096;
/** Bytes kept of a hunk's function-context header. */
export const MAX_HUNK_HEADER_BYTES = 120;

const [MINUS, PLUS, SPACE, BACKSLASH] = [45, 43, 32, 92];
/** First bytes of the lines the parser reads outside hunk bodies: `diff`, `@@`, `---`, `+++`, `rename`, `copy`, `new`, `deleted`, `Binary`, `GIT`. */
const HEADER_FIRST_BYTES = new Set([..."d@-+rcnBG"].map((char) => char.charCodeAt(0)));

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@ ?(.*)$/;

/**
 * A streaming reader of `git diff -p` output that keeps only section paths, binary markers and
 * hunk headers. Hunk bodies are skipped by counting their lines against the header's ranges, so
 * a removed line that reads `--- a/x` or `diff --git` is never mistaken for a header. It never
 * throws and its memory is bounded by the caps, whatever it is fed.
 */
export class PatchParser {
  readonly sections: PatchSection[] = [];
  private readonly maxHunks: number;
  private readonly maxSections: number;
  private current: PatchSection | null = null;
  private oldLeft = 0;
  private newLeft = 0;
  private partial: Buffer[] = [];
  private partialBytes = 0;
  private droppedSections = 0;

  constructor(options: PatchParserOptions = {}) {
    this.maxHunks = Math.max(0, options.maxHunksPerFile ?? 200);
    this.maxSections = Math.max(0, options.maxSections ?? 100_000);
  }

  /** Sections past `maxSections`. */
  get omittedSections(): number {
    return this.droppedSections;
  }

  push(chunk: Buffer | string): void {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    let start = 0;
    for (;;) {
      const newline = bytes.indexOf(10, start);
      if (newline === -1) {
        this.keepPartial(bytes.subarray(start));
        return;
      }
      if (this.partial.length === 0) {
        // The common case, a whole line inside the chunk: read in place, no copy.
        this.lineBytes(bytes.subarray(start, newline));
      } else {
        this.keepPartial(bytes.subarray(start, newline));
        this.flushPartial();
      }
      start = newline + 1;
    }
  }

  /** Ends the stream and returns the sections read. */
  end(): PatchSection[] {
    if (this.partial.length > 0) this.flushPartial();
    return this.sections;
  }

  private keepPartial(piece: Buffer): void {
    const room = MAX_LINE_BYTES - this.partialBytes;
    if (piece.length === 0) return;
    const kept = piece.length > room ? piece.subarray(0, Math.max(0, room)) : piece;
    this.partial.push(Buffer.from(kept));
    this.partialBytes += kept.length;
  }

  private flushPartial(): void {
    const line = Buffer.concat(this.partial);
    this.partial = [];
    this.partialBytes = 0;
    this.lineBytes(line);
  }

  /** One line without its newline. Body lines are counted by their first byte and never decoded. */
  private lineBytes(line: Buffer): void {
    if (this.oldLeft > 0 || this.newLeft > 0) {
      if (this.bodyLine(line.length === 0 ? -1 : line[0]!)) return;
      this.oldLeft = 0;
      this.newLeft = 0;
    }
    if (line.length === 0 || !HEADER_FIRST_BYTES.has(line[0]!)) return;
    this.line(line.subarray(0, MAX_LINE_BYTES).toString("utf8"));
  }

  private line(line: string): void {
    if (line.startsWith("diff --git ")) {
      this.startSection(line.slice("diff --git ".length));
      return;
    }
    const section = this.current;
    if (section === null) return;
    if (line.startsWith("@@ ")) {
      this.hunk(section, line);
    } else if (line.startsWith("--- ")) {
      section.oldPath = headerPath(line.slice(4), "a/");
    } else if (line.startsWith("+++ ")) {
      section.newPath = headerPath(line.slice(4), "b/");
    } else if (line.startsWith("rename from ") || line.startsWith("copy from ")) {
      section.oldPath = unquoteGitPath(line.slice(line.indexOf(" from ") + 6));
    } else if (line.startsWith("rename to ") || line.startsWith("copy to ")) {
      section.newPath = unquoteGitPath(line.slice(line.indexOf(" to ") + 4));
    } else if (line.startsWith("new file mode")) {
      section.oldPath = null;
    } else if (line.startsWith("deleted file mode")) {
      section.newPath = null;
    } else if ((line.startsWith("Binary files ") && line.endsWith(" differ")) || line === "GIT binary patch") {
      section.binary = true;
    }
  }

  /** True when a line starting with `first` (-1: an empty line) belongs to the open hunk's body. */
  private bodyLine(first: number): boolean {
    if (first === BACKSLASH) return true;
    if (first === MINUS && this.oldLeft > 0) this.oldLeft--;
    else if (first === PLUS && this.newLeft > 0) this.newLeft--;
    else if ((first === SPACE || first === -1) && this.oldLeft > 0 && this.newLeft > 0) {
      this.oldLeft--;
      this.newLeft--;
    } else return false;
    return true;
  }

  private startSection(rest: string): void {
    this.current = null;
    if (this.sections.length >= this.maxSections) {
      this.droppedSections++;
      return;
    }
    const [oldPath, newPath] = gitHeaderPaths(rest);
    this.current = { oldPath, newPath, binary: false, hunks: [], omittedHunks: 0 };
    this.sections.push(this.current);
  }

  private hunk(section: PatchSection, line: string): void {
    const match = HUNK.exec(line);
    if (!match) return;
    const hunk: DiffHunk = {
      oldStart: toCount(match[1]!),
      oldLines: match[2] === undefined ? 1 : toCount(match[2]),
      newStart: toCount(match[3]!),
      newLines: match[4] === undefined ? 1 : toCount(match[4]),
      header: clip(match[5]!.trim(), MAX_HUNK_HEADER_BYTES),
    };
    this.oldLeft = hunk.oldLines;
    this.newLeft = hunk.newLines;
    if (section.hunks.length < this.maxHunks) section.hunks.push(hunk);
    else section.omittedHunks++;
  }
}

function toCount(text: string): number {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : Number.MAX_SAFE_INTEGER;
}

function clip(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, "utf8") <= maxBytes) return text;
  let out = Buffer.from(text, "utf8").subarray(0, maxBytes).toString("utf8");
  // A cut through a multi-byte character decodes to U+FFFD; drop it rather than print a broken glyph.
  while (out.endsWith("\uFFFD")) out = out.slice(0, -1);
  return out;
}

/** `--- a/x` / `+++ b/x` (quoted, maybe tab-terminated) → the path, or null for /dev/null. */
function headerPath(text: string, prefix: string): string | null {
  const trimmed = text.endsWith("\t") ? text.slice(0, -1) : text;
  if (trimmed === "/dev/null") return null;
  const path = unquoteGitPath(trimmed);
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

/**
 * The two paths of `diff --git a/X b/Y`. Unquoted names may hold spaces, so the split is only
 * certain when both names are equal (the common case) or quoted; otherwise the later `---`,
 * `+++` or rename lines of the section supply the paths.
 */
export function gitHeaderPaths(rest: string): [string | null, string | null] {
  if (rest.startsWith('"')) {
    const end = closingQuote(rest, 1);
    if (end === -1) return [null, null];
    const first = unquoteGitPath(rest.slice(0, end + 1));
    const second = rest.slice(end + 2);
    return [strip(first, "a/"), strip(unquoteGitPath(second), "b/")];
  }
  if (rest.startsWith("a/") && (rest.length - 5) % 2 === 0) {
    const n = (rest.length - 5) / 2;
    if (rest.slice(2 + n, 5 + n) === " b/" && rest.slice(2, 2 + n) === rest.slice(5 + n)) {
      const path = rest.slice(2, 2 + n);
      return [path, path];
    }
  }
  const split = rest.indexOf(rest.includes(' "b/') ? ' "b/' : " b/");
  if (split === -1) return [null, null];
  return [strip(unquoteGitPath(rest.slice(0, split)), "a/"), strip(unquoteGitPath(rest.slice(split + 1)), "b/")];
}

function closingQuote(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}

function strip(path: string, prefix: string): string {
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}
