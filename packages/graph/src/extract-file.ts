import { chunkSource } from "./chunks/chunk-source";
import type { FileExtraction } from "./extraction-types";
import { walkTree } from "./internal/tree-walker";
import type { Lang } from "./lang";
import { LANGUAGE_RULES } from "./languages/index";
import { parseSource } from "./parser-registry";
import { detectRoutes } from "./routes/detect-routes";
import { fixTypeScriptSource } from "./internal/typescript-source-fixes";

/**
 * Parses one file and extracts its symbols, call sites, imports and routes. Syntax errors
 * never throw: tree-sitter recovers and `has_errors` says the result is best-effort.
 */
export function extractFile(lang: Lang, source: string): FileExtraction {
  // Same-length rewrites for syntax the TypeScript grammar rejects; offsets and lines are unchanged.
  const tree = parseSource(lang, lang === "typescript" ? fixTypeScriptSource(source) : source);
  const walked = walkTree(tree, source, lang, LANGUAGE_RULES[lang]);
  walked.symbols.sort((a, b) => a.line - b.line || b.end_line - a.end_line || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  walked.calls.sort((a, b) => a.line - b.line);
  walked.imports.sort((a, b) => a.line - b.line);
  const hasErrors = tree.rootNode.hasError;
  return {
    language: lang,
    symbols: walked.symbols,
    calls: walked.calls,
    imports: walked.imports,
    routes: detectRoutes(lang, source),
    has_errors: hasErrors,
    // Chunked here, next to the parse, so index workers do it in parallel and the text never travels back.
    chunks: chunkSource(source, walked.symbols),
    ...(walked.memberTypes.length > 0 ? { member_types: walked.memberTypes } : {}),
  };
}
