import type { RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { lookup, type TypeState } from "./typescript-type-scopes";
import { bound, boundByArgument, IDENTIFIER_PATH, typeParameters, typePath, type Enclosing, type TypeParameters } from "./typescript-type-paths";

/**
 * Contextual typing of callback parameters, the way the checker types `(console) => …` in
 * `consoleWith((console) => console.log(1))` from `consoleWith(f: (console: Console) => …)`:
 *
 * - a declaration records, for each parameter whose annotation is a function type, the
 *   declared types of that function type's parameters, as member types of the declaration
 *   named `(i.j)` (parameter j of the callback passed as argument i);
 * - a call remembers, for each function passed as an argument, which callee and argument
 *   it is (`=path,i` for a value path, `T#m,i` for a method of a typed receiver), and the
 *   function's untyped parameter j is then typed `&(callee,i,j)`: the resolver looks the
 *   callee up and reads its `(i.j)` member type.
 *
 * Generic signatures are left alone: a parameter typed by an unconstrained type parameter
 * records nothing (its type depends on the call's inferred arguments).
 */

const PARAMETERS = new Set(["required_parameter", "optional_parameter"]);
const CALLBACKS = new Set(["arrow_function", "function_expression"]);

/** Parameters that take an argument: a `this` parameter takes none. */
function parametersOf(list: SyntaxNode | null): SyntaxNode[] {
  return (list?.namedChildren ?? []).filter((parameter) => PARAMETERS.has(parameter.type) && parameter.childForFieldName("pattern")?.type !== "this");
}

/**
 * The signatures a declaration's type annotation gives it: a function type, or the call
 * signatures of an object type (`const map: { (f): …; (self, f): … }`, `readonly use: (f) => A`).
 */
export function annotatedSignatures(annotation: SyntaxNode | null): SyntaxNode[] {
  let type = annotation?.type === "type_annotation" ? annotation.firstNamedChild : annotation;
  while (type?.type === "parenthesized_type") type = type.firstNamedChild;
  if (type?.type === "function_type") return [type];
  if (type?.type === "object_type") return type.namedChildren.filter((member) => member.type === "call_signature");
  return [];
}

/**
 * Records `(i.j)` member types on the symbol `draft` opens, from `signatures` (the function
 * itself, or what its annotation declares); with several signatures the first to declare
 * a position wins.
 */
export function recordCallbackParameters(
  signatures: readonly SyntaxNode[],
  draft: SymbolDraft,
  context: RuleContext,
  outer: TypeParameters,
  enclosing: Enclosing,
): void {
  for (const signature of signatures) recordSignature(signature, draft, context, new Map([...outer, ...typeParameters(signature)]), enclosing);
}

function recordSignature(node: SyntaxNode, draft: SymbolDraft, context: RuleContext, own: TypeParameters, enclosing: Enclosing): void {
  const list = node.childForFieldName("parameters");
  // Most signatures take no function: their parameters are not materialized.
  if (!list || !context.source.slice(list.startIndex, list.endIndex).includes("=>")) return;
  const parameters = parametersOf(list);
  if (parameters.length === 0 || !context.memberType) return;
  let owner: string | null = null;
  parameters.forEach((parameter, i) => {
    let type = parameter.childForFieldName("type")?.firstNamedChild ?? null;
    while (type?.type === "parenthesized_type") type = type.firstNamedChild;
    if (type?.type !== "function_type") return;
    const scope = new Map([...own, ...typeParameters(type)]);
    parametersOf(type.childForFieldName("parameters")).forEach((inner, j) => {
      const annotation = inner.childForFieldName("type");
      // A parameter typed by an unconstrained type parameter of the signature: the argument binding it.
      let path = bound(typePath(annotation, true), scope, enclosing);
      if (path === null) {
        path = boundByArgument(annotation, () => parameters, i, own);
        // Not when the function type declares that type parameter itself (`f: <X>(x: X) => …`).
        if (path !== null && typeParameters(type).has(annotation?.firstNamedChild?.text ?? "")) path = null;
      }
      if (!path) return;
      if (owner === null) {
        const parent = draft.parent !== undefined ? draft.parent : (context.enclosing()?.qualified_name ?? null);
        owner = parent ? `${parent}.${draft.name}` : draft.name;
      }
      context.memberType!(`(${i}.${j})`, path, owner);
    });
  });
}

/**
 * The types of a call's arguments, for a callee whose callback parameters are bound by them
 * (`@T0;T1;…`, an unknown one empty), or "" when none is known.
 */
export function argumentTypes(node: SyntaxNode, typeOf: (value: SyntaxNode) => string | null): string {
  const args = node.childForFieldName("arguments")?.namedChildren;
  if (!args) return "";
  const types = args.filter((arg) => arg.type !== "comment").map((arg) => (CALLBACKS.has(arg.type) ? null : typeOf(arg)) ?? "");
  return types.some((type) => type !== "") ? `@${types.join(";")}` : "";
}

/**
 * The functions passed to a call: argument start -> `callee,i`. `receiverType` is the
 * declared type of a member callee's object (null when unknown); `isLocal` says a bare
 * name is a parameter or local (whose declaration is no symbol).
 */
export function callbackArguments(
  node: SyntaxNode,
  receiverType: (object: SyntaxNode) => string | null,
  isLocal: (name: string, at: number) => boolean,
): [number, string][] {
  const args = node.childForFieldName("arguments")?.namedChildren;
  if (!args || !args.some((arg) => CALLBACKS.has(arg.type))) return [];
  const constructed = node.type === "new_expression";
  const callee = node.childForFieldName(constructed ? "constructor" : "function");
  if (!callee) return [];
  let spec: string | null = null;
  const root = callee.text.split(".")[0]!;
  // `new Observable((subscriber) => …)`: the class's constructor declares the callback.
  if (IDENTIFIER_PATH.test(callee.text) && root !== "this" && !isLocal(root, callee.startIndex))
    spec = constructed ? `=${callee.text}.constructor` : `=${callee.text}`;
  else if (constructed) return [];
  else if (callee.type === "member_expression") {
    const object = callee.childForFieldName("object");
    const property = callee.childForFieldName("property");
    const type = object && property?.type === "property_identifier" ? receiverType(object) : null;
    if (type && !type.startsWith("=")) spec = `${type}#${property!.text}`;
  }
  if (spec === null) return [];
  const found: [number, string][] = [];
  let index = 0;
  for (const arg of args) {
    if (arg.type === "comment") continue;
    if (CALLBACKS.has(arg.type)) found.push([arg.startIndex, `${spec},${index}`]);
    index++;
  }
  return found;
}

/**
 * The contextual types of a callback's untyped parameters: parameter name -> `&(callee,i,j)`,
 * or `&(callee,i,j@T0;T1;…)` with the call's argument types (`callee` carries them after `@`).
 */
export function contextualParameters(node: SyntaxNode, spec: string): [string, string][] {
  const at = topLevelAt(spec);
  const callee = at < 0 ? spec : spec.slice(0, at);
  const args = at < 0 ? "" : spec.slice(at);
  const single = node.childForFieldName("parameter");
  if (single) return [[single.text, `&(${callee},0${args})`]];
  const typed: [string, string][] = [];
  parametersOf(node.childForFieldName("parameters")).forEach((parameter, j) => {
    const pattern = parameter.childForFieldName("pattern");
    if (parameter.childForFieldName("type") || parameter.childForFieldName("value")) return;
    if (pattern?.type === "identifier") typed.push([pattern.text, `&(${callee},${j}${args})`]);
    // `({ fiber, date: at }) => …`: each destructured property is that member of the parameter's type.
    else if (pattern?.type === "object_pattern")
      for (const property of pattern.namedChildren) {
        const pair = property.type === "pair_pattern";
        const key = pair ? property.childForFieldName("key") : property;
        const value = pair ? property.childForFieldName("value") : property;
        if (
          key &&
          value &&
          (pair ? key.type === "property_identifier" && value.type === "identifier" : property.type === "shorthand_property_identifier_pattern")
        )
          typed.push([value.text, `&(${callee},${j}${args})#${key.text}`]);
      }
  });
  return typed;
}

/** The offset of the first `@` outside parentheses (a callee `&(…@…)#m` holds its own), or -1. */
function topLevelAt(spec: string): number {
  let depth = 0;
  for (let i = 0; i < spec.length; i++) {
    const char = spec[i];
    if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (char === "@" && depth === 0 && spec[i + 1] !== "(") return i;
  }
  return -1;
}

/**
 * `#@(T0;T1)`: the types of a call's arguments that are names (`=ClockRef` for a value of the
 * file, a local's declared type), for a callee whose result is bound by one
 * (`getRef<A>(ref: Reference<A>): A`); "" when none is known. Names only: cheap to read.
 */
export function argumentStep(node: SyntaxNode, state: TypeState): string {
  const args = node.childForFieldName("arguments");
  if (args?.type !== "arguments" || args.namedChildCount === 0) return "";
  let known = false;
  const types = args.namedChildren.map((arg) => {
    let type: string | null = null;
    if (arg.type === "identifier") {
      const local = lookup(state, arg.startIndex, arg.text);
      type = local === undefined ? `=${arg.text}` : local;
    } else if (
      arg.type === "member_expression" &&
      arg.firstNamedChild?.type === "identifier" &&
      arg.childForFieldName("property")?.type === "property_identifier"
    ) {
      // `ns.ClockRef`: a value of the file or of a namespace import.
      const root = arg.firstNamedChild.text;
      type = root !== "this" && lookup(state, arg.startIndex, root) === undefined ? `=${arg.text}` : null;
    }
    if (!type || type.includes(";")) return "";
    known = true;
    return type;
  });
  return known ? `#@(${types.join(";")})` : "";
}
