import type { SymbolKind, Visibility } from "../../extraction-types";
import type { RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { oneLine, signatureOf } from "../../signature";
import { declaredName, functionDeclaratorOf, isIndirect, plainName, qualifiedSegments, typePath } from "./c-declarators";
import { accessAt, enumScopeAt, inAnonymousNamespace, memberOwnerAt, openClassBody, openEnumBody, openMemberDefinition } from "./c-scope-state";

/**
 * Declarations of C and of C++ (whose grammar extends C's), as symbols:
 *
 * - Function definitions are `function`s; in C++, definitions and declarations in a class
 *   body are `method`s (`constructor` when named after the class; a destructor is the method
 *   `~A`), and a definition out of line (`void A::f() {}`) is a method of `A`, whatever file
 *   declares `A`.
 * - Function prototypes outside class bodies (`int f(void);`) and `extern` variables are
 *   declarations of something defined elsewhere: they are not symbols (universal-ctags
 *   leaves them out by default too). Calls then resolve to the one definition of a name,
 *   not to whichever header repeated its prototype.
 * - `struct`, `union`, `enum` (C++ `class`) with a body; enumerators are `const`s of their
 *   enum. `typedef` (and C++ `using A = B`) is a `typedef` whose base is the aliased type;
 *   an anonymous struct it names (`typedef struct { … } point;`) is that typedef, which then
 *   holds the struct's members.
 * - `#define` is a `macro`, object-like or function-like; macros have no scope, so no parent.
 * - Variables defined at file or namespace scope are `variable`s (`const` when the object
 *   itself is const); locals, parameters and struct fields are not symbols.
 *
 * Visibility: `static` at file scope and anything in an anonymous namespace is `private`
 * (internal linkage), other file-scope names `public`; class members have the access in
 * force where they are declared (`private` first in a class, `public` in a struct).
 * Macros and out-of-line member definitions have none of their own (null).
 */

/**
 * Kinds C names that `SymbolKind` does not list: the index stores a kind as text, and its
 * resolver already treats `typedef` as a type.
 */
const TYPEDEF = "typedef" as SymbolKind;
const MACRO = "macro" as SymbolKind;

export type Dialect = "c" | "cpp";

const MAX_INLINE_VALUE = 80;
const RECORD_KINDS: Readonly<Record<string, SymbolKind>> = {
  struct_specifier: "struct",
  union_specifier: "union",
  enum_specifier: "enum",
  class_specifier: "class",
};
/** Kinds whose symbols hold members: a declaration directly inside one is a member, not a local. */
const CONTAINER_KINDS = new Set<string>(["class", "struct", "union", "enum", "interface", "namespace", "typedef"]);

/** The node a declaration's text starts at: its `template <…>` head when it has one. */
function headOf(node: SyntaxNode, context: RuleContext): SyntaxNode {
  return context.parentType() === "template_declaration" ? (node.parent ?? node) : node;
}

/**
 * Whether the node lies inside a function body (a block or a lambda): its declarations are
 * locals. Read from the walker's ancestor stack, so no node is materialized.
 */
export function insideBody(context: RuleContext): boolean {
  for (let generation = 0; ; generation++) {
    const type = context.ancestorType(generation);
    if (type === null) return false;
    if (type === "compound_statement" || type === "lambda_expression" || type === "field_initializer_list") return true;
    if (type === "field_declaration_list" || type === "declaration_list") return false;
  }
}

/** Whether the node sits directly in a class, struct or union body. */
function inClassBody(context: RuleContext): boolean {
  const parent = context.parentType();
  return parent === "field_declaration_list" || (parent === "template_declaration" && context.ancestorType(1) === "field_declaration_list");
}

function hasStorage(node: SyntaxNode, word: string): boolean {
  for (const child of node.namedChildren) if (child.type === "storage_class_specifier" && child.text === word) return true;
  return false;
}

function fileScopeVisibility(node: SyntaxNode, context: RuleContext): Visibility {
  return hasStorage(node, "static") || inAnonymousNamespace(context, node.startIndex) ? "private" : "public";
}

/** The innermost class around the node, when the walker has one open. */
function enclosingClass(context: RuleContext): { name: string; qualified_name: string } | null {
  const container = context.container();
  return container && container.kind !== "namespace" ? container : null;
}

/** The name a function declarator declares, as written but on one line (`operator ==` -> `operator==`). */
function functionName(node: SyntaxNode): string {
  if (node.type === "template_function") return plainName(node.childForFieldName("name") ?? node);
  if (node.type === "qualified_identifier") return plainName(node);
  return node.text.replace(/\s+/gu, "");
}

/**
 * `MEM_STATIC size_t f(…)` in a header read as C++: the grammar takes the macro for the type
 * and recovers by inventing the `::` of `size_t::f`. No scope was written, so `f` is a plain
 * function, not a member of `size_t`.
 */
function inventedScope(node: SyntaxNode): boolean {
  for (let index = 0; index < node.childCount; index++) {
    const child = node.child(index);
    if (child !== null && child.isMissing && child.type === "::") return true;
  }
  return false;
}

function joinParent(outer: string | null, segments: readonly string[]): string | null {
  const inner = segments.join(".");
  if (inner === "") return outer;
  return outer ? `${outer}.${inner}` : inner;
}

/** A function's body, or what ends its head: a constructor's initializer list, `= default`. */
function functionBodyStart(node: SyntaxNode): SyntaxNode | null {
  for (const child of node.children) {
    if (child.type === "field_initializer_list" || child.type === "compound_statement" || child.type === "try_statement") return child;
    if (child.type === "default_method_clause" || child.type === "delete_method_clause" || child.type === "pure_virtual_clause") return child;
  }
  return null;
}

function memberKind(name: string, className: string | null): SymbolKind {
  return className !== null && name === className ? "constructor" : "method";
}

/** `function_definition`: functions, methods and out-of-line member definitions. */
export function functionDefinition(dialect: Dialect) {
  return (node: SyntaxNode, context: RuleContext): SymbolDraft | null => {
    if (insideBody(context)) return null;
    const declarator = functionDeclaratorOf(node.childForFieldName("declarator"));
    const nameNode = declarator?.childForFieldName("declarator");
    if (!nameNode) return null;
    const head = headOf(node, context);
    const signature = signatureOf(context.source, node, functionBodyStart(node), head);
    const startRow = head === node ? undefined : head.startPosition.row;
    if (dialect === "cpp" && nameNode.type === "qualified_identifier" && !inventedScope(nameNode)) {
      const segments = qualifiedSegments(nameNode);
      const name = segments.pop();
      if (!name) return null;
      const container = context.container();
      const owner = segments.at(-1) ?? null;
      const parent = joinParent(container?.qualified_name ?? null, segments);
      // `ns::f` when `ns` is a namespace this file opened; otherwise `A::f` is a member of class A.
      const namespaced = owner !== null && parent !== null && namespacesOf(context).has(parent);
      if (parent !== null && !namespaced) openMemberDefinition(context, node.startIndex, node.endIndex, parent);
      return {
        name,
        kind: namespaced || owner === null ? "function" : memberKind(name, owner),
        signature,
        visibility: null,
        callable: true,
        container: false,
        parent,
        ...(startRow !== undefined ? { startRow } : {}),
      };
    }
    const name = functionName(nameNode);
    const inClass = dialect === "cpp" && inClassBody(context);
    const owner = inClass ? enclosingClass(context) : null;
    return {
      name,
      kind: owner ? memberKind(name, owner.name) : "function",
      signature,
      visibility: inClass ? accessAt(context, node.startIndex) : fileScopeVisibility(node, context),
      callable: true,
      container: false,
      ...(startRow !== undefined ? { startRow } : {}),
    };
  };
}

/** A one-line `type declarator` signature for one of a declaration's declarators, short initializers kept. */
function declaratorSignature(source: string, node: SyntaxNode, first: SyntaxNode, declarator: SyntaxNode, from: SyntaxNode): string {
  const prefix = source.slice(from.startIndex, first.startIndex);
  let text = source.slice(declarator.startIndex, declarator.endIndex);
  const value = declarator.type === "init_declarator" ? declarator.childForFieldName("value") : null;
  if (value && (value.endIndex - value.startIndex > MAX_INLINE_VALUE || value.text.includes("\n"))) {
    text = source.slice(declarator.startIndex, value.startIndex).replace(/[\s=]+$/u, "");
  }
  return oneLine(`${prefix}${text}`.replace(/;\s*$/u, ""));
}

function isConstObject(node: SyntaxNode, declarator: SyntaxNode): boolean {
  if (isIndirect(declarator)) return false;
  return node.namedChildren.some((child) => child.type === "type_qualifier" && (child.text === "const" || child.text === "constexpr"));
}

/**
 * `declaration` / `field_declaration`: variables at file and namespace scope; in C++ class
 * bodies, member function declarations (constructors and destructors are `declaration`s
 * there, other members `field_declaration`s). Prototypes elsewhere are not symbols.
 */
export function declaration(dialect: Dialect) {
  return (node: SyntaxNode, context: RuleContext): SymbolDraft[] | null => {
    if (insideBody(context)) return null;
    const declarators = node.childrenForFieldName("declarator");
    if (declarators.length === 0) return null;
    const inClass = inClassBody(context);
    const head = headOf(node, context);
    const startRow = head === node ? undefined : head.startPosition.row;
    const drafts: SymbolDraft[] = [];
    for (const declarator of declarators) {
      const function_ = functionDeclaratorOf(declarator);
      if (function_) {
        if (!inClass || dialect !== "cpp") continue;
        const nameNode = function_.childForFieldName("declarator");
        if (!nameNode) continue;
        const name = functionName(nameNode);
        const owner = enclosingClass(context);
        const kind = memberKind(name, owner?.name ?? null);
        const returns = kind === "constructor" ? null : typePath(node.childForFieldName("type"));
        drafts.push({
          name,
          kind,
          signature: oneLine(context.source.slice(head.startIndex, node.endIndex).replace(/;\s*$/u, "")),
          ...(returns ? { return_type: returns } : {}),
          visibility: accessAt(context, node.startIndex),
          callable: true,
          container: false,
          ...(startRow !== undefined ? { startRow } : {}),
        });
        continue;
      }
      // Fields are not symbols; `extern int x;` declares a variable defined elsewhere.
      if (inClass || node.type === "field_declaration") continue;
      if (hasStorage(node, "extern") && declarator.type !== "init_declarator") continue;
      const name = declaredName(declarator);
      if (!name || (name.type !== "identifier" && name.type !== "qualified_identifier")) continue;
      const segments = name.type === "qualified_identifier" ? qualifiedSegments(name) : [name.text];
      drafts.push({
        name: segments.at(-1)!,
        kind: isConstObject(node, declarator) ? "const" : "variable",
        signature: declaratorSignature(context.source, node, declarators[0]!, declarator, head),
        visibility: fileScopeVisibility(node, context),
        callable: false,
        container: false,
        spanNode: node,
        ...(segments.length > 1 ? { parent: joinParent(context.container()?.qualified_name ?? null, segments.slice(0, -1)) } : {}),
      });
    }
    return drafts.length > 0 ? drafts : null;
  };
}

/** `struct` / `union` / `enum` / C++ `class` with a body. */
export function recordSpecifier(dialect: Dialect) {
  return (node: SyntaxNode, context: RuleContext): SymbolDraft | null => {
    const body = node.childForFieldName("body");
    const nameNode = node.childForFieldName("name");
    if (!body) return null;
    const kind = RECORD_KINDS[node.type] ?? "struct";
    const head = headOf(node, context);
    const inClass = inClassBody(context) || (context.parentType() === "field_declaration" && context.ancestorType(1) === "field_declaration_list");
    // Read before this body opens: the access in force around the declaration.
    const visibility = inClass ? accessAt(context, head.startIndex) : fileScopeVisibility(node, context);
    if (dialect === "cpp" && kind !== "enum") openClassBody(context, body.startIndex, body.endIndex, kind === "class" ? "private" : "public");
    if (kind === "enum" && !/^enum\s+(?:class|struct)\b/u.test(context.source.slice(node.startIndex, body.startIndex))) {
      openEnumBody(context, body.startIndex, body.endIndex, enclosingScope(context));
    }
    if (!nameNode || insideBody(context)) return null;
    const bases = dialect === "cpp" ? baseClasses(node) : [];
    return {
      name: plainName(nameNode),
      kind: dialect === "cpp" && kind !== "enum" && isInterface(body) ? "interface" : kind,
      signature: signatureOf(context.source, node, body, head),
      visibility,
      callable: false,
      container: true,
      ...(head !== node ? { startRow: head.startPosition.row } : {}),
      ...(bases.length > 0 ? { bases } : {}),
    };
  };
}

/** `class B : public A, private C<T>`: the base types as paths (`A`, `C`), access and `virtual` dropped. */
function baseClasses(node: SyntaxNode): string[] {
  const clause = node.namedChildren.find((child) => child.type === "base_class_clause");
  if (!clause) return [];
  const bases: string[] = [];
  for (const child of clause.namedChildren) {
    if (child.type === "type_identifier") bases.push(child.text);
    else if (child.type === "template_type") bases.push(plainName(child));
    else if (child.type === "qualified_identifier") bases.push(qualifiedSegments(child).join("::"));
  }
  return bases;
}

/**
 * A class with only pure virtual member functions (`virtual void f() = 0;`), besides
 * constructors and destructors, and no data: C++'s interface, which dispatch lists the
 * implementations of.
 */
function isInterface(body: SyntaxNode): boolean {
  let pure = 0;
  for (const member of body.namedChildren) {
    if (member.type === "access_specifier" || member.type === "comment" || member.type === "declaration" || member.type === "friend_declaration") continue;
    if (member.type === "function_definition") {
      const name = functionDeclaratorOf(member.childForFieldName("declarator"))?.childForFieldName("declarator");
      if (name?.type === "destructor_name") continue;
      return false;
    }
    if (member.type !== "field_declaration") return false;
    const declarator = functionDeclaratorOf(member.childForFieldName("declarator"));
    const value = member.childForFieldName("default_value");
    if (!declarator || value?.text !== "0") return false;
    pure++;
  }
  return pure > 0;
}

/**
 * The qualified name of the scope a declaration here is a name of: the innermost container,
 * but not a typedef (`typedef enum { A } e;` declares `A` in the file).
 */
function enclosingScope(context: RuleContext): string | null {
  const container = context.container();
  if (!container) return null;
  if (container.kind !== TYPEDEF) return container.qualified_name;
  const cut = container.qualified_name.length - container.name.length - 1;
  return cut > 0 ? container.qualified_name.slice(0, cut) : null;
}

/**
 * `enumerator`: a `const`. A plain enum's enumerators are names of the scope around the
 * enum, as the language has it (`RED`, not `color.RED`); a scoped enum's (`enum class`)
 * are its own (`Color.Red`).
 */
export function enumerator(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const name = node.childForFieldName("name");
  if (!name || insideBody(context)) return null;
  const scope = enumScopeAt(context, node.startIndex);
  return {
    ...(scope !== undefined ? { parent: scope } : {}),
    name: name.text,
    kind: "const",
    signature: oneLine(node.text.length > MAX_INLINE_VALUE ? name.text : node.text),
    visibility: "public",
    callable: false,
    container: false,
  };
}

/** What a typedef aliases, as a base the resolver can follow for members: a record's or type's name. */
function aliasedType(type: SyntaxNode | null): string | null {
  if (!type) return null;
  if (type.type === "type_descriptor") return aliasedType(type.childForFieldName("type"));
  if (RECORD_KINDS[type.type]) {
    const name = type.childForFieldName("name");
    return name ? plainName(name) : null;
  }
  if (type.type === "type_identifier" || type.type === "template_type") return plainName(type);
  if (type.type === "qualified_identifier") return qualifiedSegments(type).join("::");
  return null;
}

/** `typedef … name;`: one `typedef` per declared name. */
export function typeDefinition(node: SyntaxNode, context: RuleContext): SymbolDraft[] | null {
  if (insideBody(context)) return null;
  const type = node.childForFieldName("type");
  const body = type && RECORD_KINDS[type.type] ? type.childForFieldName("body") : null;
  const anonymousRecord = body !== null && !type!.childForFieldName("name");
  const base = aliasedType(type);
  const inClass = inClassBody(context);
  const drafts: SymbolDraft[] = [];
  for (const declarator of node.childrenForFieldName("declarator")) {
    const name = declaredName(declarator);
    if (!name) continue;
    const head = body
      ? `${context.source.slice(node.startIndex, body.startIndex).trimEnd()} {…} `
      : context.source.slice(node.startIndex, declarator.startIndex);
    drafts.push({
      name: name.text,
      kind: TYPEDEF,
      signature: oneLine(body ? `${head}${declarator.text}` : context.source.slice(node.startIndex, node.endIndex).replace(/;\s*$/u, "")),
      visibility: inClass ? accessAt(context, node.startIndex) : "public",
      callable: false,
      // The only name an anonymous struct has: its members belong to it.
      container: anonymousRecord && drafts.length === 0,
      ...(base !== null && base !== name.text ? { bases: [base] } : {}),
    });
  }
  return drafts.length > 0 ? drafts : null;
}

/** C++ `using A = B;`: a typedef of `B`. */
export function aliasDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const name = node.childForFieldName("name");
  if (!name || insideBody(context)) return null;
  const base = aliasedType(node.childForFieldName("type"));
  const head = headOf(node, context);
  return {
    name: name.text,
    kind: TYPEDEF,
    signature: oneLine(context.source.slice(head.startIndex, node.endIndex).replace(/;\s*$/u, "")),
    visibility: inClassBody(context) ? accessAt(context, node.startIndex) : "public",
    callable: false,
    container: false,
    ...(head !== node ? { startRow: head.startPosition.row } : {}),
    ...(base !== null && base !== name.text ? { bases: [base] } : {}),
  };
}

