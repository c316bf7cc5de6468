import type { CallDraft, LanguageRules, RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { annotatingCalls, bindLocal, localType, openLocalScope, typePathOf } from "../../internal/local-types";

/**
 * Declared types for the call resolver, layered over the Zig rules (`withZigTypes`). Only
 * what the source declares is read:
 *
 * - `const Self = @This();` in a container makes `Self` stand for that container.
 * - Functions open a scope binding their typed parameters (`*T`, `*const T`, `?T` are `T`;
 *   a slice `[]const T` is `T[]`, whose `for` captures are `T`); a local `var`/`const` binds
 *   its declared type, else its value's: `T.init(…)` is `T.init()` (what calling it yields),
 *   `T{ … }` is `T`, `try e` / `&e` / a bound name are `e`'s type, `x.m()` on a typed `x`
 *   is `T#m()`.
 * - Functions record their declared return type (`!T` and `E!T` are `T`).
 * - A container-level `const A = b.C;` records the value it names (`=b.C`); a container's
 *   `usingnamespace Mixin(Self);` records `Mixin()` as a base (its members are the container's).
 * - Calls on a bound receiver (or on `Self`) get its `receiver_type`; a bare call of a
 *   bound name is `local`.
 */

const PATH = /^[\p{L}_][\w]*(?:\.[\p{L}_][\w]*)*$/u;
const CONTAINER_SCOPES = new Set(["struct_declaration", "enum_declaration", "union_declaration", "opaque_declaration"]);

/** Container qualified name -> the names bound to `@This()` in it. */
const aliases = new WeakMap<RuleContext, Map<string, string>>();

function aliasFor(context: RuleContext, name: string): string | undefined {
  const owner = context.container();
  return owner ? aliases.get(context)?.get(`${owner.qualified_name}\0${name}`) : undefined;
}

/** A type path with a leading `@This()` alias replaced by its container. */
function resolveAlias(path: string, context: RuleContext): string {
  const dot = path.indexOf(".");
  const head = dot < 0 ? path : path.slice(0, dot);
  const owner = aliasFor(context, head);
  return owner ? owner + path.slice(head.length) : path;
}

function declaredType(node: SyntaxNode | null, context: RuleContext): string | null {
  if (!node) return null;
  let text = node.text.trim();
  // An error union's payload: `!T`, `E!T`.
  const bang = text.lastIndexOf("!");
  if (bang >= 0) text = text.slice(bang + 1);
  const slice = /^\[\]\s*(?:const\s+)?/u.exec(text);
  const path = typePathOf(slice ? text.slice(slice[0].length) : text);
  if (!path || !PATH.test(path)) return null;
  return resolveAlias(path, context) + (slice ? "[]" : "");
}

function valueType(node: SyntaxNode | null | undefined, context: RuleContext): string | null {
  if (!node) return null;
  switch (node.type) {
    case "try_expression":
      return valueType(node.firstNamedChild, context);
    case "unary_expression":
      return context.source.startsWith("&", node.startIndex) ? valueType(node.childForFieldName("argument"), context) : null;
    case "identifier":
      return localType(context, node.startIndex, node.text) ?? null;
    case "struct_initializer": {
      const type = node.firstNamedChild;
      return type && type.type !== "initializer_list" ? declaredType(type, context) : null;
    }
    case "call_expression": {
      const callee = node.childForFieldName("function");
      if (!callee) return null;
      if (callee.type === "identifier")
        return localType(context, callee.startIndex, callee.text) === undefined ? `${resolveAlias(callee.text, context)}()` : null;
      if (callee.type !== "field_expression") return null;
      const object = callee.childForFieldName("object");
      const member = callee.childForFieldName("member");
      if (!object || !member) return null;
      const owner = object.type === "identifier" ? localType(context, object.startIndex, object.text) : undefined;
      if (owner) return `${owner}#${member.text}()`;
      const path = object.text.replace(/\s+/gu, "");
      return owner === undefined && PATH.test(path) ? `${resolveAlias(path, context)}.${member.text}()` : null;
    }
    default:
      return null;
  }
}

function functionScope(node: SyntaxNode, draft: SymbolDraft, context: RuleContext): void {
  openLocalScope(context, node.startIndex, node.endIndex);
  for (const parameter of node.namedChildren.find((child) => child.type === "parameters")?.namedChildren ?? []) {
    const name = parameter.childForFieldName("name");
    if (name) bindLocal(context, parameter.startIndex, name.text, declaredType(parameter.childForFieldName("type"), context));
  }
  const returns = declaredType(node.childForFieldName("type"), context);
  if (returns && !returns.endsWith("[]")) draft.return_type = returns;
}

/** Locals bind their type; a container's `@This()` alias and `const A = b.C` are recorded. */
function variableTypes(node: SyntaxNode, draft: SymbolDraft | null, context: RuleContext): void {
  const named = node.namedChildren;
  const name = named[0];
  if (name?.type !== "identifier") return;
  const last = named.length > 1 ? named[named.length - 1]! : null;
  const value = last && context.source.slice(named[named.length - 2]!.endIndex, last.startIndex).includes("=") ? last : null;
  const parent = context.parentType();
  if (parent === "source_file" || CONTAINER_SCOPES.has(parent ?? "")) {
    if (value?.type === "builtin_function" && value.text.replace(/\s+/gu, "") === "@This()") {
      const owner = context.container();
      let map = aliases.get(context);
      if (!map) aliases.set(context, (map = new Map()));
      if (owner) map.set(`${owner.qualified_name}\0${name.text}`, owner.qualified_name);
    } else if (draft && value && CONTAINER_SCOPES.has(value.type)) {
      const bases = mixins(value);
      if (bases.length > 0) draft.bases = bases;
    } else if (draft && (value?.type === "field_expression" || value?.type === "identifier") && !value.text.includes("@")) {
      const path = value.text.replace(/\s+/gu, "");
      if (PATH.test(path)) draft.value_type = `=${path}`;
    }
    return;
  }
  const declared = declaredType(node.childForFieldName("type"), context);
  bindLocal(context, node.startIndex, name.text, declared ?? valueType(value, context));
}

/** `usingnamespace Mixin(Self);` / `usingnamespace other;`: the container's members come from there too. */
function mixins(container: SyntaxNode): string[] {
  const bases: string[] = [];
  for (const child of container.namedChildren) {
    if (child.type !== "using_namespace_declaration") continue;
    const value = child.firstNamedChild;
    const callee = value?.type === "call_expression" ? value.childForFieldName("function") : value;
    const path = callee?.text.replace(/\s+/gu, "") ?? "";
    if (PATH.test(path)) bases.push(value === callee ? path : `${path}()`);
  }
  return bases;
}

/** `for (items) |item|`: the capture of a typed slice is its element. */
function forCaptures(node: SyntaxNode, context: RuleContext): null {
  const named = node.namedChildren;
  const payload = named.find((child) => child.type === "payload");
  const iterated = named[0];
  const captures = payload?.namedChildren.filter((child) => child.type === "identifier") ?? [];
  const type = iterated?.type === "identifier" ? localType(context, iterated.startIndex, iterated.text) : null;
  openLocalScope(context, node.startIndex, node.endIndex);
  captures.forEach((capture, index) => {
    bindLocal(context, node.startIndex, capture.text, index === 0 && type?.endsWith("[]") ? type.slice(0, -2) : null);
  });
  return null;
}

function annotateDefinition(rule: LanguageRules["definitions"][string], type: string): LanguageRules["definitions"][string] {
  return (node, context) => {
    const drafts = rule(node, context);
    const draft = drafts && !Array.isArray(drafts) ? drafts : null;
    if (type === "function_declaration" && draft) functionScope(node, draft, context);
    else if (type === "variable_declaration") variableTypes(node, draft, context);
    return drafts;
  };
}

function annotateCallDraft(draft: CallDraft, node: SyntaxNode, context: RuleContext): void {
  if (draft.receiver === null) {
    if (localType(context, node.startIndex, draft.callee) !== undefined) draft.local = true;
    return;
  }
  if (!/^[\p{L}_][\w]*$/u.test(draft.receiver) || draft.receiver === "self") return;
  const type = localType(context, node.startIndex, draft.receiver) ?? aliasFor(context, draft.receiver);
  if (type && !type.endsWith("[]")) draft.receiver_type = type;
}

/** The Zig rules with declared-type facts added (see above). */
export function withZigTypes(rules: LanguageRules): LanguageRules {
  const definitions: Record<string, LanguageRules["definitions"][string]> = {};
  for (const [type, rule] of Object.entries(rules.definitions)) definitions[type] = annotateDefinition(rule, type);
  definitions["for_statement"] = forCaptures;
  const calls = { ...rules.calls, call_expression: annotatingCalls(rules.calls["call_expression"]!, annotateCallDraft) };
  return { ...rules, definitions, calls };
}
