import type { RuleContext } from "../../language-rules";

/**
 * Ruby's local variables, for telling a variable from a method call: a bare `name` is a
 * local when a parameter or an assignment of that name came before it in its scope, else
 * it calls a method on `self` (the rule Ruby's own parser applies). `def`, `class`,
 * `module` and the file are hard scopes (they see no outer local); blocks and lambdas are
 * soft ones (they see their outer scope's). The walk is in document order, so a scope
 * closes once a later node starts past its end. A local may carry the type its value
 * declares (`repo = Repo.new`), as a type path or a call marker (see ruby-types.ts).
 */

interface Scope {
  end: number;
  hard: boolean;
  names: Map<string, string | null>;
}

const states = new WeakMap<RuleContext, Scope[]>();

function scopesAt(context: RuleContext, offset: number): Scope[] {
  let scopes = states.get(context);
  if (!scopes) states.set(context, (scopes = []));
  while (scopes.length > 0 && scopes[scopes.length - 1]!.end <= offset) scopes.pop();
  return scopes;
}

/** Opens the scope spanning `[start, end)`: hard for `def`/`class`/`module`/the file, soft for blocks. */
export function openScope(context: RuleContext, start: number, end: number, hard: boolean): void {
  scopesAt(context, start).push({ end, hard, names: new Map() });
}

/** Binds `name` in the innermost scope open at `offset`; a known type replaces an earlier one. */
export function bindLocal(context: RuleContext, offset: number, name: string, type: string | null): void {
  const scopes = scopesAt(context, offset);
  scopes[scopes.length - 1]?.names.set(name, type);
}

/** Binds `name` unless it is already a local at `offset` (a parameter or `x ||= …` keeps what it was). */
export function declareLocal(context: RuleContext, offset: number, name: string): void {
  if (localType(context, offset, name) === undefined) bindLocal(context, offset, name, null);
}

/** The type `name` is bound to at `offset`: a type, null (a local of unknown type), or undefined (no local: a method call). */
export function localType(context: RuleContext, offset: number, name: string): string | null | undefined {
  const scopes = scopesAt(context, offset);
  for (let i = scopes.length - 1; i >= 0; i--) {
    const scope = scopes[i]!;
    const type = scope.names.get(name);
    if (type !== undefined || scope.names.has(name)) return type ?? null;
    if (scope.hard) return undefined;
  }
  return undefined;
}
