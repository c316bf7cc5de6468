import type { CallKind, ImportEntry, SymbolKind, Visibility } from "./extraction-types";
import type { Lang } from "./lang";
import type { SyntaxNode } from "./parser-registry";

/** A symbol a rule found; the walker fills in parent, qualified name and complexity. */
export interface SymbolDraft {
  name: string;
  kind: SymbolKind;
  signature: string;
  visibility: Visibility | null;
  /** Node whose span is the symbol's span; default: the node the rule was called for. */
  spanNode?: SyntaxNode;
  /** Explicit 0-based start row when the span starts before the node (decorators, doc attributes). */
  startRow?: number;
  /** Explicit 0-based end row (inclusive) when the span ends elsewhere than the node (Markdown sections). */
  endRow?: number;
  /** Functions, methods, constructors, accessors: own complexity and own call sites. */
  callable: boolean;
  /** Classes, impls, modules, objects: qualify the names of symbols declared inside. */
  container: boolean;
  /** Override the parent (e.g. Rust `impl Trait for Type` methods belong to Type). */
  parent?: string | null;
  level?: number;
  /** See `ExtractedSymbol.return_type` / `value_type`. */
  return_type?: string;
  value_type?: string;
  /** See `ExtractedSymbol.bases`. */
  bases?: string[];
}

export interface CallDraft {
  callee: string;
  receiver: string | null;
  kind: CallKind;
  /** 0-based row; default: the node's start row. */
  row?: number;
  /** See `CallSite.receiver_type` and `CallSite.local`. */
  receiver_type?: string;
  local?: true;
}

/** Read-only view of where the walker is, for rules that depend on context. */
export interface RuleContext {
  readonly source: string;
  readonly lang: Lang;
  /** Innermost enclosing symbol (container or callable), if any. */
  enclosing(): { name: string; kind: SymbolKind; qualified_name: string } | null;
  /** Innermost enclosing container (class/impl/module/object), if any. */
  container(): { name: string; kind: SymbolKind; qualified_name: string } | null;
  /**
   * Type of the node's parent, from the walker's stack. Prefer it to `node.parent`, and
   * prefer `children`/`childForFieldName` to `nextSibling`/`previousSibling`: tree-sitter
   * finds a node's parent by descending from the root, so those cost O(siblings) per call
   * and make extraction quadratic on big flat files.
   */
  parentType(): string | null;
  /** Type of an ancestor from the same stack: 0 = the parent, 1 = the grandparent…; null past the root. */
  ancestorType(generation: number): string | null;
  /** Field name of the node in its parent (`alternative`, `body`…), or null. */
  fieldName(): string | null;
  /**
   * Offsets (UTF-16, into `source`) of the node the rule runs for, read from the walker's cursor
   * without building a node: only while the rule runs.
   */
  nodeStart(): number;
  nodeEnd(): number;
  /**
   * Records the declared type of a member of the innermost container (a field or property
   * that is not a symbol), or of `owner` when given (`""`: the module, for export aliases).
   */
  memberType?(name: string, type: string, owner?: string): void;
}

/**
 * Per-language extraction rules. The walker visits every node once with a tree cursor and
 * materializes a SyntaxNode only for node types listed here, which keeps extraction cheap
 * next to parsing.
 */
export interface LanguageRules {
  /** Node types whose subtrees hold nothing to extract (comments, strings, type annotations…). */
  skip: ReadonlySet<string>;
  definitions: Readonly<Record<string, (node: SyntaxNode, context: RuleContext) => SymbolDraft | SymbolDraft[] | null>>;
  calls: Readonly<Record<string, (node: SyntaxNode, context: RuleContext) => CallDraft | CallDraft[] | null>>;
  imports: Readonly<Record<string, (node: SyntaxNode, context: RuleContext) => ImportEntry[] | null>>;
  /**
   * Call rules for frequent node types that need no node: they read where the node is from
   * `context` (`nodeStart`, `nodeEnd`, `parentType`, `fieldName`), so the walker builds no
   * SyntaxNode for them (a bare identifier that may be a call, on every identifier). A call's
   * line defaults to the node's start row. A type has a rule here or in `calls`, not both.
   */
  cursorCalls?: Readonly<Record<string, (context: RuleContext) => CallDraft | CallDraft[] | null>>;
  /** Node types that add one decision point to the enclosing function's cyclomatic complexity. */
  branches: ReadonlySet<string>;
  /** Node types that may add a decision point depending on the node (e.g. `a && b`); return the weight. */
  conditionalBranches?: Readonly<Record<string, (node: SyntaxNode, context: RuleContext) => number>>;
  /** Node types that open one nesting level (loop/if/try/switch bodies). */
  nesting: ReadonlySet<string>;
  /**
   * Node types that may open a nesting level depending on where they are (e.g. not the inner
   * `if` of an `else if`: `context.parentType() === "else_clause"`). Decided from the context
   * alone, so no node is materialized for these frequent types.
   */
  conditionalNesting?: Readonly<Record<string, (context: RuleContext) => boolean>>;
}
