import type { ExtractedSymbol } from "../extraction-types";
import { DEFAULT_CHUNK_OPTIONS, type ChunkOptions, type ChunkOrigin, type SourceChunk } from "./source-chunk";

interface Span {
  symbol: ExtractedSymbol;
  start: number;
  end: number;
  children: Span[];
}

interface Piece {
  start: number;
  end: number;
  /** The declaration this piece is; null for code between declarations. */
  span: Span | null;
  /** The declaration this piece sits inside, when a long one was cut into its members. */
  enclosing: Span | null;
  window: boolean;
  /** A declaration's own head (doc, signature, fields before its first member): never cut into members again. */
  head?: boolean;
}

/** Most names a chunk carries into the index; a chunk with hundreds of one-line constants needs only a sample. */
const MAX_NAMES = 16;

/**
 * Cuts a file into search chunks. With symbols and a clean parse, chunks follow
 * declarations: each declaration with the comments, decorators and attributes right
 * above it (doc comments describe behaviour, which is what prose queries ask about),
 * small neighbours packed to `targetLines`, long declarations cut into their members,
 * and code between declarations kept as its own chunk. Without symbols it falls back
 * to overlapping line windows. A recovered parse (`has_errors`) still chunks by
 * declaration: tree-sitter recovery is local, and a third of a real TypeScript code
 * base (effect 4.1) parses with some error node while its declarations stay right;
 * only a piece longer than `maxLines` with no members becomes windows, as always.
 * Every non-blank line lands in at least one chunk.
 */
export function chunkSource(text: string, symbols: readonly ExtractedSymbol[], options: ChunkOptions = {}): SourceChunk[] {
  const opts = { ...DEFAULT_CHUNK_OPTIONS, ...options };
  const lines = text.split("\n");
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  if (lines.length === 0) return [];
  const sorted = [...symbols].sort((a, b) => a.line - b.line || b.end_line - a.end_line);
  if (sorted.length === 0) {
    return windows(1, lines.length, null, null, opts).flatMap((piece) => toChunk(piece, "lines", lines, sorted));
  }
  const roots = spanTree(sorted, lines.length);
  const pieces = expand(partition(roots, 1, lines.length, null, lines), lines, opts);
  const chunks: SourceChunk[] = [];
  for (const group of groupPieces(pieces, opts.targetLines)) {
    const first = group[0]!;
    const origin: ChunkOrigin = first.window ? "lines" : group.length > 1 ? "group" : first.span ? "symbol" : "gap";
    for (const chunk of toChunk({ ...first, end: group[group.length - 1]!.end }, origin, lines, sorted)) chunks.push(chunk);
  }
  return chunks;
}

/** Overlapping windows for text with no usable syntax (plain text, config files, failed parses). */
export function lineChunks(text: string, options: ChunkOptions = {}): SourceChunk[] {
  return chunkSource(text, [], options);
}

function spanTree(sorted: readonly ExtractedSymbol[], lineCount: number): Span[] {
  const roots: Span[] = [];
  const stack: Span[] = [];
  for (const symbol of sorted) {
    const start = Math.max(1, Math.min(symbol.line, lineCount));
    const span: Span = { symbol, start, end: Math.max(start, Math.min(symbol.end_line, lineCount)), children: [] };
    while (stack.length > 0 && stack[stack.length - 1]!.end < span.start) stack.pop();
    const parent = stack[stack.length - 1];
    // Overlapping but not nested spans (rare grammar quirks) are treated as siblings.
    if (parent && span.end <= parent.end) parent.children.push(span);
    else {
      while (stack.length > 0) stack.pop();
      roots.push(span);
    }
    stack.push(span);
  }
  return roots;
}

