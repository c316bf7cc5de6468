import type { ImportEntry, ImportedName, SymbolKind } from "../../extraction-types";
import type { CallDraft, LanguageRules, RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { oneLine } from "../../signature";
import { withZigTypes } from "./zig-types";

/**
 * Zig (tree-sitter-zig). `fn` declarations are functions, or methods when declared in a
 * struct/enum/union/opaque body (so `fn List(T) type { return struct { fn append… } }` gives
 * `List.append`). Container-level `const X = struct/enum/union/opaque {…}` are
 * struct/enum/union/struct symbols whose declarations are qualified by `X`; other
 * container-level `const`/`var` are const/variable (so `const std =
 * @import("std")` is also the const `std`). Locals inside function bodies are not symbols.
 * `test "name" {}` is a private function named by its string (a doctest `test decl {}` is
 * `test decl`, so it never shadows `decl`). Visibility: `pub` -> public, otherwise private.
 * A declaration's span starts at its `///` doc comment. Builtins (`@intCast(…)`) are not
 * calls; `@import("x")` is an import. Declared types (parameters, locals, return types,
 * `@This()` aliases) are added for the call resolver by `withZigTypes` (zig-types.ts).
 */

const MAX_RECEIVER = 80;
const MAX_INLINE_VALUE = 80;
const CONTAINERS = new Set(["struct_declaration", "enum_declaration", "union_declaration", "opaque_declaration"]);
const DECLARATION_SCOPES = new Set([...CONTAINERS, "source_file", "ERROR"]);
const CONTAINER_KINDS: Readonly<Record<string, SymbolKind>> = {
  struct_declaration: "struct",
  enum_declaration: "enum",
  union_declaration: "union",
  opaque_declaration: "struct",
};

/**
 * Children are read as one array per rule: each node access crosses into the tree-sitter
 * addon, and `nextSibling`/`parent` make it re-descend from the root.
 */
function find(children: readonly SyntaxNode[], type: string): SyntaxNode | null {
  return children.find((child) => child.type === type) ?? null;
}

const DOC_LINE = /^[ \t]*\/\/\/(?!\/)/u;

/**
 * 0-based row of the first line of the `///` doc comment right above the node, if any. Read
 * from the source: the comment nodes are the node's previous siblings, which are costly to reach.
 */
function docStartRow(source: string, node: SyntaxNode): number | undefined {
  let row: number | undefined;
  let lineEnd = source.lastIndexOf("\n", node.startIndex - 1);
  let candidate = node.startPosition.row - 1;
  while (lineEnd > 0) {
    const lineStart = source.lastIndexOf("\n", lineEnd - 1) + 1;
    if (!DOC_LINE.test(source.slice(lineStart, lineEnd))) break;
    row = candidate--;
    lineEnd = lineStart - 1;
  }
  return row;
}

/** `pub` always leads a declaration (`pub extern fn`, `pub const`). */
function visibilityOf(source: string, node: SyntaxNode) {
  return /^pub\b/u.test(source.slice(node.startIndex, node.startIndex + 4)) ? ("public" as const) : ("private" as const);
}

/**
 * Head without the trailing `;` of bodiless declarations (`extern fn f() c_int;`). In a
 * region tree-sitter had to recover, the head stops at the first `{` so a swallowed body
 * never ends up in the signature.
 */
function head(source: string, node: SyntaxNode, body: SyntaxNode | null): string {
  let end = body ? body.startIndex : node.endIndex;
  if (node.hasError) {
    const brace = source.indexOf("{", node.startIndex);
    if (brace >= 0 && brace < end) end = brace;
  }
  return oneLine(source.slice(node.startIndex, end).replace(/[\s{=:;]+$/u, ""));
}

function functionDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const name = node.childForFieldName("name");
  if (!name) return null;
  return {
    name: name.text,
    kind: CONTAINERS.has(context.parentType() ?? "") ? "method" : "function",
    signature: head(context.source, node, node.childForFieldName("body")),
    visibility: visibilityOf(context.source, node),
    startRow: docStartRow(context.source, node),
    callable: true,
    container: false,
  };
}

/** The value after `=`. */
function initializer(children: readonly SyntaxNode[]): SyntaxNode | null {
  const equals = children.findIndex((child) => child.type === "=");
  return equals < 0 ? null : (children.slice(equals + 1).find((child) => child.isNamed) ?? null);
}

function variableDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const parentType = context.parentType();
  if (parentType !== null && !DECLARATION_SCOPES.has(parentType)) return null;
  // Named children only (name, type, value…): the keywords are read from the source.
  const named = node.namedChildren;
  const name = named[0];
  if (name?.type !== "identifier" || name.text === "_") return null;
  const source = context.source;
  const keywords = source.slice(node.startIndex, name.startIndex);
  const last = named.length > 1 ? named[named.length - 1]! : null;
  const value = last && source.slice(named[named.length - 2]!.endIndex, last.startIndex).includes("=") ? last : null;
  const containerKind = value ? CONTAINER_KINDS[value.type] : undefined;
  let signature: string;
  if (containerKind && value) {
    // `struct`, `packed struct`, `union(enum)`: the container's head has no brace before its body.
    const brace = source.indexOf("{", value.startIndex);
    signature = oneLine(source.slice(node.startIndex, brace >= 0 && brace < value.endIndex ? brace : value.endIndex));
  } else if (value && (value.endIndex - value.startIndex > MAX_INLINE_VALUE || value.startPosition.row !== value.endPosition.row)) {
    signature = head(source, node, value);
  } else {
    signature = head(source, node, null);
  }
  return {
    name: name.text,
    kind: containerKind ?? (/\bvar\s*$/u.test(keywords) ? "variable" : "const"),
    signature,
    visibility: /^pub\b/u.test(keywords) ? "public" : "private",
    startRow: docStartRow(context.source, node),
    callable: false,
    container: containerKind !== undefined,
  };
}

function testDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const label = node.firstNamedChild;
  let name: string | undefined;
  if (label?.type === "string") name = label.firstNamedChild?.type === "string_content" ? label.firstNamedChild.text : "";
  // A doctest is named like its signature, so it never shadows the declaration it tests.
  else if (label?.type === "identifier") name = `test ${label.text}`;
  return {
    name: name || "test",
    kind: "function",
    signature: head(context.source, node, node.namedChildren.find((child) => child.type === "block") ?? null),
    visibility: "private",
    startRow: docStartRow(context.source, node),
    callable: true,
    container: false,
  };
}

/**
 * `f(x)`, `std.debug.print(…)` (receiver `std.debug`), `list.append(x)`. The receiver is cut
 * from the source between the callee's start and the member name, which spares materializing
 * its nodes (calls are the most frequent node with a rule).
 */
function callExpression(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const fn = node.childForFieldName("function");
  if (!fn) return null;
  if (fn.type === "identifier") return { callee: fn.text, receiver: null, kind: "call" };
  if (fn.type !== "field_expression") return null;
  const member = fn.childForFieldName("member");
  if (!member) return null;
  const memberStart = member.startIndex;
  const head = context.source.slice(fn.startIndex, memberStart);
  // `!mem.eql(…)` parses as a call on the error union type `!mem`: the receiver is `mem`.
  const receiver = oneLine(head.replace(/\s*\.\s*$/u, "").replace(/^!\s*/u, ""), MAX_RECEIVER);
  if (!receiver) return null;
  return {
    callee: context.source.slice(memberStart, member.endIndex),
    receiver,
    kind: "call",
    // A chain split over lines is reported on the line of the name.
    ...(head.includes("\n") ? { row: member.startPosition.row } : {}),
  };
}

/**
 * `const std = @import("std")` -> `*` as `std`; `const print = @import("std").debug.print`
 * -> `debug.print` as `print`; an unbound `@import` (`_ = @import("x.zig")`) has no names.
 */
function builtinImport(node: SyntaxNode, context: RuleContext): ImportEntry[] | null {
  const start = node.startIndex;
  if (!context.source.startsWith("@import", start) || /[\w@]/u.test(context.source.charAt(start + 7))) return null;
  const argument = find(node.children, "arguments")?.firstNamedChild;
  if (argument?.type !== "string") return null;
  const content = argument.firstNamedChild;
  const module = content?.type === "string_content" ? content.text : "";
  const path: string[] = [];
  let bound: SyntaxNode = node;
  let parent = node.parent;
  while (parent?.type === "field_expression" && parent.childForFieldName("object")?.startIndex === bound.startIndex) {
    const member = parent.childForFieldName("member");
    if (member) path.push(member.text);
    bound = parent;
    parent = parent.parent;
  }
  const names: ImportedName[] = [];
  if (parent?.type === "variable_declaration" && initializer(parent.children)?.startIndex === bound.startIndex) {
    const local = find(parent.children, "identifier")?.text;
    if (local && local !== "_") {
      const name = path.length > 0 ? path.join(".") : "*";
      names.push({ name, alias: local === name ? null : local });
    }
  }
  return [{ module, names, line: node.startPosition.row + 1, kind: "import" }];
}

/** The `if` of an `else if` continues its chain instead of nesting deeper. */
function isElseIf(context: RuleContext): boolean {
  return context.parentType() === "else_clause";
}

/** `else =>` and `_ =>`, read from the source instead of materializing the prong's first child. */
function isDefaultProng(source: string, node: SyntaxNode): boolean {
  return /^(?:else|_)(?![\w@])/u.test(source.slice(node.startIndex, node.startIndex + 5));
}

const notElseIf = (context: RuleContext) => !isElseIf(context);

export const ZIG_RULES: LanguageRules = withZigTypes({
  skip: new Set(["comment", "string", "multiline_string", "character", "integer", "float", "builtin_type"]),
  definitions: {
    function_declaration: functionDeclaration,
    variable_declaration: variableDeclaration,
    test_declaration: testDeclaration,
  },
  calls: {
    call_expression: callExpression,
  },
  imports: {
    builtin_function: builtinImport,
  },
  branches: new Set([
    "if_statement",
    "if_expression",
    "if_type_expression",
    "while_statement",
    "while_expression",
    "for_statement",
    "for_expression",
    "catch_expression",
    // Keywords of binary expressions only: counting the tokens needs no node.
    "and",
    "or",
    "orelse",
  ]),
  conditionalBranches: {
    switch_case: (node, context) => (isDefaultProng(context.source, node) ? 0 : 1),
  },
  nesting: new Set(["while_statement", "while_expression", "for_statement", "for_expression", "switch_expression"]),
  conditionalNesting: {
    if_statement: notElseIf,
    if_expression: notElseIf,
  },
});
