import type { Visibility } from "../../extraction-types";
import type { RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { oneLine, signatureOf } from "../../signature";
import { TYPE_DECLARATION_KINDS } from "./java-kinds";

/**
 * Java declarations as symbols. Types (class, interface, enum, record, `@interface`) are
 * containers; methods, constructors (named after their class, compact record constructors
 * too) and annotation elements are callables; fields are `field` symbols, one per
 * declarator and the callers of the calls in their initializers (not `property`: a field and
 * a method may share a name, `size` and `size()`, and a call never targets a field); enum
 * constants are `const` symbols (containers when they have a body); a `static { … }` block
 * is a constructor named `static`. Anonymous classes are no symbols: their methods belong
 * to the callable (or field) around the `new`.
 *
 * Visibility: the modifier when written; otherwise members of interfaces and annotation
 * types are `public`, enum constructors `private`, enum constants `public`, and everything
 * else is package-private, reported as `internal`. Local classes have none.
 */

const MEMBER_BODIES = new Set(["class_body", "interface_body", "enum_body_declarations", "annotation_type_body"]);
// ERROR: declarations tree-sitter recovered inside a broken region keep their visibility.
const DECLARATION_SCOPES = new Set(["program", "enum_body", "ERROR", ...MEMBER_BODIES]);
const PUBLIC_BODIES = new Set(["interface_body", "annotation_type_body"]);
const VISIBILITIES = new Set<string>(["public", "private", "protected"]);
/** A field initializer this short and on one line stays in the signature (`static final int MAX = 10`). */
const MAX_INLINE_VALUE = 80;

/** Modifier keywords of a declaration (`public`, `static`, `final`…), annotations excluded. */
export function modifierWords(node: SyntaxNode): string[] {
  const first = node.firstChild;
  if (first?.type !== "modifiers") return [];
  return first.children.filter((child) => !child.isNamed).map((child) => child.type);
}

function visibilityOf(words: readonly string[], context: RuleContext, implicit?: Visibility): Visibility | null {
  const parent = context.parentType();
  if (parent === null || !DECLARATION_SCOPES.has(parent)) return null;
  const written = words.find((word) => VISIBILITIES.has(word));
  if (written) return written as Visibility;
  if (implicit) return implicit;
  return PUBLIC_BODIES.has(parent) ? "public" : "internal";
}

/** A declaration head up to its body (or the whole declaration), without the `;` a bodiless one ends with. */
function headOf(source: string, node: SyntaxNode, body: SyntaxNode | null): string {
  return signatureOf(source, node, body).replace(/\s*;$/u, "");
}

/** A type as a base or declared type is named: its path without type arguments or annotations. */
export function typeName(node: SyntaxNode | null | undefined): string | null {
  if (!node) return null;
  if (node.type === "generic_type") return typeName(node.firstNamedChild);
  if (node.type === "type_identifier" || node.type === "identifier") return node.text;
  if (node.type === "scoped_type_identifier") {
    const parts = node.namedChildren.filter(
      (child) => child.type === "type_identifier" || child.type === "scoped_type_identifier" || child.type === "generic_type",
    );
    const names = parts.map((part) => typeName(part));
    return names.every((name) => name !== null) && names.length > 0 ? names.join(".") : null;
  }
  return null;
}

/** The types a declaration extends and implements (`extends Base<T> implements A, B`), in order. */
function basesOf(node: SyntaxNode): string[] {
  const bases: string[] = [];
  for (const child of node.namedChildren) {
    if (child.type === "superclass") {
      const name = typeName(child.firstNamedChild);
      if (name) bases.push(name);
    } else if (child.type === "super_interfaces" || child.type === "extends_interfaces") {
      const list = child.namedChildren.find((item) => item.type === "type_list");
      for (const type of list?.namedChildren ?? []) {
        const name = typeName(type);
        if (name) bases.push(name);
      }
    }
  }
  return bases;
}

export function typeDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const name = node.childForFieldName("name");
  const kind = TYPE_DECLARATION_KINDS[node.type];
  if (!name || !kind) return null;
  const bases = basesOf(node);
  return {
    name: name.text,
    kind,
    signature: signatureOf(context.source, node, node.childForFieldName("body")),
    visibility: visibilityOf(modifierWords(node), context),
    callable: false,
    container: true,
    ...(bases.length > 0 ? { bases } : {}),
  };
}