// Lines that belong to the declaration below them: comments, doc blocks, decorators,
// annotations and Rust/Python attributes.
const LEADING = /^\s*(\/\/|\/\*|\*|#|@|--|;;|"""|''')/;

function isBlank(line: string | undefined): boolean {
  return line === undefined || line.trim() === "";
}

/** Splits [from, to] into declaration pieces (each with its doc block) and the code between them. */
function partition(spans: readonly Span[], from: number, to: number, enclosing: Span | null, lines: readonly string[]): Piece[] {
  const pieces: Piece[] = [];
  let cursor = from;
  const gap = (start: number, end: number) => {
    if (start > end) return;
    let blank = true;
    for (let line = start; line <= end && blank; line++) blank = isBlank(lines[line - 1]);
    if (!blank) pieces.push({ start, end, span: null, enclosing, window: false });
  };
  for (const span of spans) {
    if (span.end < cursor || span.start > to) continue;
    let docStart = Math.max(span.start, cursor);
    while (docStart - 1 >= cursor && LEADING.test(lines[docStart - 2]!)) docStart--;
    let gapEnd = docStart - 1;
    // Blank lines just above the doc block travel with it, so a blank-only gap never becomes a chunk.
    while (gapEnd >= cursor && isBlank(lines[gapEnd - 1])) gapEnd--;
    gap(cursor, gapEnd);
    pieces.push({ start: gapEnd + 1, end: Math.min(span.end, to), span, enclosing, window: false });
    cursor = Math.min(span.end, to) + 1;
  }
  if (cursor <= to) {
    const last = pieces[pieces.length - 1];
    let tailBlank = true;
    for (let line = cursor; line <= to && tailBlank; line++) tailBlank = isBlank(lines[line - 1]) || lines[line - 1]!.trim().length <= 2;
    // A closing brace or blank tail belongs to the piece before it.
    if (last && tailBlank) last.end = to;
    else gap(cursor, to);
  }
  return pieces;
}

/**
 * Cuts pieces longer than maxLines: into members when the declaration has any, else into windows.
 * Depth-first with an explicit stack (children pushed in reverse), so the order is that of a
 * recursive descent while thousands of nested declarations cannot overflow the call stack.
 */
function expand(pieces: readonly Piece[], lines: readonly string[], opts: Required<ChunkOptions>): Piece[] {
  const out: Piece[] = [];
  const stack: Piece[] = [...pieces].reverse();
  const pushAll = (children: readonly Piece[]) => {
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  };
  for (let piece = stack.pop(); piece !== undefined; piece = stack.pop()) {
    if (piece.end - piece.start + 1 <= opts.maxLines) {
      out.push(piece);
      continue;
    }
    const span = piece.span;
    if (span === null && !piece.window) {
      const declarations = declarationPieces(piece, lines, opts);
      if (declarations.length > 1) {
        pushAll(declarations);
        continue;
      }
    }
    if (span && span.children.length > 0 && !piece.head) {
      const members = partition(span.children, piece.start, piece.end, span, lines);
      // The declaration's own head (doc, signature, fields before the first member) stays labelled with it.
      const head = members[0];
      if (head && head.span === null && head.start === piece.start) Object.assign(head, { span, head: true });
      else if (head && head.start > piece.start)
        members.unshift({ start: piece.start, end: head.start - 1, span, enclosing: piece.enclosing, window: false, head: true });
      pushAll(members);
    } else {
      for (const window of windows(piece.start, piece.end, span, piece.enclosing, opts)) out.push(window);
    }
  }
  return out;
}

// A top-level declaration line: no indentation, an optional `export`/modifiers, a
// declaring keyword and a name. Used only inside long stretches the parser left
// without symbols (error recovery can lose most of a file's declarations).
const DECLARATION_LINE =
  /^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:pub(?:\([^)]*\))?\s+)?(const|let|var|function\*?|class|interface|type|enum|namespace|def|fn|struct|trait|impl|fun|val|object)\s+([A-Za-z_$][\w$]*)/;

const KIND_OF: Record<string, ExtractedSymbol["kind"]> = {
  const: "const",
  let: "variable",
  var: "variable",
  function: "function",
  "function*": "function",
  class: "class",
  interface: "interface",
  type: "type_alias",
  enum: "enum",
  namespace: "namespace",
  def: "function",
  fn: "function",
  struct: "struct",
  trait: "trait",
  impl: "impl",
  fun: "function",
  val: "const",
  object: "object",
};

/**
 * Splits a long declaration-free stretch at top-level declaration lines, each with
 * the doc block above it, labelled with the declared name. Returns the piece itself
 * when no such line is found.
 */
