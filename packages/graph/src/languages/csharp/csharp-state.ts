import type { RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";

/** The names a type body declares; read from the body on first use, since most types never need them. */
export interface MemberNames {
  /** Fields, properties, events, methods and nested types. */
  readonly members: ReadonlySet<string>;
}

/** What the C# rules remember about a type while its body is walked. */
export interface TypeFacts {
  /** Base types as type paths, in declaration order (the base class first when there is one). */
  readonly bases: readonly string[];
  readonly names: () => MemberNames;
  /**
   * Names of the types declared in its body (at any depth: a name it does not hold only
   * leaves a type path unqualified), read from the body's text on first use.
   */
  readonly nestedTypes: () => ReadonlySet<string>;
  /** A primary constructor's parameter list (`record Point(int X, int Y)`), or null. */
  readonly primary: SyntaxNode | null;
  /** Its type parameters and those of the types around it: a type written as one names no indexed type. */
  readonly typeParameters: ReadonlySet<string>;
}

interface FileState {
  /** Namespace blocks open at the walk's position, outermost first, with their full names. */
  namespaces: { name: string; end: number }[];
  /** Type facts by the type's qualified name. */
  types: Map<string, TypeFacts>;
}

const states = new WeakMap<RuleContext, FileState>();

/** The C# rules' facts about the file being walked (one context per file). */
export function fileState(context: RuleContext): FileState {
  let state = states.get(context);
  if (!state) states.set(context, (state = { namespaces: [], types: new Map() }));
  return state;
}

/** The full name of the namespace block around `offset` (closed blocks are dropped), or null. */
export function enclosingNamespace(context: RuleContext, offset: number): string | null {
  const { namespaces } = fileState(context);
  while (namespaces.length > 0 && namespaces[namespaces.length - 1]!.end <= offset) namespaces.pop();
  return namespaces[namespaces.length - 1]?.name ?? null;
}

/**
 * A written type path as the resolver finds it from the file's top level: null when it is
 * a type parameter (of the declaration, `own`, or of the types around the walk's
 * position); a type nested in an enclosing type is qualified by it (`Step` written in
 * `Counter` is `Counter.Step`).
 */
export function declaredType(context: RuleContext, path: string | null, own?: ReadonlySet<string>): string | null {
  if (path === null || own?.has(path)) return null;
  const container = context.container();
  const types = fileState(context).types;
  if (!container || types.get(container.qualified_name)?.typeParameters.has(path)) return container ? null : path;
  const head = path.split(".", 1)[0]!;
  for (let owner: string | null = container.qualified_name; owner; owner = owner.includes(".") ? owner.slice(0, owner.lastIndexOf(".")) : null) {
    if (types.get(owner)?.nestedTypes().has(head)) return `${owner}.${path}`;
  }
  return path;
}

/** The facts of the innermost type around the walk's position. */
export function enclosingType(context: RuleContext): TypeFacts | null {
  const container = context.container();
  return container ? (fileState(context).types.get(container.qualified_name) ?? null) : null;
}
