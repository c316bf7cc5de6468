import type { DocCommentStyle } from "./doc-comments";
import type { RouteEntry } from "./extraction-types";
import type { LangInfo } from "./lang-info";
import type { LanguageRules } from "./language-rules";

/**
 * What extraction runs for one language. It is the only part of a definition that holds
 * code, so it stays out of the start-up facts (`@tsift/graph/langs`): those are plain
 * data, generated from the definitions, and load no rules and no grammar.
 */
export interface LanguageExtraction {
  /** Node types to symbols, call sites, imports and complexity (see `LanguageRules`). */
  readonly rules: LanguageRules;
  /** HTTP routes found by a text scan of the source, ordered by line; none when absent. */
  readonly routes?: (source: string) => RouteEntry[];
  /**
   * Rewrites source the grammar cannot parse before parsing; must keep byte offsets and
   * line numbers, since spans and signatures are read from the unmodified text.
   */
  readonly prepareSource?: (source: string) => string;
  /** Where declarations carry their documentation; each symbol's `doc` is read from there. */
  readonly docComments?: DocCommentStyle;
}

/**
 * One language, declared in one file: the facts every per-language table reads (through
 * `langInfo`) and its extraction. The id is what index.db stores in `files.language`, so
 * it never changes once released.
 */
export interface LanguageDefinition extends Omit<LangInfo, "id"> {
  readonly id: string;
  /** Its place in `LANGS`, an output contract: existing numbers never change, a new language takes the next one. */
  readonly order: number;
  readonly extraction: LanguageExtraction;
}

function frozenCopy<T>(value: T): T {
  if (Array.isArray(value)) return Object.freeze(value.map(frozenCopy)) as T;
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.freeze(Object.fromEntries(Object.entries(value).map(([key, item]) => [key, frozenCopy(item)]))) as T;
  }
  return value;
}

/**
 * Declares a language. The facts are copied and frozen so no caller can change what
 * another reads; extraction rules are kept as given (their tables are shared between
 * grammars and keyed by identity).
 */
export function defineLanguage(definition: LanguageDefinition): LanguageDefinition {
  const { extraction, ...facts } = definition;
  return Object.freeze({ ...frozenCopy(facts), extraction: Object.freeze({ ...extraction }) });
}
