import type { SymbolKind } from "../../extraction-types";
import type { RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { isProgramOverload, markOverloads, overloadSignature } from "./typescript-overloads";
import { bodyStart, head, slice, unquote } from "./typescript-source-text";
import { BINDABLE, FUNCTION_VALUES, hasFunctionMembers, prepare, prepareObject, unwrapValue } from "./typescript-values";
import { declarationPlace, scopeOf, visibilityOf } from "./typescript-visibility";
import { stateOf } from "./typescript-walk-state";

/**
 * Declaration statements of TypeScript/JavaScript: the program's export lists, `export` and
 * `declare` wrappers, functions, classes, interfaces, enums, type aliases and namespaces.
 */

const EXPORT_HINT = /\bexport\s*(?:\{|default\s+[\p{L}_$]|=)|\bexports\b/u;

/** `export { a, b as c }`, `export default name;`, `export = name` (not `export default function`). */
const EXPORT_LIST = /^export\s*(?:\{|=(?!>)|default\s+(?!(?:async|function|class|abstract|interface|enum|new|await)\b)[\p{L}_$][\w$]*\s*;?\s*$)/u;

const COMMONJS_EXPORT = /^(?:module\s*\.\s*exports|exports\s*\.\s*[\w$]+|module\s*\.\s*exports\s*\.\s*[\w$]+)\s*=/u;

/** Root: top-level export lists and CommonJS exports, read once from the program's children. */
export function onProgram(node: SyntaxNode, context: RuleContext): null {
  const state = stateOf(context);
  // A file parsed in slices has a program node per slice: each marks its own overloads.
  if (state.program !== node) state.programMarked = false;
  state.program = node;
  if (!EXPORT_HINT.test(context.source)) return null;
  const source = context.source;
  const addCommonJs = (right: SyntaxNode | null) => {
    if (!right) return;
    if (right.type === "identifier") state.exported.add(right.text);
    else if (right.type === "object") {
      for (const member of right.namedChildren) {
        if (member.type === "shorthand_property_identifier") state.exported.add(member.text);
        else if (member.type === "pair") {
          const value = member.childForFieldName("value");
          if (value?.type === "identifier") state.exported.add(value.text);
        }
      }
    }
  };
  for (const statement of node.namedChildren) {
    const type = statement.type;
    if (type !== "export_statement" && type !== "expression_statement") continue;
    // Text first: only `export { … }`, `export default name`, `export = name` and CommonJS
    // assignments name something exported elsewhere; declarations carry their own `export`.
    const start = statement.startIndex;
    const text = source.slice(start, Math.min(statement.endIndex, start + 160));
    if (type === "export_statement") {
      if (!EXPORT_LIST.test(text) || statement.childForFieldName("source")) continue;
      for (const child of statement.namedChildren) {
        if (child.type === "identifier") state.exported.add(child.text);
        else if (child.type === "export_clause") {
          for (const specifier of child.namedChildren) {
            const name = specifier.childForFieldName("name");
            if (name) state.exported.add(name.text);
          }
        }
      }
    } else if (COMMONJS_EXPORT.test(text)) {
      const assignment = statement.firstNamedChild;
      if (assignment?.type === "assignment_expression") addCommonJs(assignment.childForFieldName("right"));
    }
  }
  return null;
}

/** `export …`: remembers the wrapper for the declaration; an `export default` value gets its symbol prepared. */
export function onExportStatement(node: SyntaxNode, context: RuleContext): null {
  const declaration = node.childForFieldName("declaration");
  const value = declaration ? null : node.childForFieldName("value");
  const target = declaration ?? value;
  if (!target) return null;
  const isDefault = /\bdefault\s*$/u.test(slice(context, Math.max(node.startIndex, target.startIndex - 32), target.startIndex));
  const row = node.startPosition.row;
  if (declaration) {
    stateOf(context).wrappers.set(declaration.startIndex, { start: node.startIndex, row, exported: true, isDefault, declared: false });
    return null;
  }
  if (!value || !BINDABLE.has(value.type)) return null;
  const unwrapped = unwrapValue(value, context);
  if (!unwrapped) return null;
  if (FUNCTION_VALUES.has(unwrapped.type) || unwrapped.type === "class") {
    prepare(context, unwrapped, {
      name: unwrapped.childForFieldName("name")?.text ?? "default",
      kind: unwrapped.type === "class" ? "class" : "function",
      signature: head(slice(context, node.startIndex, bodyStart(unwrapped))),
      visibility: "public",
      spanNode: node,
      startRow: row,
    });
  } else if (unwrapped.type === "object" && hasFunctionMembers(unwrapped, context)) {
    const draft = {
      name: "default",
      kind: "const" as const,
      signature: head(slice(context, node.startIndex, unwrapped.startIndex)),
      visibility: "public" as const,
      spanNode: node,
      startRow: row,
    };
    prepareObject(context, unwrapped, draft, { visibility: "public", commonJs: false });
  }
  return null;
}

/** `declare …`: the declaration inside starts at `declare` (or at the `export` around it). */
export function onAmbientDeclaration(node: SyntaxNode, context: RuleContext): null {
  const inner = node.firstNamedChild;
  if (!inner) return null;
  const state = stateOf(context);
  const outer = state.wrappers.get(node.startIndex);
  state.wrappers.set(inner.startIndex, {
    start: outer ? outer.start : node.startIndex,
    row: outer ? outer.row : node.startPosition.row,
    exported: outer?.exported ?? false,
    isDefault: false,
    declared: true,
  });
  return null;
}

export function onFunctionDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const bodiless = node.type === "function_signature";
  if (bodiless && isProgramOverload(node, context, stateOf(context))) return null;
  const name = node.childForFieldName("name");
  if (!name) return null;
  const place = declarationPlace(node, context, name.text);
  // An implementation behind overloads is listed by, and starts at, its first overload: the
  // implementation's own parameters (often `...args: any[]`) are not what callers see.
  const overloaded = bodiless ? undefined : stateOf(context).overloadHeads.get(node.startIndex);
  const signature = overloaded ? overloadSignature(context, overloaded) : head(slice(context, place.start, bodiless ? node.endIndex : bodyStart(node)));
  const draft: SymbolDraft = {
    name: name.text,
    kind: "function",
    signature,
    visibility: place.visibility,
    callable: !bodiless,
    container: false,
  };
  if (place.wrapper) draft.startRow = place.wrapper.row;
  if (overloaded) draft.startRow = overloaded.row;
  return draft;
}

/** Interfaces, classes, enums, type aliases: a name, a head up to the body, a wrapper-aware start. */
function declaration(kind: SymbolKind, container: (node: SyntaxNode) => boolean) {
  return (node: SyntaxNode, context: RuleContext): SymbolDraft | null => {
    const name = node.childForFieldName("name");
    if (!name) return null;
    const place = declarationPlace(node, context, name.text);
    const body = node.childForFieldName("body");
    const draft: SymbolDraft = {
      name: name.text,
      kind,
      signature: head(slice(context, place.start, body ? body.startIndex : node.endIndex)),
      visibility: place.visibility,
      callable: false,
      container: container(node),
    };
    if (place.wrapper) draft.startRow = place.wrapper.row;
    return draft;
  };
}

export const onClassDeclaration = declaration("class", () => true);

export const onInterface = declaration("interface", () => true);

export const onEnum = declaration("enum", () => false);

export function onTypeAlias(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const name = node.childForFieldName("name");
  if (!name) return null;
  const place = declarationPlace(node, context, name.text);
  const value = node.childForFieldName("value");
  const objectType = value?.type === "object_type";
  const draft: SymbolDraft = {
    name: name.text,
    kind: "type_alias",
    // Short aliases read best whole (`type Id = string`); object types end at their brace.
    signature: head(slice(context, place.start, objectType ? value.startIndex : node.endIndex)),
    visibility: place.visibility,
    callable: false,
    container: objectType,
  };
  if (place.wrapper) draft.startRow = place.wrapper.row;
  return draft;
}

export function onNamespace(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  if (!node.isNamed) return null; // the `module` keyword
  const name = node.childForFieldName("name");
  if (!name) return null;
  const state = stateOf(context);
  const text = unquote(name.text);
  // `namespace A.B {}` is an expression statement in the grammar.
  const generation = context.parentType() === "expression_statement" ? 1 : 0;
  const wrapper = state.wrappers.get(node.startIndex);
  const parent = context.container();
  const ambient = name.type === "string" || !!wrapper?.declared || (!!parent && state.ambient.has(parent.qualified_name));
  if (ambient) state.ambient.add(parent ? `${parent.qualified_name}.${text}` : text);
  const body = node.childForFieldName("body");
  if (body && (context.lang === "typescript" || context.lang === "tsx"))
    markOverloads(body.namedChildren, state, context.source, "function_signature", "function_declaration");
  const draft: SymbolDraft = {
    name: text,
    kind: "namespace",
    signature: head(slice(context, wrapper ? wrapper.start : node.startIndex, body ? body.startIndex : node.endIndex)),
    visibility: name.type === "string" ? "public" : visibilityOf(context, text, wrapper, scopeOf(context, generation)),
    callable: false,
    container: true,
  };
  if (wrapper) draft.startRow = wrapper.row;
  return draft;
}
