import type { SymbolKind, Visibility } from "../../extraction-types";
import type { RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { oneLine, signatureOf } from "../../signature";
import { DELEGATE_KIND, EVENT_KIND, FIELD_KIND, RECORD_KIND } from "./csharp-kinds";
import { declaredType, enclosingNamespace, enclosingType, fileState, type MemberNames } from "./csharp-state";
import { identifierName, typePath } from "./csharp-type-text";

/**
 * C# declarations (tree-sitter-c-sharp). Kinds: `namespace` (block and file-scoped),
 * `class`, `struct`, `interface`, `enum`, `record` (`record`, `record class`,
 * `record struct`), `delegate`; members `method`, `constructor` (named after the type, as
 * C# writes it; static constructors too), `property` (indexers are `this[]`), `event`,
 * `field`, `const` (`const` fields and enum members); operators, conversions and
 * finalizers are methods named `operator +`, `operator int`, `~Store`; local functions are
 * functions of their enclosing callable.
 *
 * A namespace is a symbol but not a container: the types in it are top-level symbols
 * (qualified `Store`, not `App.Models.Store`), as Kotlin's are under their package, and
 * the namespace is recorded for the resolver instead (csharp-types.ts). A nested
 * `namespace B` inside `namespace A` is named `B` under parent `A`.
 *
 * Visibility is the modifier written, else C#'s default: `internal` for types in a
 * namespace, `private` for members of classes and structs, `public` in interfaces and
 * enums; `protected internal` and `private protected` are `protected`. Locals have none.
 * Members with code (method bodies, accessor bodies, arrows) are callable; an auto-property
 * or an abstract method is not.
 */

/** A property initializer or constant this short stays in the signature (`const int Max = 10`). */
const MAX_INLINE_VALUE = 80;
const TYPE_KINDS: Readonly<Record<string, SymbolKind>> = {
  class_declaration: "class",
  struct_declaration: "struct",
  interface_declaration: "interface",
  enum_declaration: "enum",
  record_declaration: RECORD_KIND,
};
/** The modifier keywords of a declaration (`public`, `static`, `partial`…). */
export function modifiersOf(children: readonly SyntaxNode[]): string[] {
  const words: string[] = [];
  for (const child of children) if (child.type === "modifier") words.push(child.text);
  return words;
}

function find(children: readonly SyntaxNode[], type: string): SyntaxNode | null {
  return children.find((child) => child.type === type) ?? null;
}

/** What the declaration sits in: a namespace (or the file), a type body of some kind, or code. */
type Scope = "namespace" | "class" | "interface" | "local";

function scopeOf(context: RuleContext): Scope {
  const parent = context.parentType();
  if (parent === "compilation_unit") return "namespace";
  if (parent === "ERROR") return context.container() ? "class" : "namespace";
  if (parent !== "declaration_list") return "local";
  const owner = context.ancestorType(1);
  if (owner === "namespace_declaration") return "namespace";
  return owner === "interface_declaration" ? "interface" : "class";
}

function visibilityOf(words: readonly string[], scope: Scope): Visibility | null {
  if (scope === "local") return null;
  if (words.includes("protected")) return "protected";
  if (words.includes("public")) return "public";
  if (words.includes("internal")) return "internal";
  if (words.includes("private")) return "private";
  if (scope === "namespace") return "internal";
  return scope === "interface" ? "public" : "private";
}

/** A declaration head without its trailing `;` (abstract members, positional records, delegates). */
function head(text: string): string {
  return oneLine(text).replace(/\s*;$/u, "");
}

/** The type paths of a base list (`: Base(x), IFoo<T>`), primary-constructor arguments left out. */
function basesOf(children: readonly SyntaxNode[]): string[] {
  const list = find(children, "base_list");
  if (!list) return [];
  const bases: string[] = [];
  for (const base of list.namedChildren) {
    if (base.type === "argument_list") continue;
    const path = typePath(base.text);
    if (path) bases.push(path);
  }
  return bases;
}

/** The names a type body declares, so a call can tell a member (`Items.Add()`) from a type (`Store.Open()`). */
function memberNames(body: SyntaxNode | null): MemberNames {
  const names = new Set<string>();
  for (const member of body?.namedChildren ?? []) {
    const name = member.childForFieldName("name");
    if (name) {
      names.add(identifierName(name.text));
      continue;
    }
    const declaration =
      member.type === "field_declaration" || member.type === "event_field_declaration" ? find(member.namedChildren, "variable_declaration") : null;
    for (const declarator of declaration?.namedChildren ?? []) {
      const variable = declarator.type === "variable_declarator" ? declarator.childForFieldName("name") : null;
      if (variable) names.add(identifierName(variable.text));
    }
  }
  return { members: names };
}

const NESTED_TYPE = /\b(?:class|struct|interface|enum|record(?:\s+(?:class|struct))?|delegate\s+[\w<>\[\],.?\s]+?)\s+@?([\p{L}_][\p{L}\p{N}_]*)/gu;

/** Names declared as types in a body's text: read without materializing its nodes. */
function nestedTypeNames(source: string, body: SyntaxNode | null): Set<string> {
  const names = new Set<string>();
  if (!body) return names;
  for (const match of source.slice(body.startIndex + 1, body.endIndex).matchAll(NESTED_TYPE)) names.add(match[1]!);
  return names;
}

/** `T`, `TKey` of `<T, TKey>`: a method's `type_parameters` field, or a type's `type_parameter_list` among its children. */
export function typeParameterNames(list: SyntaxNode | null | undefined): Set<string> {
  const names = new Set<string>();
  for (const parameter of list?.namedChildren ?? []) {
    const name = parameter.childForFieldName("name");
    if (name) names.add(identifierName(name.text));
  }
  return names;
}

function namespaceDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const name = node.childForFieldName("name");
  if (!name) return null;
  const written = name.text.replace(/\s+/gu, "");
  const outer = enclosingNamespace(context, node.startIndex);
  const fileScoped = node.type === "file_scoped_namespace_declaration";
  // A file-scoped namespace holds the rest of the file.
  const end = fileScoped ? context.source.length : node.endIndex;
  fileState(context).namespaces.push({ name: outer ? `${outer}.${written}` : written, end });
  const draft: SymbolDraft = {
    name: written,
    kind: "namespace",
    signature: `namespace ${written}`,
    visibility: null,
    callable: false,
    container: false,
    parent: outer,
  };
  if (fileScoped) draft.endRow = lastRow(context.source);
  return draft;
}

