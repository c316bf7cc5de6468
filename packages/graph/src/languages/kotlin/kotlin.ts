import type { ImportedName, SymbolKind, Visibility } from "../../extraction-types";
import type { CallDraft, LanguageRules, RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { oneLine, signatureOf } from "../../signature";
import { withKotlinTypes } from "./kotlin-types";

/**
 * Kotlin (tree-sitter-kotlin-ng). Kinds are refined: `data class` ->
 * data_class, `sealed class` -> sealed_class, `enum class` -> enum_class, `interface` /
 * `fun interface` / `sealed interface` -> interface, every other class (abstract, open, inner,
 * value, annotation) -> class; `object` -> object, `companion object` -> companion_object
 * (named `Companion` when unnamed). Functions declared directly in a class, object, interface
 * or anonymous object body are methods; local functions are functions qualified by their
 * enclosing callable. Secondary constructors and `init` blocks are constructors named
 * `constructor` / `init`; primary constructors and their `val` parameters are not symbols (the
 * class signature shows them). Properties outside function bodies are symbols: `const val`
 * -> const, class members -> property, other top-level `val`/`var` -> variable; a property
 * whose value is a lambda or anonymous function is a function (method in a class body).
 * Custom accessors with a body are getter/setter symbols named after the property. Enum
 * entries are consts of their enum class; `typealias` -> type_alias. Local properties are not
 * symbols. Declared types (parameters, locals, return types, typed properties, the package)
 * are added for the call resolver by `withKotlinTypes` (kotlin-types.ts).
 */

const MAX_RECEIVER = 80;
/** A property initializer this short and on one line stays in the signature (`const val MAX = 10`). */
const MAX_INLINE_VALUE = 80;
const MEMBER_BODIES = new Set(["class_body", "enum_class_body"]);
// ERROR: declarations tree-sitter recovered inside a broken region keep their visibility.
const DECLARATION_SCOPES = new Set(["source_file", "class_body", "enum_class_body", "ERROR"]);
const VISIBILITIES = new Set<string>(["public", "private", "protected", "internal"]);
const CALLABLE_VALUES = new Set(["lambda_literal", "anonymous_function"]);

/**
 * A declaration's children and modifier words, read once per rule: each node access crosses
 * into the tree-sitter addon, and `nextSibling`/`parent` make it re-descend from the root.
 */
interface Parts {
  children: SyntaxNode[];
  /** Modifier keywords (`private`, `data`, `const`…), annotations excluded. */
  words: string[];
}

function partsOf(node: SyntaxNode): Parts {
  const children = node.children;
  const modifiers = children[0]?.type === "modifiers" ? children[0] : null;
  const words = modifiers ? modifiers.namedChildren.filter((child) => child.type !== "annotation").map((child) => child.text) : [];
  return { children, words };
}

function find(children: readonly SyntaxNode[], type: string): SyntaxNode | null {
  return children.find((child) => child.type === type) ?? null;
}

/** Declarations inside function bodies, lambdas and blocks have no visibility. */
function isLocal(parentType: string | null): boolean {
  return parentType !== null && !DECLARATION_SCOPES.has(parentType);
}

function visibilityOf(words: readonly string[], parentType: string | null): Visibility | null {
  if (isLocal(parentType)) return null;
  return (words.find((word) => VISIBILITIES.has(word)) as Visibility | undefined) ?? "public";
}

function isMember(parentType: string | null): boolean {
  return parentType !== null && MEMBER_BODIES.has(parentType);
}

function functionDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const name = node.childForFieldName("name");
  if (!name) return null;
  const { children, words } = partsOf(node);
  const parentType = context.parentType();
  return {
    name: name.text,
    kind: isMember(parentType) ? "method" : "function",
    signature: signatureOf(context.source, node, find(children, "function_body")),
    visibility: visibilityOf(words, parentType),
    callable: true,
    container: false,
  };
}

function classKind(children: readonly SyntaxNode[], words: readonly string[]): SymbolKind {
  if (find(children, "interface")) return "interface";
  if (words.includes("data")) return "data_class";
  if (words.includes("sealed")) return "sealed_class";
  if (words.includes("enum")) return "enum_class";
  return "class";
}

function classDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const name = node.childForFieldName("name");
  if (!name) return null;
  const { children, words } = partsOf(node);
  return {
    name: name.text,
    kind: classKind(children, words),
    signature: signatureOf(context.source, node, find(children, "class_body") ?? find(children, "enum_class_body")),
    visibility: visibilityOf(words, context.parentType()),
    callable: false,
    container: true,
  };
}

function objectDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const name = node.childForFieldName("name");
  if (!name && node.type !== "companion_object") return null;
  const { children, words } = partsOf(node);
  return {
    name: name?.text ?? "Companion",
    kind: node.type === "companion_object" ? "companion_object" : "object",
    signature: signatureOf(context.source, node, find(children, "class_body")),
    visibility: visibilityOf(words, context.parentType()),
    callable: false,
    container: true,
  };
}

function secondaryConstructor(node: SyntaxNode, context: RuleContext): SymbolDraft {
  const { children, words } = partsOf(node);
  return {
    name: "constructor",
    kind: "constructor",
    signature: signatureOf(context.source, node, find(children, "block")),
    visibility: visibilityOf(words, context.parentType()),
    callable: true,
    container: false,
  };
}

function initializer(): SymbolDraft {
  return { name: "init", kind: "constructor", signature: "init", visibility: null, callable: true, container: false };
}

function enumEntry(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const children = node.children;
  const name = children[0];
  if (name?.type !== "identifier") return null;
  const body = find(children, "class_body");
  return {
    name: name.text,
    kind: "const",
    signature: signatureOf(context.source, node, body),
    visibility: "public",
    callable: false,
    container: body !== null,
  };
}

function typeAlias(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const name = node.childForFieldName("type");
  if (!name) return null;
  return {
    name: name.text,
    kind: "type_alias",
    signature: oneLine(context.source.slice(node.startIndex, node.endIndex)),
    visibility: visibilityOf(partsOf(node).words, context.parentType()),
    callable: false,
    container: false,
  };
}

/** The initializer after `=`, or the `by` delegate. */
function propertyValue(children: readonly SyntaxNode[]): SyntaxNode | null {
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (child.type === "=") return children.slice(i + 1).find((next) => next.isNamed) ?? null;
    if (child.type === "property_delegate") return child;
  }
  return null;
}

/** Declaration head of a property: the initializer stays when short, lambdas keep their parameters. */
function propertySignature(source: string, node: SyntaxNode, children: readonly SyntaxNode[], value: SyntaxNode | null): string {
  if (!value) return signatureOf(source, node, find(children, "getter") ?? find(children, "setter"));
  if (value.type === "lambda_literal") {
    const arrow = find(value.children, "->");
    return oneLine(source.slice(node.startIndex, arrow ? arrow.endIndex : value.startIndex + 1));
  }
  if (value.type === "anonymous_function") return signatureOf(source, node, find(value.children, "function_body"));
  if (value.type === "object_literal") return signatureOf(source, node, find(value.children, "class_body"));
  const text = source.slice(value.startIndex, value.endIndex);
  if (text.length <= MAX_INLINE_VALUE && !text.includes("\n")) return oneLine(source.slice(node.startIndex, value.endIndex));
  return signatureOf(source, node, value);
}

function propertyDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const parentType = context.parentType();
  if (isLocal(parentType)) return null;
  const { children, words } = partsOf(node);
  const name = find(children, "variable_declaration")?.firstNamedChild;
  if (name?.type !== "identifier") return null;
  const value = propertyValue(children);
  const member = isMember(parentType);
  const callable = value !== null && CALLABLE_VALUES.has(value.type);
  let kind: SymbolKind;
  if (callable) kind = member ? "method" : "function";
  else if (words.includes("const")) kind = "const";
  else kind = member ? "property" : "variable";
  return {
    name: name.text,
    kind,
    signature: propertySignature(context.source, node, children, value),
    visibility: visibilityOf(words, parentType),
    callable,
    // Methods of an anonymous object bound to a property belong to the property.
    container: value?.type === "object_literal",
  };
}

/**
 * Custom getters and setters with a body; their visibility defaults to the property's.
 * Accessors are rare, so reading the property through `node.parent` is affordable here.
 */
function accessor(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const { children, words } = partsOf(node);
  const body = find(children, "function_body");
  const property = body ? node.parent : null;
  const propertyParentType = property?.parent?.type ?? null;
  if (!body || property?.type !== "property_declaration" || isLocal(propertyParentType)) return null;
  const propertyParts = partsOf(property);
  const name = find(propertyParts.children, "variable_declaration")?.firstNamedChild;
  if (name?.type !== "identifier") return null;
  const own = words.find((word) => VISIBILITIES.has(word)) as Visibility | undefined;
  const visibility = own ?? visibilityOf(propertyParts.words, propertyParentType);
  return {
    name: name.text,
    kind: node.type === "getter" ? "getter" : "setter",
    signature: signatureOf(context.source, node, body),
    visibility,
    callable: true,
    container: false,
  };
}

