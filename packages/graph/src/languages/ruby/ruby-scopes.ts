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

/** A local's type, or how to read it: most locals are never a receiver, so their values are read on demand. */
type Binding = string | null | (() => string | null);

/** One assignment of a local: its type from `from` on (an assignment's value is the old one's until it ends). */
interface Entry {
  from: number;
  type: Binding;
}

interface Scope {
  end: number;
  hard: boolean;
  names: Map<string, Entry[]>;
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

/**
 * Binds `name` from `from` on, in the innermost scope open at `offset` (`x = x.next`: the
 * new type counts from the end of the assignment, the name is a local from its start). A
 * function type is read the first time the local's type is asked for.
 */
export function bindLocal(context: RuleContext, offset: number, name: string, type: Binding, from = offset): void {
  const scopes = scopesAt(context, offset);
  const scope = scopes[scopes.length - 1];
  if (!scope) return;
  const entries = scope.names.get(name);
  if (entries) entries.push({ from, type });
  else scope.names.set(name, [{ from, type }]);
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
    const entries = scope.names.get(name);
    if (entries) {
      let current: Entry | null = null;
      for (const entry of entries) if (entry.from <= offset && (current === null || entry.from >= current.from)) current = entry;
      if (current) {
        if (typeof current.type !== "function") return current.type;
        const read = current.type;
        // While its value is read, the local is untyped (a value naming itself).
        current.type = null;
        current.type = read();
        return current.type;
      }
    }
    if (scope.hard) return undefined;
  }
  return undefined;
}
