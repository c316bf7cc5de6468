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
  /** Functions, methods, constructors, accessors: own complexity and own call sites. */
  callable: boolean;
  /** Classes, impls, modules, objects: qualify the names of symbols declared inside. */
  container: boolean;
  /** Override the parent (e.g. Rust `impl Trait for Type` methods belong to Type). */
  parent?: string | null;
  level?: number;
}

export interface CallDraft {
  callee: string;
  receiver: string | null;
  kind: CallKind;
  /** 0-based row; default: the node's start row. */
  row?: number;
}

/** Read-only view of where the walker is, for rules that depend on context. */
export interface RuleContext {
  readonly source: string;
  readonly lang: Lang;
  /** Innermost enclosing symbol (container or callable), if any. */
  enclosing(): { name: string; kind: SymbolKind; qualified_name: string } | null;
  /** Innermost enclosing container (class/impl/module/object), if any. */
  container(): { name: string; kind: SymbolKind; qualified_name: string } | null;
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
  /** Node types that add one decision point to the enclosing function's cyclomatic complexity. */
  branches: ReadonlySet<string>;
  /** Node types that may add a decision point depending on the node (e.g. `a && b`); return the weight. */
  conditionalBranches?: Readonly<Record<string, (node: SyntaxNode) => number>>;
  /** Node types that open one nesting level (loop/if/try/switch bodies). */
  nesting: ReadonlySet<string>;
}