function receiverText(node: SyntaxNode): string {
  return oneLine(node.text, MAX_RECEIVER);
}

/**
 * `f()`, `Foo()` (constructor calls are plain calls), `a.b.c()` (receiver `a.b`), `a?.b()`.
 * The receiver is cut from the source up to the member name, which spares materializing its
 * nodes (calls are the most frequent node with a rule).
 */
function callExpression(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const callee = node.firstNamedChild;
  if (!callee) return null;
  if (callee.type === "identifier") return { callee: callee.text, receiver: null, kind: "call" };
  if (callee.type !== "navigation_expression") return null;
  const member = callee.lastChild;
  if (member?.type !== "identifier") return null;
  const memberStart = member.startIndex;
  const head = context.source.slice(callee.startIndex, memberStart);
  const receiver = oneLine(head.replace(/\s*\??\.\s*$/u, ""), MAX_RECEIVER);
  if (!receiver) return null;
  return {
    callee: context.source.slice(memberStart, member.endIndex),
    receiver,
    kind: "call",
    // A chain split over lines is reported on the line of the name.
    ...(head.includes("\n") ? { row: member.startPosition.row } : {}),
  };
}

/** `a to b`, `x until y`: infix function calls with `a` as receiver. */
function infixExpression(node: SyntaxNode): CallDraft | null {
  const [left, operator, right] = node.namedChildren;
  if (!left || operator?.type !== "identifier" || !right) return null;
  return { callee: operator.text, receiver: receiverText(left), kind: "call", row: operator.startPosition.row };
}

function importHeader(node: SyntaxNode) {
  const children = node.children;
  const path = find(children, "qualified_identifier");
  if (!path) return null;
  let names: ImportedName[];
  if (find(children, "*")) {
    names = [{ name: "*", alias: null }];
  } else {
    const last = path.lastChild?.text ?? path.text;
    const aliasNode = find(children, "as") ? (children.filter((child) => child.isNamed).at(-1) ?? null) : null;
    const alias = aliasNode?.type === "identifier" ? aliasNode.text : null;
    names = [{ name: last, alias: alias !== last ? alias : null }];
  }
  return [{ module: path.text, names, line: node.startPosition.row + 1, kind: "import" as const }];
}

/**
 * The `if` of an `else if` continues its chain instead of nesting deeper. Branches have no
 * field names in this grammar, so an `if` directly in another `if` that is not its condition
 * counts as an else-if (a brace-less `if (a) if (b) …` is rare).
 */
function isElseIf(context: RuleContext): boolean {
  return context.parentType() === "if_expression" && context.fieldName() !== "condition";
}

/** Read from the source: one index lookup instead of materializing the entry's first child. */
function startsWithElse(source: string, node: SyntaxNode): boolean {
  return /^else(?![\w$])/u.test(source.slice(node.startIndex, node.startIndex + 5));
}

export const KOTLIN_RULES: LanguageRules = withKotlinTypes({
  skip: new Set([
    "line_comment",
    "block_comment",
    "package_header",
    "modifiers",
    "annotation",
    "user_type",
    "type_arguments",
    "type_parameters",
    "type_constraints",
    "function_type",
    "nullable_type",
  ]),
  definitions: {
    function_declaration: functionDeclaration,
    class_declaration: classDeclaration,
    object_declaration: objectDeclaration,
    companion_object: objectDeclaration,
    secondary_constructor: secondaryConstructor,
    anonymous_initializer: initializer,
    enum_entry: enumEntry,
    type_alias: typeAlias,
    property_declaration: propertyDeclaration,
    getter: accessor,
    setter: accessor,
  },
  calls: {
    call_expression: callExpression,
    infix_expression: infixExpression,
  },
  imports: {
    import: importHeader,
  },
  // `&&`, `||` and `?:` are tokens of binary expressions only: counting the tokens needs no node.
  branches: new Set(["if_expression", "for_statement", "while_statement", "do_while_statement", "catch_block", "&&", "||", "?:"]),
  conditionalBranches: {
    when_entry: (node, context) => (startsWithElse(context.source, node) ? 0 : 1),
  },
  nesting: new Set(["when_expression", "for_statement", "while_statement", "do_while_statement", "try_expression"]),
  conditionalNesting: {
    if_expression: (context) => !isElseIf(context),
  },
});
