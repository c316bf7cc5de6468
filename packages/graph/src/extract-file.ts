import { chunkSource } from "./chunks/chunk-source";
import { attachDocComments } from "./doc-comments";
import type { FileExtraction } from "./extraction-types";
import { walkTree } from "./internal/tree-walker";
import type { Lang } from "./lang";
import { languageDefinition } from "./language-registry";
import { parseSource } from "./parser-registry";

/**
 * Parses one file and extracts its symbols, call sites, imports and routes. Syntax errors
 * never throw: tree-sitter recovers and `has_errors` says the result is best-effort.
 */
export function extractFile(lang: Lang, source: string): FileExtraction {
  const { extraction } = languageDefinition(lang);
  // `prepareSource` keeps offsets and lines, so everything below reads the file's own text.
  const tree = parseSource(lang, extraction.prepareSource ? extraction.prepareSource(source) : source);
  const walked = walkTree(tree, source, lang, extraction.rules);
  walked.symbols.sort((a, b) => a.line - b.line || b.end_line - a.end_line || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  walked.calls.sort((a, b) => a.line - b.line);
  walked.imports.sort((a, b) => a.line - b.line);
  if (extraction.docComments) attachDocComments(source, walked.symbols, extraction.docComments);
  const hasErrors = tree.rootNode.hasError;
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
}