function declarationPieces(piece: Piece, lines: readonly string[], opts: Required<ChunkOptions>): Piece[] {
  if (piece.end - piece.start + 1 <= opts.maxLines || piece.enclosing !== null) return [piece];
  const spans: Span[] = [];
  for (let line = piece.start; line <= piece.end; line++) {
    const match = DECLARATION_LINE.exec(lines[line - 1]!);
    if (!match) continue;
    const name = match[2]!;
    // Synthetic: only its name and kind label the chunk (language is never read from it).
    const symbol: ExtractedSymbol = {
      name,
      kind: KIND_OF[match[1]!] ?? "variable",
      language: "typescript",
      line,
      end_line: line,
      signature: "",
      visibility: null,
      parent: null,
      qualified_name: name,
    };
    spans.push({ symbol, start: line, end: line, children: [] });
  }
  if (spans.length === 0) return [piece];
  // Each declaration runs to the line before the next one's doc block.
  const parts = partition(spans, piece.start, piece.end, null, lines);
  for (let i = 0; i < parts.length - 1; i++) parts[i]!.end = parts[i + 1]!.start - 1;
  if (parts.length > 0) parts[parts.length - 1]!.end = piece.end;
  return parts;
}

function windows(start: number, end: number, span: Span | null, enclosing: Span | null, opts: Required<ChunkOptions>): Piece[] {
  const out: Piece[] = [];
  const step = Math.max(1, opts.windowLines - opts.overlapLines);
  for (let from = start; ; from += step) {
    const to = Math.min(from + opts.windowLines - 1, end);
    out.push({ start: from, end: to, span, enclosing, window: true });
    if (to >= end) break;
  }
  return out;
}

/** Packs consecutive small pieces with the same enclosing declaration up to targetLines. */
function groupPieces(pieces: readonly Piece[], targetLines: number): Piece[][] {
  const groups: Piece[][] = [];
  let current: Piece[] = [];
  let size = 0;
  for (const piece of pieces) {
    const lines = piece.end - piece.start + 1;
    const head = current[0];
    const fits = head !== undefined && !head.window && !piece.window && head.enclosing === piece.enclosing && size + lines <= targetLines;
    if (!fits && current.length > 0) {
      groups.push(current);
      current = [];
      size = 0;
    }
    current.push(piece);
    size += lines;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

function toChunk(piece: Piece, origin: ChunkOrigin, lines: readonly string[], sorted: readonly ExtractedSymbol[]): SourceChunk[] {
  const text = lines.slice(piece.start - 1, piece.end).join("\n");
  if (text.trim() === "") return [];
  const names: string[] = [];
  const seen = new Set<string>();
  const add = (name: string) => {
    if (names.length < MAX_NAMES && !seen.has(name)) {
      seen.add(name);
      names.push(name);
    }
  };
  if (piece.enclosing) add(piece.enclosing.symbol.qualified_name);
  // A window inside a long declaration still names it: the window is part of it.
  if (piece.span) add(piece.span.symbol.qualified_name);
  let primary: ExtractedSymbol | null = piece.span?.symbol ?? null;
  const docs: string[] = [];
  // From the first symbol at or after the piece's start: scanning from the top for every chunk was quadratic in a big file.
  for (let i = firstAtOrAfter(sorted, piece.start); i < sorted.length; i++) {
    const symbol = sorted[i]!;
    if (symbol.line > piece.end) break;
    if (symbol.line >= piece.start) {
      add(symbol.qualified_name);
      primary ??= symbol;
      if (symbol.doc && docs.length < MAX_NAMES) docs.push(symbol.doc);
    }
  }
  // A long declaration cut into members: its doc is about every piece of it.
  const owner = piece.span?.symbol ?? piece.enclosing?.symbol;
  if (docs.length === 0 && owner?.doc) docs.push(owner.doc);
  if (primary === null && piece.enclosing) primary = piece.enclosing.symbol;
  return [
    {
      start_line: piece.start,
      end_line: piece.end,
      origin,
      symbol: primary?.qualified_name ?? null,
      symbol_kind: primary?.kind ?? null,
      names,
      text,
      ...(docs.length > 0 ? { doc: docs.join("\n") } : {}),
    },
  ];
}

/** Index of the first symbol (sorted by line) whose line is at least `line`. */
function firstAtOrAfter(sorted: readonly ExtractedSymbol[], line: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]!.line < line) low = middle + 1;
    else high = middle;
  }
  return low;
}