function lastRow(source: string): number {
  let rows = 0;
  for (let at = source.indexOf("\n"); at >= 0; at = source.indexOf("\n", at + 1)) rows++;
  return source.endsWith("\n") ? Math.max(0, rows - 1) : rows;
}

function typeDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const name = node.childForFieldName("name");
  if (!name) return null;
  const children = node.children;
  const body = node.childForFieldName("body");
  const bases = basesOf(children);
  const draft: SymbolDraft = {
    name: identifierName(name.text),
    kind: TYPE_KINDS[node.type]!,
    signature: body ? signatureOf(context.source, node, body) : head(node.text),
    visibility: visibilityOf(modifiersOf(children), scopeOf(context)),
    callable: false,
    container: true,
  };
  if (bases.length > 0) draft.bases = bases;
  const owner = context.container();
  const qualified = owner ? `${owner.qualified_name}.${draft.name}` : draft.name;
  const typeParameters = new Set([...(enclosingType(context)?.typeParameters ?? []), ...typeParameterNames(find(children, "type_parameter_list"))]);
  let names: MemberNames | null = null;
  let nested: Set<string> | null = null;
  const primary = find(children, "parameter_list");
  fileState(context).types.set(qualified, {
    bases,
    names: () => (names ??= memberNames(body)),
    nestedTypes: () => (nested ??= nestedTypeNames(context.source, body)),
    primary,
    typeParameters,
  });
  return draft;
}

function delegateDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const name = node.childForFieldName("name");
  if (!name) return null;
  return {
    name: identifierName(name.text),
    kind: DELEGATE_KIND,
    signature: head(node.text),
    visibility: visibilityOf(modifiersOf(node.children), scopeOf(context)),
    callable: false,
    container: false,
  };
}

/** Methods, local functions, constructors, finalizers, operators and conversions. */
function callableDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const children = node.children;
  const body = node.childForFieldName("body");
  let name: string;
  let kind: SymbolKind = "method";
  if (node.type === "operator_declaration") {
    const operator = node.childForFieldName("operator");
    if (!operator) return null;
    name = `operator ${operator.text}`;
  } else if (node.type === "conversion_operator_declaration") {
    const type = node.childForFieldName("type");
    if (!type) return null;
    name = `operator ${oneLine(type.text)}`;
  } else {
    const identifier = node.childForFieldName("name");
    if (!identifier) return null;
    name = identifierName(identifier.text);
    if (node.type === "destructor_declaration") name = `~${name}`;
    else if (node.type === "constructor_declaration") kind = "constructor";
    else if (node.type === "local_function_statement") kind = "function";
  }
  const scope = node.type === "local_function_statement" ? "local" : scopeOf(context);
  return {
    name,
    kind,
    signature: body ? signatureOf(context.source, node, body) : head(node.text),
    visibility: visibilityOf(modifiersOf(children), scope),
    callable: body !== null,
    container: false,
  };
}

