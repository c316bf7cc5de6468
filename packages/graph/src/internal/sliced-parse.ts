import { TsiftError } from "@tsift/core";
import type { Lang } from "../lang";
import { parseSource, releaseTree, type SourceRange, type SyntaxTree } from "../parser-registry";
import type { RootType, TreeWalker } from "./tree-walker";

/**
 * Texts at least this long are parsed in slices. A parse tree takes 45–50 times its text
 * in native memory (a 15 MiB TypeScript file: ~700 MB), and node-tree-sitter frees a tree
 * only in a finalizer on a later turn of the event loop, so a whole-file parse of a huge
 * file held all of it at once. Shorter files (all that the default `index.max_file_bytes`
 * admits) are parsed whole: slicing parses each statement three times.
 */
export const SLICED_PARSE_MIN_CHARS = 1024 * 1024;

/**
 * Files at least this long are refused when a top-level statement cannot be split; shorter
 * ones are then parsed whole, as before slicing (their memory is bounded by their size).
 */
export const REFUSE_UNSPLITTABLE_MIN_CHARS = 1024 * 1024;

/**
 * Languages whose huge files may be parsed in slices: each definition says so
 * (`extraction.sliceable`) once its sliced extraction was checked against whole-file
 * extraction (effect's 572 TypeScript files and 118 files of Python's standard library,
 * slices of 2–30 thousand characters). The others are parsed whole: Bash, for one, reads a
 * function whose body is cut as a command followed by plain statements (which the column-0
 * rule below would not catch in unindented scripts).
 */
export { SLICED_LANGS } from "../language-registry";

/** Agreed top-level statements (not counting comments) before the first disputed one that are parsed again with the next slice rather than kept. */
const SAFETY_MARGIN = 1;

/**
 * Characters a slice starts with; the slice grows (doubling) while no top-level statement fits
 * in it. Each slice is parsed three times (two cuts, then again to walk it), and the trees of
 * the two cuts are alive together: 32 KiB keeps them to a few megabytes.
 */
export const SLICE_CHARS = 32 * 1024;

/**
 * Slices grow to at most this share of the file (and never below SLICE_CHARS): a top-level
 * statement longer than that cannot be split, and parsing it whole would break the memory
 * bound, so the file is refused.
 */
export const MAX_STATEMENT_SHARE = 1 / 8;

/** Largest slice for a text of `length` characters. */
export function maxSliceChars(length: number): number {
  return Math.max(SLICE_CHARS, Math.floor(length * MAX_STATEMENT_SHARE));
}

interface TopLevelChild {
  startIndex: number;
  endIndex: number;
  typeId: number;
  row: number;
  column: number;
  hasError: boolean;
  /** Comments and other extras, which do not count towards the safety margin. */
  isExtra: boolean;
  /** A bodiless function signature (a TypeScript overload), read together with the statements after it. */
  continues: boolean;
}

/** The root's children: where each starts and whether it holds a syntax error. */
function topLevelChildren(tree: SyntaxTree): TopLevelChild[] {
  const children: TopLevelChild[] = [];
  const cursor = tree.walk();
  if (!cursor.gotoFirstChild()) return children;
  do {
    const node = cursor.currentNode;
    const declaration = node.type === "export_statement" ? node.childForFieldName("declaration") : node;
    children.push({
      startIndex: node.startIndex,
      endIndex: node.endIndex,
      typeId: node.typeId,
      row: node.startPosition.row,
      column: node.startPosition.column,
      hasError: node.hasError,
      isExtra: node.isExtra,
      continues: declaration?.type === "function_signature",
    });
  } while (cursor.gotoNextSibling());
  return children;
}

/**
 * Whether two parses read a top-level statement alike: same span and type (a syntax error
 * both read alike, away from both cuts, is the file's own).
 */
function sameStatement(a: TopLevelChild, b: TopLevelChild): boolean {
  return a.startIndex === b.startIndex && a.endIndex === b.endIndex && a.typeId === b.typeId && a.hasError === b.hasError;
}

