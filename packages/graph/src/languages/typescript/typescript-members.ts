import type { SymbolKind } from "../../extraction-types";
import type { RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { markOverloads, overloadSignature } from "./typescript-overloads";
import { bodyStart, head, propertyKeyName, slice } from "./typescript-source-text";
import { BINDABLE, FUNCTION_VALUES, hasFunctionMembers, prepare, prepareObject, unwrapValue } from "./typescript-values";
import { modifiersOf } from "./typescript-visibility";
import { ANONYMOUS, stateOf } from "./typescript-walk-state";

/**
 * Members of TypeScript/JavaScript classes, interfaces, object types and object literals:
 * methods, accessors, constructors, function-valued fields and function-typed properties.
 */

/**
 * Class bodies: decorators (TypeScript siblings) and overload signatures are matched to
 * their members here, and fields holding functions, classes or method objects are prepared.
 */
export function onClassBody(node: SyntaxNode, context: RuleContext): null {
  const state = stateOf(context);
  const typescript = context.lang === "typescript" || context.lang === "tsx";
  let decorators: SyntaxNode[] = [];
  const members: SyntaxNode[] = [];
  for (const member of node.namedChildren) {
    const type = member.type;
    if (type === "decorator") {
      decorators.push(member);
      continue;
    }
    if (type === "comment") continue;
    if (decorators.length > 0) {
      const text = decorators.map((decorator) => slice(context, decorator.startIndex, decorator.endIndex)).join(" ");
      state.decorated.set(member.startIndex, { row: decorators[0]!.startPosition.row, text });
      decorators = [];
    }
    if (typescript) members.push(member);
    if (type === "public_field_definition" || type === "field_definition") prepareField(member, context);
  }
  if (typescript) markOverloads(members, state, context.source, "method_signature", "method_definition");
  return null;
}

function prepareField(field: SyntaxNode, context: RuleContext): void {
  const raw = field.childForFieldName("value");
  if (!raw || !BINDABLE.has(raw.type)) return;
  const value = unwrapValue(raw, context);
  if (!value) return;
  const isFunction = FUNCTION_VALUES.has(value.type) || value.type === "class";
  if (!isFunction && value.type !== "object") return;
  const name = field.childForFieldName("name") ?? field.childForFieldName("property");
  if (!name) return;
  const decoration = stateOf(context).decorated.get(field.startIndex);
  const prefix = decoration ? `${decoration.text} ` : "";
  const visibility = modifiersOf(field, name).accessibility;
  const base = { name: name.text, visibility, spanNode: field, ...(decoration ? { startRow: decoration.row } : {}) };
  if (isFunction) {
    prepare(context, value, {
      ...base,
      kind: value.type === "class" ? "class" : "method",
      signature: head(prefix + slice(context, field.startIndex, bodyStart(value))),
    });
  } else if (hasFunctionMembers(value, context)) {
    prepareObject(
      context,
      value,
      { ...base, kind: "property", signature: head(prefix + slice(context, field.startIndex, value.startIndex)) },
      { visibility, commonJs: false },
    );
  }
}

export function onMethod(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const ownerType = context.parentType();
  const state = stateOf(context);
  if (node.type === "method_signature") {
    // Interface members (and members of a type alias's object type) are methods of it;
    // in a class body a bodiless signature is an overload unless nothing implements it.
    if (ownerType === "object_type") {
      if (context.ancestorType(1) !== "type_alias_declaration") return null;
    } else if (ownerType === "class_body") {
      if (state.overloads.has(node.startIndex)) return null;
    } else if (ownerType !== "interface_body") return null;
  }
  const name = node.childForFieldName("name");
  if (!name) return null;
  const modifiers = modifiersOf(node, name);
  const inClass = ownerType === "class_body";
  const memberName = propertyKeyName(name) ?? name.text;
  let kind: SymbolKind = modifiers.accessor ?? "method";
  if (inClass && kind === "method" && memberName === "constructor") kind = "constructor";
  const decoration = inClass ? state.decorated.get(node.startIndex) : undefined;
  const body = node.type === "method_definition" ? node.childForFieldName("body") : null;
  const reach = ownerType === "object" ? (state.members.get(node.startIndex) ?? ANONYMOUS) : null;
  // An overloaded method is listed by, and starts at, its first overload, as a function is.
  const overloaded = inClass && node.type === "method_definition" ? state.overloadHeads.get(node.startIndex) : undefined;
  const draft: SymbolDraft = {
    name: memberName,
    kind: reach?.commonJs ? "function" : kind,
    signature: overloaded
      ? overloadSignature(context, overloaded)
      : head((decoration ? `${decoration.text} ` : "") + slice(context, node.startIndex, body ? body.startIndex : node.endIndex)),
    visibility: reach ? reach.visibility : modifiers.accessibility,
    callable: node.type === "method_definition",
    container: false,
  };
  if (decoration) draft.startRow = decoration.row;
  if (overloaded) draft.startRow = Math.min(overloaded.row, draft.startRow ?? overloaded.row);
  if (reach?.commonJs) draft.parent = null;
  return draft;
}

/** `readonly get: (key: K) => V` in an interface or a type alias's object type: a method in all but syntax. */
export function onPropertySignature(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const ownerType = context.parentType();
  if (ownerType === "object_type") {
    if (context.ancestorType(1) !== "type_alias_declaration") return null;
  } else if (ownerType !== "interface_body") return null;
  const name = node.childForFieldName("name");
  let type = node.childForFieldName("type")?.firstNamedChild ?? null;
  while (type?.type === "parenthesized_type") type = type.firstNamedChild;
  if (!name || !type || !isFunctionType(type)) return null;
  return {
    name: propertyKeyName(name) ?? name.text,
    kind: "method",
    signature: head(slice(context, node.startIndex, node.endIndex)),
    visibility: modifiersOf(node, name).accessibility,
    callable: false,
    container: false,
  };
}

/** A function type, or an object type that is only call signatures (an overload list). */
function isFunctionType(type: SyntaxNode): boolean {
  if (type.type === "function_type") return true;
  return (
    type.type === "object_type" &&
    type.namedChildCount > 0 &&
    type.namedChildren.every((member) => member.type === "call_signature" || member.type === "comment")
  );
}