/** Whether an accessor list holds code (`get { … }`, `get => …`), not only `get; set;`. */
function hasAccessorBodies(accessors: SyntaxNode | null): boolean {
  return accessors?.namedChildren.some((accessor) => accessor.childForFieldName("body") !== null) ?? false;
}

/** Properties, indexers and events with accessors. */
function propertyDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const children = node.children;
  const identifier = node.childForFieldName("name");
  const indexer = node.type === "indexer_declaration";
  if (!identifier && !indexer) return null;
  const accessors = node.childForFieldName("accessors");
  const arrow = node.childForFieldName("value")?.type === "arrow_expression_clause" ? node.childForFieldName("value") : null;
  const callable = arrow !== null || hasAccessorBodies(accessors);
  let signature: string;
  if (callable) signature = signatureOf(context.source, node, arrow ?? accessors);
  else {
    const text = head(node.text);
    signature = text.length <= MAX_INLINE_VALUE + 40 ? text : signatureOf(context.source, node, accessors);
  }
  const draft: SymbolDraft = {
    name: indexer ? "this[]" : identifierName(identifier!.text),
    kind: node.type === "event_declaration" ? EVENT_KIND : "property",
    signature,
    visibility: visibilityOf(modifiersOf(children), scopeOf(context)),
    callable,
    container: false,
  };
  const type = declaredType(context, typePath(node.childForFieldName("type")?.text ?? ""));
  if (type) draft.value_type = type;
  return draft;
}

/** Fields and field-like events: one symbol per declarator (`int a, b;`). */
function fieldDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft[] | null {
  const scope = scopeOf(context);
  if (scope === "local") return null;
  const children = node.children;
  const declaration = find(children, "variable_declaration");
  const typeNode = declaration?.childForFieldName("type");
  if (!declaration || !typeNode) return null;
  const words = modifiersOf(children);
  const event = node.type === "event_field_declaration";
  const kind: SymbolKind = event ? EVENT_KIND : words.includes("const") ? "const" : FIELD_KIND;
  const prefix = oneLine(context.source.slice(node.startIndex, typeNode.endIndex));
  const type = declaredType(context, typePath(typeNode.text));
  const drafts: SymbolDraft[] = [];
  for (const declarator of declaration.namedChildren) {
    if (declarator.type !== "variable_declarator") continue;
    const name = declarator.childForFieldName("name");
    if (!name) continue;
    const text = oneLine(context.source.slice(declarator.startIndex, declarator.endIndex));
    const value = text.length <= MAX_INLINE_VALUE ? text : identifierName(name.text);
    const draft: SymbolDraft = {
      name: identifierName(name.text),
      kind,
      signature: oneLine(`${prefix} ${value}`),
      visibility: visibilityOf(words, scope),
      callable: false,
      container: false,
      spanNode: node,
    };
    if (type) draft.value_type = type;
    drafts.push(draft);
  }
  return drafts;
}

function enumMember(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const name = node.childForFieldName("name");
  if (!name) return null;
  return {
    name: identifierName(name.text),
    kind: "const",
    signature: oneLine(context.source.slice(node.startIndex, node.endIndex)),
    visibility: "public",
    callable: false,
    container: false,
  };
}

export const CSHARP_DEFINITIONS: Readonly<Record<string, (node: SyntaxNode, context: RuleContext) => SymbolDraft | SymbolDraft[] | null>> = {
  namespace_declaration: namespaceDeclaration,
  file_scoped_namespace_declaration: namespaceDeclaration,
  class_declaration: typeDeclaration,
  struct_declaration: typeDeclaration,
  interface_declaration: typeDeclaration,
  enum_declaration: typeDeclaration,
  record_declaration: typeDeclaration,
  delegate_declaration: delegateDeclaration,
  method_declaration: callableDeclaration,
  local_function_statement: callableDeclaration,
  constructor_declaration: callableDeclaration,
  destructor_declaration: callableDeclaration,
  operator_declaration: callableDeclaration,
  conversion_operator_declaration: callableDeclaration,
  property_declaration: propertyDeclaration,
  indexer_declaration: propertyDeclaration,
  event_declaration: propertyDeclaration,
  field_declaration: fieldDeclaration,
  event_field_declaration: fieldDeclaration,
  enum_member_declaration: enumMember,
};