/** Row and column (code units) of `index`, counting on from a known position at `from`. */
function positionAt(source: string, from: number, at: { row: number; column: number }, index: number): { row: number; column: number } {
  let row = at.row;
  let lineStart = from - at.column;
  for (let newline = source.indexOf("\n", from); newline !== -1 && newline < index; newline = source.indexOf("\n", newline + 1)) {
    row++;
    lineStart = newline + 1;
  }
  return { row, column: index - lineStart };
}

/** A slice found by the first pass: the range parsed and how many of its root's children are walked. */
interface Slice {
  range: SourceRange;
  keep: number;
}

/**
 * Parses a long text a slice at a time, each slice a run of whole top-level statements, and
 * walks each slice's statements with one walker, so the results equal a whole-file walk's.
 * A slice ends at a line end; the statements both of its cuts read alike (see `scan`), less
 * a safety margin, are kept, and the next slice starts at the first statement not kept.
 *
 * Two passes: the first finds the slices and runs the root's own rule on each (TypeScript
 * reads the program's `export { a }` lists there, which can follow the declarations they
 * export); the second parses the same slices again and walks them. `step` does one parse,
 * so a caller can let the event loop run (and free the previous tree) in between.
 */
export class SlicedParse {
  private offset = 0;
  private position = { row: 0, column: 0 };
  private window: number;
  private readonly maxWindow: number;
  private readonly slices: Slice[] = [];
  /** Index of the next slice to walk, once the first pass is done. */
  private walked = -1;
  hasErrors = false;

  constructor(
    private readonly lang: Lang,
    /** The text to parse (a language's prepared source: same offsets and lines as the file). */
    private readonly parsed: string,
    private readonly walker: TreeWalker,
    /** Characters a slice starts with (tests use a few hundred to cut between many statements). */
    private readonly sliceChars: number = SLICE_CHARS,
  ) {
    this.window = sliceChars;
    this.maxWindow = Math.max(sliceChars, maxSliceChars(parsed.length));
    const empty = parseSource(lang, "");
    this.rootType = { typeId: empty.rootNode.typeId, name: empty.rootNode.type };
    releaseTree(empty);
  }

  private readonly rootType: RootType;

  /**
   * Parses one slice (first pass) or walks one (second pass); returns true once the whole
   * text is done. Throws NOT_SLICEABLE when the root's rules cannot work a slice at a time,
   * and a too_large TsiftError when a statement cannot be split.
   */
  step(): boolean {
    try {
      return this.stepOnce();
    } finally {
      // No tree outlives the step that parsed it: the slices are kept as ranges.
      for (const tree of this.parsedTrees.splice(0)) releaseTree(tree);
    }
  }

  private readonly parsedTrees: SyntaxTree[] = [];

  private parse(range: SourceRange): SyntaxTree {
    const tree = parseSource(this.lang, this.parsed, range);
    this.parsedTrees.push(tree);
    return tree;
  }

  private stepOnce(): boolean {
    if (this.walked < 0) {
      if (this.scan()) this.walked = 0;
      return false;
    }
    const slice = this.slices[this.walked++];
    if (!slice) return true;
    const tree = this.parse(slice.range);
    this.walker.walkTopLevel(tree, { from: 0, to: slice.keep }, this.rootType);
    return this.walked >= this.slices.length;
  }

  /** The range from the current offset to the first line end at least `length` characters on (or the end). */
  private rangeFrom(length: number): SourceRange {
    const source = this.parsed;
    const wanted = this.offset + length;
    const lineEnd = wanted >= source.length ? -1 : source.indexOf("\n", wanted);
    const end = lineEnd === -1 ? source.length : lineEnd + 1;
    return { startIndex: this.offset, endIndex: end, startPosition: this.position, endPosition: positionAt(source, this.offset, this.position, end) };
  }

