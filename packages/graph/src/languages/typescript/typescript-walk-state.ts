import type { ImportedName, Visibility } from "../../extraction-types";
import type { RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";

/**
 * What the TypeScript/JavaScript rules learn during one walk and read later in it: binding
 * sites record here what the value rules (visited afterwards) emit, so no rule has to look
 * upwards or sideways in the tree. One state per walk, keyed by its rule context.
 */

export interface Wrapper {
  /** Start offset and row of the outermost `export`/`declare` statement around a declaration. */
  start: number;
  row: number;
  exported: boolean;
  isDefault: boolean;
  declared: boolean;
}

export interface Reach {
  visibility: Visibility | null;
  /** Members of `module.exports = { … }` are the module's functions. */
  commonJs: boolean;
}

interface Decoration {
  row: number;
  /** The decorators' own text, so comments between them and the member stay out of the signature. */
  text: string;
}

export interface WalkState {
  /** Top-level names exported by `export { a }`, `export default a`, `export = a` or CommonJS. */
  exported: Set<string>;
  /** Declaration start -> its export/declare wrapper. */
  wrappers: Map<number, Wrapper>;
  /** Function, class or object literal start -> the draft its binding site prepared. */
  pending: Map<number, SymbolDraft>;
  /** Object literal start -> how far its members reach. */
  objects: Map<number, Reach>;
  /** Object-literal method start -> how far it reaches. */
  members: Map<number, Reach>;
  /** Class member start -> its first decorator (TypeScript parses decorators as siblings). */
  decorated: Map<number, Decoration>;
  /** Starts of bodiless signatures that overload a following implementation. */
  overloads: Set<number>;
  /**
   * Implementation start -> its first overload (its span from the `export` before it, and its
   * row) and the number of overloads: the one symbol of the group starts there, listed by it.
   */
  overloadHeads: Map<number, { start: number; end: number; row: number; count: number }>;
  /** Qualified names of ambient namespaces (`declare namespace`, `declare module "x"`). */
  ambient: Set<string>;
  /** `require`/`import()` call start -> the names its result is bound to. */
  requires: Map<number, ImportedName[]>;
  program: SyntaxNode | null;
  programMarked: boolean;
}

const states = new WeakMap<RuleContext, WalkState>();

export function stateOf(context: RuleContext): WalkState {
  let state = states.get(context);
  if (!state) {
    state = {
      exported: new Set(),
      wrappers: new Map(),
      pending: new Map(),
      objects: new Map(),
      members: new Map(),
      decorated: new Map(),
      overloads: new Set(),
      overloadHeads: new Map(),
      ambient: new Set(),
      requires: new Map(),
      program: null,
      programMarked: false,
    };
    states.set(context, state);
  }
  return state;
}

export const ANONYMOUS: Reach = { visibility: null, commonJs: false };
