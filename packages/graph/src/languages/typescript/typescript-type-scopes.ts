import type { RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import type { Enclosing } from "./typescript-type-paths";

/**
 * The lexical scopes the declared-type rules (typescript-types) keep during one walk: names
 * bound by parameters and locals with their declared types, type parameters, inline object
 * shapes, class fields and the calls open around the node visited. One state per walk.
 */

export interface Scope {
  end: number;
  names: Map<string, string | null>;
  /** Type parameters declared by the function: name -> constraint (see `typeParameters`). */
  typeParameters?: ReadonlyMap<string, string | null>;
  /** Parameters typed by an inline object type (`options: { readonly pull: Pull }`): member -> type. */
  shapes?: Map<string, ReadonlyMap<string, string>>;
}

export interface TypeState {
  scopes: Scope[];
  /** Class qualified name -> field -> declared type. */
  fields: Map<string, Map<string, string>>;
  /** Open calls, outermost first; a call's callback arguments (start -> `callee,i`) are read when its first one is reached. */
  calls: { node: SyntaxNode; end: number; callbacks?: Map<number, string>; args?: string }[];
  /** Call node (start and length) -> its type as read at `depth` (see expressionType). */
  callTypes: Map<number, { type: string | null; depth: number }>;
}

const states = new WeakMap<RuleContext, TypeState>();

export function stateOf(context: RuleContext): TypeState {
  let state = states.get(context);
  if (!state) states.set(context, (state = { scopes: [], fields: new Map(), calls: [], callTypes: new Map() }));
  return state;
}

/** The innermost open scope at `offset`, closing the ones that ended before it (the walk is in document order). */
export function scopeAt(state: TypeState, offset: number): Scope | null {
  while (state.scopes.length > 0 && state.scopes[state.scopes.length - 1]!.end <= offset) state.scopes.pop();
  return state.scopes[state.scopes.length - 1] ?? null;
}

/** The inline object type a name is bound to, from the scope that binds the name. */
export function shapeOf(state: TypeState, offset: number, name: string): ReadonlyMap<string, string> | undefined {
  scopeAt(state, offset);
  for (let i = state.scopes.length - 1; i >= 0; i--) {
    const scope = state.scopes[i]!;
    if (scope.names.has(name)) return scope.shapes?.get(name);
  }
  return undefined;
}

/** Type parameters of the open function scopes, innermost first (see `bound`). */
export function enclosingOf(state: TypeState): Enclosing {
  return (name) => {
    for (let i = state.scopes.length - 1; i >= 0; i--) {
      const declared = state.scopes[i]!.typeParameters;
      if (declared?.has(name)) return declared.get(name)!;
    }
    return undefined;
  };
}

/** The declared type a name is bound to in the open scopes (null: bound, type unknown; undefined: not bound). */
export function lookup(state: TypeState, offset: number, name: string): string | null | undefined {
  scopeAt(state, offset);
  for (let i = state.scopes.length - 1; i >= 0; i--) {
    const names = state.scopes[i]!.names;
    if (names.has(name)) return names.get(name)!;
  }
  return undefined;
}