  /**
   * First pass: true once every slice is known. A cut through a statement can change how
   * the statement reads before the cut, without any syntax error (error recovery reads the
   * head of a cut TypeScript arrow function, or of a shell function, as separate statements).
   * So each slice is parsed twice, to two cuts a slice apart: the statements both parses
   * read alike, up to the first one they disagree on, are whole, provided the longer parse
   * reads that one as a whole statement followed by another (the statement the shorter
   * cut ran through ended before the longer cut).
   */
  private scan(): boolean {
    const short = this.rangeFrom(this.window);
    if (short.endIndex >= this.parsed.length) {
      const tree = this.parse(short);
      this.accept(tree, short, topLevelChildren(tree).length);
      this.hasErrors ||= tree.rootNode.hasError;
      return true;
    }
    const long = this.rangeFrom(this.window * 2);
    const longTree = this.parse(long);
    if (long.endIndex >= this.parsed.length) {
      // The longer parse reaches the end of the text: every statement it read is whole.
      this.accept(longTree, long, topLevelChildren(longTree).length);
      this.hasErrors ||= longTree.rootNode.hasError;
      return true;
    }
    const longChildren = topLevelChildren(longTree);
    const tree = this.parse(short);
    const children = topLevelChildren(tree);
    let agreed = 0;
    while (agreed < children.length && agreed < longChildren.length && sameStatement(children[agreed]!, longChildren[agreed]!)) agreed++;
    let keep = 0;
    const disputed = longChildren[agreed];
    const confirmed = disputed !== undefined && !disputed.hasError && longChildren.slice(agreed + 1).some((child) => !child.isExtra);
    if (confirmed && disputed.endIndex >= short.endIndex && disputed.column === 0) {
      // The short parse's last statement is where its cut is: never kept.
      keep = Math.min(agreed, children.length - 1);
      // Statements of formatted code start at column 0; the pieces a cut leaves mostly do
      // not (they come from an indented body), so no slice starts or keeps one that does not.
      for (let i = 0; i < keep; i++) {
        if (!children[i]!.isExtra && children[i]!.column !== 0) {
          keep = i;
          break;
        }
      }
      // One statement of margin: the cut may also have changed how the one before it ended.
      for (let dropped = 0; keep > 0 && dropped < SAFETY_MARGIN;) if (!children[--keep]!.isExtra) dropped++;
      // A slice never ends between a TypeScript overload signature and what follows it (the
      // signatures are read with their implementation), nor starts on a comment or a piece.
      while (keep > 0 && (children[keep]!.isExtra || children[keep]!.column !== 0 || children[keep - 1]!.continues)) keep--;
    }
    if (keep <= 0) {
      if (this.window < this.maxWindow) {
        this.window = Math.min(this.window * 2, this.maxWindow);
        return false;
      }
      // The slice is as long as it may get: a statement runs past it (or a syntax error makes
      // the two cuts disagree from the start), so the file cannot be split safely.
      throw this.refusal();
    }
    this.accept(tree, short, keep);
    for (let i = 0; i < keep; i++) this.hasErrors ||= children[i]!.hasError;
    const next = children[keep]!;
    this.offset = next.startIndex;
    this.position = { row: next.row, column: next.column };
    this.window = this.sliceChars;
    return false;
  }

  private accept(tree: SyntaxTree, range: SourceRange, keep: number): void {
    if (!this.walker.prescanRoot(tree, this.rootType)) throw NOT_SLICEABLE;
    this.slices.push({ range, keep });
  }

  private refusal(): TsiftError {
    const line = this.position.row + 1;
    return hugeFileRefusal(
      this.parsed.length,
      `a top-level statement at line ${line} runs past ${this.maxWindow} characters (1/${Math.round(1 / MAX_STATEMENT_SHARE)} of the file), the most one slice may hold`,
      { line, limit: this.maxWindow },
    );
  }
}

/** Thrown by SlicedParse when the language's root rules cannot work a slice at a time. */
export const NOT_SLICEABLE = new Error("the root node's rules need the whole file");

/**
 * The error for a file of at least REFUSE_UNSPLITTABLE_MIN_CHARS that cannot be parsed in
 * slices: parsing it whole would take ~50 times its size in memory.
 */
export function hugeFileRefusal(size: number, why: string, details: Record<string, unknown> = {}): TsiftError {
  return new TsiftError(
    "unsupported",
    `${size} characters is too large to index in bounded memory: ${why}; files of ${REFUSE_UNSPLITTABLE_MIN_CHARS} characters or more are indexed only in slices of whole top-level statements, which bounds their memory (a whole parse takes ~50 times the text); split the file, add it to index.exclude, or set index.max_file_bytes below ${size} to skip it`,
    { details: { reason: "too_large", size, ...details } },
  );
}
