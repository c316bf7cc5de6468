import type { CallDraft, LanguageRules, RuleContext } from "../language-rules";
import type { SyntaxNode } from "../parser-registry";

/**
 * Declared types of a callable's parameters and local bindings, for the receiver types of
 * the calls in its body (Rust, Kotlin, Zig). The walk is in document order, so a scope is
 * closed lazily once a later node starts past its end. A name bound without a known type
 * is recorded as null: it shadows any outer binding, and its calls stay untyped.
 */

interface Scope {
  end: number;
  names: Map<string, string | null>;
}

const states = new WeakMap<RuleContext, Scope[]>();

function scopesAt(context: RuleContext, offset: number): Scope[] {
  let scopes = states.get(context);
  if (!scopes) states.set(context, (scopes = []));
  while (scopes.length > 0 && scopes[scopes.length - 1]!.end <= offset) scopes.pop();
  return scopes;
}

/** Opens the scope of a callable spanning `[start, end)`. */
export function openLocalScope(context: RuleContext, start: number, end: number): void {
  scopesAt(context, start).push({ end, names: new Map() });
}

/** Binds `name` in the innermost scope open at `offset` (outside any callable: ignored). */
export function bindLocal(context: RuleContext, offset: number, name: string, type: string | null): void {
  const scopes = scopesAt(context, offset);
  scopes[scopes.length - 1]?.names.set(name, type);
}

/** The type `name` is bound to at `offset`: a type path, null (bound, type unknown), or undefined (not a local). */
export function localType(context: RuleContext, offset: number, name: string): string | null | undefined {
  const scopes = scopesAt(context, offset);
  for (let i = scopes.length - 1; i >= 0; i--) {
    const names = scopes[i]!.names;
    if (names.has(name)) return names.get(name)!;
  }
  return undefined;
}

const WRAPPERS = /^(?:Box|Rc|Arc|RefCell|Cell|Mutex|RwLock|Pin|Cow)<(.+)>$/u;

/**
 * A declared type as a type path the resolver follows: references, pointers, `mut`,
 * `dyn`/`impl` (the trait), smart-pointer wrappers, optionals and generic arguments
 * removed, `::` kept. Null for anything else (tuples, function types, arrays).
 */
export function typePathOf(text: string): string | null {
  let type = text.trim();
  for (let previous = ""; previous !== type;) {
    previous = type;
    type = type
      .replace(/^&\s*(?:'\w+\s+)?(?:mut\s+)?/u, "")
      .replace(/^\*\s*(?:const\s+|mut\s+)?/u, "")
      .replace(/^\?/u, "")
      .replace(/\?$/u, "")
      .replace(/^(?:dyn|impl)\s+/u, "")
      .trim();
    const wrapped = WRAPPERS.exec(type);
    if (wrapped) type = wrapped[1]!.trim();
  }
  // `dyn Repository + Send`: the first bound is the trait with the methods.
  type = type.replace(/\s*\+.*$/u, "");
  const path = /^([\p{L}_][\w]*(?:(?:::|\.)[\p{L}_][\w]*)*)\s*(?:<.*>)?$/u.exec(type);
  return path ? path[1]! : null;
}

/** A call rule whose every draft `annotate` then completes (receiver types, locals). */
export function annotatingCalls(
  rule: LanguageRules["calls"][string],
  annotate: (draft: CallDraft, node: SyntaxNode, context: RuleContext) => void,
): LanguageRules["calls"][string] {
  return (node, context) => {
    const drafts = rule(node, context);
    if (!drafts) return drafts;
    for (const draft of Array.isArray(drafts) ? drafts : [drafts]) annotate(draft, node, context);
    return drafts;
  };
}
