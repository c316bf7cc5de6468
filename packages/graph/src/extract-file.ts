import { TsiftError } from "@tsift/core";
import { chunkSource } from "./chunks/chunk-source";
import { attachDocComments } from "./doc-comments";
import type { FileExtraction } from "./extraction-types";
import { hugeFileRefusal, NOT_SLICEABLE, REFUSE_UNSPLITTABLE_MIN_CHARS, SLICED_LANGS, SLICED_PARSE_MIN_CHARS, SlicedParse } from "./internal/sliced-parse";
import { createTreeWalker, type TreeWalker } from "./internal/tree-walker";
import type { Lang } from "./lang";
import { languageDefinition } from "./language-registry";
import { parseSource, releaseTree } from "./parser-registry";

export interface ExtractOptions {
  /** Texts at least this long are parsed in slices of whole top-level statements. Default: SLICED_PARSE_MIN_CHARS. */
  slicedMinChars?: number;
  /** Characters each slice starts with. Default: SLICE_CHARS. */
  sliceChars?: number;
  /**
   * Refuse (a TsiftError whose `details.reason` is "too_large") a text of at least
   * REFUSE_UNSPLITTABLE_MIN_CHARS that cannot be parsed in slices, instead of parsing it
   * whole at ~50 times its size in memory. The indexer sets it; the default parses it whole.
   */
  boundMemory?: boolean;
}

/**
 * An extraction done a slice at a time: `step()` until it returns true, then `result()`.
 * A caller that lets the event loop run between steps frees each slice's parse tree before
 * the next (node-tree-sitter frees trees in finalizers), which bounds a huge file's memory.
 */
export interface ExtractionRun {
  step(): boolean;
  result(): FileExtraction;
}

/**
 * Parses one file and extracts its symbols, call sites, imports and routes. Syntax errors
 * never throw: tree-sitter recovers and `has_errors` says the result is best-effort. Long
 * TypeScript, JavaScript and Python files are parsed a slice of whole top-level statements at a
 * time (see `boundMemory` for files that cannot be).
 */
export function extractFile(lang: Lang, source: string, options: ExtractOptions = {}): FileExtraction {
  const run = startExtraction(lang, source, options);
  while (!run.step());
  return run.result();
}

export function startExtraction(lang: Lang, source: string, options: ExtractOptions = {}): ExtractionRun {
  const { extraction } = languageDefinition(lang);
  // `prepareSource` keeps offsets and lines, so everything below reads the file's own text.
  const parsed = extraction.prepareSource ? extraction.prepareSource(source) : source;
  let walker: TreeWalker = createTreeWalker(source, lang, extraction.rules);
  let hasErrors = false;
  let sliced: SlicedParse | null = null;
  let done = false;

  const parseWhole = () => {
    const tree = parseSource(lang, parsed);
    try {
      walker.walkRoot(tree);
      hasErrors = tree.rootNode.hasError;
    } finally {
      releaseTree(tree);
    }
    done = true;
  };

  const step = (): boolean => {
    if (done) return true;
    if (!sliced) {
      if (!SLICED_LANGS.has(lang)) {
        if (options.boundMemory && parsed.length >= REFUSE_UNSPLITTABLE_MIN_CHARS) throw hugeFileRefusal(parsed.length, `${lang} is not parsed in slices`);
        parseWhole();
        return true;
      }
      if (parsed.length < (options.slicedMinChars ?? SLICED_PARSE_MIN_CHARS)) {
        parseWhole();
        return true;
      }
      sliced = new SlicedParse(lang, parsed, walker, options.sliceChars);
    }
    try {
      done = sliced.step();
    } catch (error) {
      const unsplittable = error === NOT_SLICEABLE || error instanceof TsiftError;
      if (!unsplittable) throw error;
      if (options.boundMemory && parsed.length >= REFUSE_UNSPLITTABLE_MIN_CHARS) {
        throw error === NOT_SLICEABLE ? hugeFileRefusal(parsed.length, `its ${lang} root rules need the whole file`) : error;
      }
      // A file this short may be parsed whole: start over.
      walker = createTreeWalker(source, lang, extraction.rules);
      parseWhole();
      return true;
    }
    if (done) hasErrors = sliced.hasErrors;
    return done;
  };

  return {
    step,
    result() {
      while (!step());
      const walked = walker.result;
      walked.symbols.sort((a, b) => a.line - b.line || b.end_line - a.end_line || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      walked.calls.sort((a, b) => a.line - b.line);
      walked.imports.sort((a, b) => a.line - b.line);
      if (extraction.docComments) attachDocComments(source, walked.symbols, extraction.docComments);
      return {
        language: lang,
        symbols: walked.symbols,
        calls: walked.calls,
        imports: walked.imports,
        routes: extraction.routes ? extraction.routes(source) : [],
        has_errors: hasErrors,
        // Chunked here, next to the parse, so index workers do it in parallel and the text never travels back.
        chunks: chunkSource(source, walked.symbols),
        ...(walked.memberTypes.length > 0 ? { member_types: walked.memberTypes } : {}),
      };
    },
  };
}
