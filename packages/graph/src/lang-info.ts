import type { Lang } from "./lang";
import { LANG_TABLE } from "./internal/lang-table";

/** Static facts about one language; nothing here loads a grammar. */
export interface LangInfo {
  readonly id: Lang;
  readonly displayName: string;
  /** File extensions without the dot, matched case-sensitively. */
  readonly extensions: readonly string[];
  /**
   * npm package that provides the tree-sitter grammar. Several languages share
   * one package (typescript/tsx, javascript/jsx), so a loader must key its cache
   * by language, not by package.
   */
  readonly grammarPackage: string;
  /** Whether call sites are extracted (every language but markdown; the original also had none for zig and bash). */
  readonly hasCalls: boolean;
  /** Line-comment prefixes, longest first so the first match strips the most. */
  readonly commentPrefixes: readonly string[];
}

export function langInfo(lang: Lang): LangInfo {
  return LANG_TABLE[lang];
}
