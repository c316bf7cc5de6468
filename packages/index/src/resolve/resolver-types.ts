// The rows the call resolver reads and the answers it gives (index.db `symbols`, `imports`,
// `member_types`, `calls`).

/**
 * How a call's target was found, in the order the resolver tries; `checker` is written only
 * by the opt-in TypeScript checker pass (`tsift index --resolve checker`), never by this resolver.
 */
export type CallResolution = "same_scope" | "same_file" | "import" | "typed" | "global_unique" | "checker" | "ambiguous" | "unresolved";

export interface ResolverSymbol {
  id: number;
  file: string;
  name: string;
  kind: string;
  language: string;
  parent: string | null;
  qualified_name: string;
  /** Declaration head: base types are read from it (`class A extends B implements C`). */
  signature?: string | null;
  /** First line of the declaration: orders Python redefinitions of a name. */
  line?: number | null;
  /** `public` marks a TS/JS top-level export (the file is then an ES module). */
  visibility?: string | null;
  /** Declared result of calling it / declared type of the binding (@tsift/graph `ExtractedSymbol`). */
  return_type?: string | null;
  value_type?: string | null;
  /** Comma-separated base types, when extraction recorded them (TS/JS); else read from `signature`. */
  bases?: string | null;
}

/** A typed field or property that is not a symbol (index.db `member_types`). */
export interface ResolverMemberType {
  file: string;
  /** Qualified name of the class or interface. */
  owner: string;
  name: string;
  type: string;
}

export interface ResolverImport {
  file: string;
  module: string;
  /** Imported name; "*" for namespace imports, "default", or null for whole-module imports. */
  name: string | null;
  alias: string | null;
  resolved_file: string | null;
  /** import | require | dynamic | export_from | use | source; default import. */
  kind?: string;
}

export interface ResolverCall {
  id: number;
  file: string;
  caller_symbol_id: number | null;
  callee_name: string;
  receiver: string | null;
  kind: string;
  /** What extraction knows of the receiver's type (@tsift/graph `CallSite.receiver_type`): `Store`, `this#store`, `Effect.gen()`. */
  receiver_type?: string | null;
  /** The bare callee is a parameter or local variable of the caller (1/true). */
  local?: number | boolean | null;
  /** The call site's line: which of a name's Python redefinitions it sees. */
  line?: number | null;
}

export interface CallTarget {
  resolved_symbol_id: number | null;
  resolution: CallResolution;
}
