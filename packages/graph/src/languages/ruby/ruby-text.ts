import { cursorAt } from "../../internal/node-cursor";
import type { SyntaxNode } from "../../parser-registry";
import { oneLine } from "../../signature";

/** A constant path (`Foo`, `A::B`, `::Top`) as its segments; `rooted` for a leading `::`. Null for anything else. */
export interface ConstantPath {
  segments: string[];
  rooted: boolean;
}

export function constantPath(node: SyntaxNode | null | undefined): ConstantPath | null {
  if (!node) return null;
  if (node.type === "constant") return { segments: [node.text], rooted: false };
  if (node.type !== "scope_resolution") return null;
  const name = node.childForFieldName("name");
  if (name?.type !== "constant") return null;
  const scope = node.childForFieldName("scope");
  if (!scope) return { segments: [name.text], rooted: true };
  const head = constantPath(scope);
  return head ? { segments: [...head.segments, name.text], rooted: head.rooted } : null;
}

/** `A::B` as written, without a leading `::`. */
export function pathText(path: ConstantPath): string {
  return path.segments.join("::");
}

/**
 * The qualified name (`.`-joined, like every language's) a constant path declares inside
 * `container`: nested under it, unless it starts at the root (`class ::Top`).
 */
export function qualifiedIn(container: string | null, path: readonly string[], rooted = false): string {
  const own = path.join(".");
  return container === null || rooted ? own : `${container}.${own}`;
}

/** The literal text of a string without interpolation (`"set"`, `'x'`), else null. */
export function stringValue(node: SyntaxNode | null | undefined): string | null {
  if (!node) return null;
  if (node.type === "simple_symbol") return node.text.slice(1);
  if (node.type !== "string") return null;
  const parts = node.namedChildren;
  if (parts.length === 0) return "";
  if (parts.length !== 1 || parts[0]!.type !== "string_content") return null;
  return parts[0]!.text;
}

/** A symbol or string naming a method or constant (`:name`, `"name"`, `:"odd name"`). */
export function symbolName(node: SyntaxNode): string | null {
  if (node.type === "simple_symbol") return node.text.slice(1);
  if (node.type === "delimited_symbol") {
    const parts = node.namedChildren;
    return parts.length === 1 && parts[0]!.type === "string_content" ? parts[0]!.text : null;
  }
  return stringValue(node);
}

const MAX_RECEIVER = 80;

/** A receiver expression on one short line. */
export function receiverText(source: string, node: SyntaxNode): string {
  return oneLine(source.slice(node.startIndex, node.endIndex), MAX_RECEIVER);
}

/** The last statement of a body (comments and rescue/ensure clauses are not its value). */
export function lastStatement(body: SyntaxNode | null): SyntaxNode | null {
  if (!body) return null;
  if (body.type !== "body_statement" && body.type !== "block_body" && body.type !== "then") return body;
  const last = body.namedChildCount > 0 ? body.namedChild(body.namedChildCount - 1) : null;
  if (!last || last.type !== "comment") return last?.type === "rescue" || last?.type === "ensure" || last?.type === "else" ? null : last;
  const children = body.namedChildren;
  for (let i = children.length - 1; i >= 0; i--) {
    const child = children[i]!;
    if (child.type === "comment") continue;
    return child.type === "rescue" || child.type === "ensure" || child.type === "else" ? null : child;
  }
  return null;
}

/** A call's parts, read once per node (its import, call and declaration rules all ask). */
export interface CallParts {
  /** The method's name as written (`attr_reader`, `Integer`, `+`), null when the call names none (`f.()`). */
  readonly name: string | null;
  /** Its node type: `identifier`, `constant`, `operator`, `super`… */
  readonly methodType: string | null;
  /** 0-based row of the method's name. */
  readonly methodRow: number;
  readonly receiver: SyntaxNode | null;
}

let lastCall: SyntaxNode | null = null;
let lastParts: CallParts = { name: null, methodType: null, methodRow: 0, receiver: null };

/** Read with a cursor: the method's name is sliced from the source, only the receiver is materialized. */
export function callParts(node: SyntaxNode, source: string): CallParts {
  if (node === lastCall) return lastParts;
  let name: string | null = null;
  let methodType: string | null = null;
  let methodRow = 0;
  let receiver: SyntaxNode | null = null;
  const cursor = cursorAt(node);
  if (cursor.gotoFirstChild()) {
    do {
      const field = cursor.currentFieldName;
      if (field === "method") {
        methodType = cursor.nodeType;
        name = source.slice(cursor.startIndex, cursor.endIndex);
        methodRow = cursor.startPosition.row;
      } else if (field === "receiver") receiver = cursor.currentNode;
    } while (cursor.gotoNextSibling());
  }
  lastCall = node;
  lastParts = { name, methodType, methodRow, receiver };
  return lastParts;
}

/** The source text of a node, sliced instead of asked of the tree. */
export function textOf(source: string, node: SyntaxNode): string {
  return source.slice(node.startIndex, node.endIndex);
}

/** Where a field child is, and the child itself when it was asked to be materialized. */
export interface FieldChild {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly node: SyntaxNode | null;
}

/**
 * The field children of `node` in one cursor pass: `materialize` names the fields whose
 * node is needed (the others are read as type and span only, which costs no object).
 */
export function fieldChildren(node: SyntaxNode, materialize: ReadonlySet<string>): Map<string, FieldChild> {
  const found = new Map<string, FieldChild>();
  const cursor = cursorAt(node);
  if (!cursor.gotoFirstChild()) return found;
  do {
    const field = cursor.currentFieldName;
    if (field === undefined || found.has(field)) continue;
    found.set(field, { type: cursor.nodeType, start: cursor.startIndex, end: cursor.endIndex, node: materialize.has(field) ? cursor.currentNode : null });
  } while (cursor.gotoNextSibling());
  return found;
}
