import type { DocCommentStyle } from "./doc-comments";
import type { RouteEntry } from "./extraction-types";
import type { LangInfo } from "./lang-info";
import type { ModuleSystem, TestConventions } from "./language-hooks";
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
  /**
   * A huge file may be parsed in slices of top-level statements: set only when sliced
   * extraction was checked to equal whole-file extraction and the rules keep no whole-file
   * state a slice cannot stand for. Absent: huge files are parsed whole.
   */
  readonly sliceable?: boolean;
}

/**
 * One language, declared in one file: the facts every per-language table reads (through
 * `langInfo`) and its extraction. The id is what index.db stores in `files.language`, so
 * it never changes once released.
 */
export interface LanguageDefinition extends Omit<LangInfo, "id" | "rgTypes" | "dottedModuleImports"> {
  readonly id: string;
  /** Its place in `LANGS`, an output contract: existing numbers never change, a new language takes the next one. */
  readonly order: number;
  /** ripgrep's `--type` names that select this language's files (`rg -t ts`); none when absent. */
  readonly rgTypes?: readonly string[];
  readonly extraction: LanguageExtraction;
  /**
   * How imports, module paths and module declarations find indexed files (code, loaded with
   * the rules). Absent: the `relative` module system resolves paths relative to the importing
   * file, any other resolves nothing.
   */
  readonly moduleSystem?: ModuleSystem;
  /** Which files and symbols are tests, how a file's tests are listed and run (`impact`, dead code). */
  readonly tests?: TestConventions;
  /**
   * The type checker of `tsift index --resolve checker` that answers this language's calls
   * (`tsc`: the project's own TypeScript compiler). Absent: no checker pass.
   */
  readonly checkedBy?: "tsc";
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
