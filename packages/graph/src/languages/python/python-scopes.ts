import type { RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { type Binding, expressionType, type Lookup, type Scan, scanBlock, scanFunction, targetNames } from "./python-types";

/**
 * The scopes a Python walk is in, so a call can say what its receiver is. The module's
 * top-level bindings are read when the walk starts; each class, when its rule runs, reads its
 * body and its methods (their `self.x` assignments become member types of the class); each
 * function opens a scope holding its parameters' and locals' bindings until the walk passes
 * its end. One state per walk, keyed by its rule context.
 */
interface OpenScope {
  end: number;
  scan: Scan;
}

interface WalkState {
  module: Map<string, Binding>;
  scopes: OpenScope[];
  /** Method start -> its scan, read with its class (the function rule takes it). */
  pending: Map<number, Scan>;
  /** Start offsets of the module nodes already read. */
  scannedModules: Set<number>;
}

const states = new WeakMap<RuleContext, WalkState>();

function stateOf(context: RuleContext): WalkState {
  let state = states.get(context);
  if (!state) states.set(context, (state = { module: new Map(), scopes: [], pending: new Map(), scannedModules: new Set() }));
  return state;
}

/** Closes the function scopes the walk has left, and returns the lookup at `position`. */
function lookupAt(state: WalkState, position: number): Lookup {
  const scopes = state.scopes;
  while (scopes.length > 0 && scopes[scopes.length - 1]!.end <= position) scopes.pop();
  const depth = scopes.length;
  return (name) => {
    for (let i = depth - 1; i >= 0; i--) {
      const { scan } = scopes[i]!;
      if (scan.outer.has(name)) continue;
      if (scan.bindings.has(name)) return scan.bindings.get(name);
    }
    return state.module.get(name);
  };
}

export function enterModule(node: SyntaxNode, context: RuleContext): void {
  const state = stateOf(context);
  // A file parsed in slices has a module node per slice, each met twice (the slicer reads
  // every slice's root before walking any): the bindings of all slices, in order, once each.
  if (state.scannedModules.has(node.startIndex)) return;
  state.scannedModules.add(node.startIndex);
  for (const [name, binding] of scanBlock(node, (name) => state.module.get(name))) state.module.set(name, binding);
}

/** Opens a function's scope (its scan read with its class, or now); returns what calling it yields. */
export function enterFunction(node: SyntaxNode, context: RuleContext, isMethod: boolean, decorators: readonly string[]): string | null {
  const state = stateOf(context);
  const lookup = lookupAt(state, node.startIndex);
  let scan = state.pending.get(node.startIndex);
  if (scan) state.pending.delete(node.startIndex);
  else scan = scanFunction(node, isMethod, decorators, lookup);
  state.scopes.push({ end: node.endIndex, scan });
  return scan.returns;
}

const COMPREHENSIONS = new Set(["list_comprehension", "set_comprehension", "dictionary_comprehension", "generator_expression"]);

/**
 * A lambda's parameters and a comprehension's `for` targets are variables of their own
 * scope: a receiver or callee named like one is that variable, not a module or class.
 */
export function enterExpressionScope(node: SyntaxNode, context: RuleContext): void {
  const state = stateOf(context);
  lookupAt(state, node.startIndex);
  const bindings = new Map<string, Binding>();
  if (COMPREHENSIONS.has(node.type)) {
    for (const clause of node.namedChildren) {
      if (clause.type !== "for_in_clause") continue;
      const left = clause.childForFieldName("left");
      if (left) for (const name of targetNames(left, [])) bindings.set(name, null);
    }
  } else {
    for (const parameter of node.childForFieldName("parameters")?.namedChildren ?? []) {
      const name = parameter.type === "identifier" ? parameter : (parameter.childForFieldName("name") ?? parameter.namedChildren[0]);
      if (name?.type === "identifier") bindings.set(name.text, null);
    }
  }
  if (bindings.size === 0) return;
  state.scopes.push({ end: node.endIndex, scan: { bindings, outer: new Set(), self: null, selfAttributes: new Map(), returns: null } });
}

function decoratorNames(node: SyntaxNode): string[] {
  const names: string[] = [];
  for (const child of node.namedChildren) {
    if (child.type !== "decorator") continue;
    const text = child.text.slice(1);
    const paren = text.indexOf("(");
    names.push((paren >= 0 ? text.slice(0, paren) : text).replace(/\s+/gu, ""));
  }
  return names;
}

/**
 * Reads a class: annotated and assigned class attributes and the `self.x` assignments of its
 * methods become member types of the class (when every assignment agrees), and each
 * method's scan is kept for its function rule.
 */
export function enterClass(node: SyntaxNode, context: RuleContext, name: string): void {
  const state = stateOf(context);
  const lookup = lookupAt(state, node.startIndex);
  const body = node.childForFieldName("body");
  if (!body) return;
  const enclosing = context.enclosing();
  const owner = enclosing ? `${enclosing.qualified_name}.${name}` : name;
  const types = new Map<string, (string | null)[]>();
  const seen = (member: string, type: string | null) => {
    const list = types.get(member);
    if (list) list.push(type);
    else types.set(member, [type]);
  };
  for (const [member, binding] of scanBlock(body, lookup)) if (binding !== false) seen(member, binding);
  for (const statement of body.namedChildren) {
    const definition = statement.type === "decorated_definition" ? statement.childForFieldName("definition") : statement;
    if (definition?.type !== "function_definition") continue;
    const scan = scanFunction(definition, true, statement === definition ? [] : decoratorNames(statement), lookup);
    state.pending.set(definition.startIndex, scan);
    for (const [member, type] of scan.selfAttributes) seen(member, type);
  }
  if (!context.memberType) return;
  for (const [member, list] of types) {
    const first = list[0];
    if (first && list.every((type) => type === first)) context.memberType(member, first, owner);
  }
}

const SELF_NAMES = new Set(["self", "cls"]);
const HEAD = /^[A-Za-z_]\w*/u;
const DOTTED = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/u;
const EXPLICIT_SUPER = /^super\(\s*([A-Za-z_]\w*)\s*,\s*([A-Za-z_]\w*)\s*\)$/u;

export interface ReceiverFacts {
  /** The receiver's type (`CallSite.receiver_type`). */
  type?: string;
  /** The callee (bare call) or the receiver's head is a variable of the caller or module whose value is unknown. */
  local?: boolean;
  /** A rewritten receiver: `super(Cls, self)` in `Cls` is `super()`. */
  receiver?: string;
}

/** What a call's scope says about its bare callee or its receiver (`receiver` is the receiver's raw text). */
export function receiverFacts(call: SyntaxNode, context: RuleContext, callee: string, receiver: string | null): ReceiverFacts {
  const state = stateOf(context);
  const lookup = lookupAt(state, call.startIndex);
  if (receiver === null) {
    const bound = lookup(callee);
    return bound === null || typeof bound === "string" ? { local: true } : {};
  }
  const head = HEAD.exec(receiver)?.[0];
  const bound = head === undefined ? undefined : lookup(head);
  const self = state.scopes[state.scopes.length - 1]?.scan.self ?? null;
  const explicit = EXPLICIT_SUPER.exec(receiver);
  if (explicit) return explicit[1] === context.container()?.name && explicit[2] === self ? { receiver: "super()" } : {};
  if (receiver === head && bound === "this") return SELF_NAMES.has(head) ? {} : { type: "this" };
  if (DOTTED.test(receiver)) {
    // A module or class path (`os.path`, `Store`): the resolver follows it.
    if (bound === false || bound === undefined) return {};
    // `self.repo`, `svc.store`: the variable's type, then member steps (read from the text, no nodes).
    if (typeof bound === "string") return { type: bound + receiver.slice(head!.length).replace(/\./gu, "#") };
    return { local: true };
  }
  const object = call.childForFieldName("function")?.childForFieldName("object");
  const type = object ? expressionType(object, lookup) : undefined;
  if (type) return { type };
  return bound === null || typeof bound === "string" ? { local: true } : {};
}