/** The last row a preprocessor line covers: its node ends after the newline, at column 0 of the next row. */
function preprocessorEndRow(node: SyntaxNode): number {
  const end = node.endPosition;
  return end.column === 0 && end.row > node.startPosition.row ? end.row - 1 : end.row;
}

/** `#define NAME value` and `#define NAME(args) body`: macros, with a short value kept in the signature. */
export function macroDefinition(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const name = node.childForFieldName("name");
  if (!name) return null;
  const parameters = node.childForFieldName("parameters");
  const value = node.childForFieldName("value");
  const head = context.source.slice(node.startIndex, (parameters ?? name).endIndex);
  const text = value ? oneLine(value.text.replace(/\\\n/gu, " ")) : "";
  return {
    name: name.text,
    kind: MACRO,
    signature: oneLine(text !== "" && text.length <= MAX_INLINE_VALUE ? `${head} ${text}` : head),
    visibility: null,
    callable: false,
    container: false,
    parent: null,
    endRow: preprocessorEndRow(node),
  };
}

const namespaceSets = new WeakMap<RuleContext, Set<string>>();

/** Qualified names of the namespaces this file opened so far (`ns::f` defined out of line is then a function of `ns`). */
export function namespacesOf(context: RuleContext): Set<string> {
  let names = namespaceSets.get(context);
  if (!names) namespaceSets.set(context, (names = new Set()));
  return names;
}

export { CONTAINER_KINDS, TYPEDEF, MACRO, memberOwnerAt };