export function methodDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const name = node.childForFieldName("name");
  if (!name) return null;
  return {
    name: name.text,
    kind: "method",
    signature: headOf(context.source, node, node.childForFieldName("body")),
    visibility: visibilityOf(modifierWords(node), context),
    callable: true,
    container: false,
  };
}

/** Constructors, compact record constructors included, are named after their class (as javac names them). */
export function constructorDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const name = node.childForFieldName("name");
  if (!name) return null;
  return {
    name: name.text,
    kind: "constructor",
    signature: headOf(context.source, node, node.childForFieldName("body")),
    visibility: visibilityOf(modifierWords(node), context, context.parentType() === "enum_body_declarations" ? "private" : undefined),
    callable: true,
    container: false,
  };
}

/** One declarator of a field: `MAX = 10` when short, else its name (an anonymous class or a long initializer is cut). */
function declaratorText(source: string, declarator: SyntaxNode): string {
  const value = declarator.childForFieldName("value");
  if (!value) return source.slice(declarator.startIndex, declarator.endIndex);
  const text = source.slice(value.startIndex, value.endIndex);
  if (text.length <= MAX_INLINE_VALUE && !text.includes("\n")) return source.slice(declarator.startIndex, declarator.endIndex);
  return source.slice(declarator.startIndex, value.startIndex).replace(/\s*=\s*$/u, "");
}

/**
 * `int a = 1, b;`: a `field` symbol per declarator, each with the shared head. A field with
 * one declarator (nearly all) is the caller of the calls in its initializer
 * (`static final Name X = new Name("x")`) and a container, so the methods of an anonymous
 * class there belong to it (`Sorter.BY_NAME.compare`), not to the class around it. The
 * declarators of `int a = f(), b = g();` share one node, so they are neither.
 */
export function fieldDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft[] | null {
  const declarators = node.namedChildren.filter((child) => child.type === "variable_declarator");
  if (declarators.length === 0) return null;
  const source = context.source;
  const head = source.slice(node.startIndex, declarators[0]!.startIndex);
  const visibility = visibilityOf(modifierWords(node), context);
  const single = declarators.length === 1;
  const drafts: SymbolDraft[] = [];
  declarators.forEach((declarator, index) => {
    const name = declarator.childForFieldName("name");
    if (name?.type !== "identifier") return;
    drafts.push({
      name: name.text,
      kind: "field",
      signature: oneLine(head + declaratorText(source, declarator)),
      visibility,
      callable: single,
      container: single,
      ...(single ? {} : { spanNode: declarator, ...(index === 0 ? { startRow: node.startPosition.row } : {}) }),
    });
  });
  return drafts;
}

export function enumConstant(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const name = node.childForFieldName("name");
  if (!name) return null;
  const body = node.childForFieldName("body");
  return {
    name: name.text,
    kind: "const",
    signature: signatureOf(context.source, node, body),
    visibility: "public",
    callable: false,
    container: body !== null,
  };
}

/** `String value() default "";` in an `@interface`: a method of the annotation type. */
export function annotationElement(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const name = node.childForFieldName("name");
  if (!name) return null;
  return {
    name: name.text,
    kind: "method",
    signature: headOf(context.source, node, null),
    visibility: visibilityOf(modifierWords(node), context),
    callable: true,
    container: false,
  };
}

/**
 * `static { … }`: the class initializer, a callable named `static`, so the calls it makes
 * have a caller (and its locals a scope).
 */
export function staticInitializer(): SymbolDraft {
  return { name: "static", kind: "constructor", signature: "static", visibility: null, callable: true, container: false };
}
