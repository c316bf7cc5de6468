import type { SourceChunk } from "./chunks/source-chunk";
import type { Lang } from "./lang";

/**
 * What extraction produces for one file. Lines are 1-based; `end_line` is inclusive.
 * Field names are the index.db columns and the CLI's JSON keys.
 */
export type SymbolKind =
  | "function"
  | "method"
  | "constructor"
  | "getter"
  | "setter"
  | "class"
  | "interface"
  | "struct"
  | "enum"
  | "union"
  | "trait"
  | "impl"
  | "mod"
  | "namespace"
  | "type_alias"
  | "const"
  | "static"
  | "variable"
  | "property"
  | "data_class"
  | "sealed_class"
  | "enum_class"
  | "object"
  | "companion_object"
  | "alias"
  | "heading"
  | "code_block"
  | "record"
  | "field"
  | "event"
  | "delegate"
  | "annotation"
  | "module"
  | "typedef"
  | "macro";

/**
 * Normalized visibility: "public" (Rust/Zig `pub`, TS/JS `export`, Kotlin default, Python
 * names without a leading underscore), "private", "protected", "internal" (Kotlin),
 * "crate" / "restricted" (Rust `pub(crate)` / `pub(super)`, `pub(in …)`), "module"
 * (TS/JS top-level declarations that are not exported). Null where a language has none.
 */
export type Visibility = "public" | "private" | "protected" | "internal" | "crate" | "restricted" | "module";

export interface ComplexityMetrics {
  /** 1 + decision points (branches, loops, catch, case arms, && / || / ??, ternaries). */
  cyclomatic: number;
  /** Deepest nesting of control-flow blocks inside the function body (0 = flat). */
  max_nesting: number;
  /** end_line - line + 1. */
  lines: number;
}

export interface ExtractedSymbol {
  name: string;
  kind: SymbolKind;
  language: Lang;
  line: number;
  end_line: number;
  /** The declaration head on one line, without the body; decorators and modifiers kept. */
  signature: string;
  visibility: Visibility | null;
  /** Qualified name of the enclosing class/impl/module/object/heading, or null at top level. */
  parent: string | null;
  /** `parent.name` (headings: `Title > Section`), the handle for `Class.method` lookups. */
  qualified_name: string;
  /** For functions, methods, constructors, getters and setters. */
  complexity?: ComplexityMetrics;
  /** Markdown: heading level 1-6. */
  level?: number;
  /**
   * The declared type a call of this symbol yields (TS/JS return annotation, or the return
   * type of a function-typed binding), as a type path (`Effect.Effect`) or a call marker
   * (`internal.map()`: whatever calling that yields). Set only when extraction can tell.
   */
  return_type?: string;
  /** A binding's declared type (`const String: String = …`, `= new Store()`), same notation. */
  value_type?: string;
  /** Classes, interfaces, type aliases: the types they extend or implement, as type paths (or `f()` for `extends f(…)`). */
  bases?: string[];
  /** The first sentence of the declaration's doc comment or docstring (at most 200 characters), when it has one. */
  doc?: string;
}

export type CallKind = "call" | "new" | "macro" | "command";

export interface CallSite {
  /** Qualified name of the enclosing callable symbol; null for top-level code. */
  caller: string | null;
  /** Line of the caller's declaration (disambiguates overloads and redefinitions). */
  caller_line: number | null;
  /** The called name as written, without receiver: `get` for `this.store.get(k)`. */
  callee: string;
  /** Receiver expression text (`this.store`), or null for a bare call. */
  receiver: string | null;
  line: number;
  kind: CallKind;
  /**
   * The receiver's type when extraction can tell (TS/JS): a type path from a declaration
   * (`x: Store`, `new Store()`), `path()` for the result of a call, `this` for the enclosing
   * class, and `#name` / `#name()` steps through members (`this#store`, `Pool#semaphore`).
   */
  receiver_type?: string;
  /**
   * The called name is bound inside the caller (a parameter or local variable), not a file or
   * imported symbol; for a receiver call (Python), the receiver's head is such a variable.
   */
  local?: true;
}

/**
 * A member's declared type: class fields and interface properties that are not symbols
 * themselves; with owner `""`, a module export under another name (`export { a as b }`:
 * name `b`, type `=a`).
 */
export interface MemberType {
  /** Qualified name of the class or interface; `""` for the module. */
  owner: string;
  name: string;
  /** Type path or call marker, as for `CallSite.receiver_type`. */
  type: string;
}

export interface ImportedName {
  /** The exported name; "default" for default imports, "*" for namespace/glob imports. */
  name: string;
  /** Local name when different from `name` (`import { a as b }`, `import x as y`). */
  alias: string | null;
}

export type ImportKind = "import" | "require" | "dynamic" | "export_from" | "use" | "source";

export interface ImportEntry {
  /** Module specifier as written: "./store", "os.path", "crate::db::Store", "std". */
  module: string;
  /** Imported names; empty for side-effect imports and whole-module imports without a binding. */
  names: ImportedName[];
  line: number;
  kind: ImportKind;
}

export type RouteFramework =
  "express" | "nestjs" | "fastapi" | "flask" | "axum" | "actix" | "net/http" | "gin" | "echo" | "chi" | "spring" | "aspnet" | "laravel" | "symfony" | "rails";

export interface RouteEntry {
  framework: RouteFramework;
  /** Lower-case HTTP method, or "any"/"route" when the framework does not say. */
  method: string;
  path: string;
  /** Handler name, or "<inline>" for an inline function. */
  handler: string;
  line: number;
  /** Line of the handler's declaration when it follows the route (decorators), else null. */
  handler_line: number | null;
}

export interface FileExtraction {
  language: Lang;
  symbols: ExtractedSymbol[];
  calls: CallSite[];
  imports: ImportEntry[];
  routes: RouteEntry[];
  /** True when tree-sitter had to recover from syntax errors (symbols are best-effort). */
  has_errors: boolean;
  /** Search chunks (chunkSource): per declaration, or line windows when the parse needed recovery. */
  chunks: SourceChunk[];
  /** Declared types of members that are not symbols (TS/JS fields and properties); used to resolve `a.b.c()`. */
  member_types?: MemberType[];
}
