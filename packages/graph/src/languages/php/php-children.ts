import { cursorAt, type NodeCursor } from "../../internal/node-cursor";
import type { SyntaxNode } from "../../parser-registry";

/**
 * A node's children read through the tree's reused cursor: type, field and span only.
 * Materializing child nodes (`children`, `childForFieldName`) costs more than the parse
 * itself on PHP's call- and declaration-dense code, so the hot rules read these instead.
 */
export interface Child {
  type: string;
  field: string | null;
  start: number;
  end: number;
  /** 0-based start row; only when asked for (reading it is one more native call per child). */
  row: number;
}

// Read through functions: the cursor moves between reads, which TypeScript's narrowing of a
// property read cannot know.
const fieldOf = (cursor: NodeCursor): string | undefined => cursor.currentFieldName;
const typeOf = (cursor: NodeCursor): string => cursor.nodeType;

function read(cursor: NodeCursor, rows: boolean): Child {
  return {
    type: cursor.nodeType,
    field: cursor.currentFieldName ?? null,
    start: cursor.startIndex,
    end: cursor.endIndex,
    row: rows ? cursor.startPosition.row : -1,
  };
}

/** The children, up to and including the one in field `until` when given (the rest are not read). */
export function childrenOf(node: SyntaxNode, rows = false, until?: string): Child[] {
  const cursor = cursorAt(node);
  const out: Child[] = [];
  if (!cursor.gotoFirstChild()) return out;
  do {
    const child = read(cursor, rows);
    out.push(child);
    if (until !== undefined && child.field === until) break;
  } while (cursor.gotoNextSibling());
  return out;
}

export interface Parameter {
  type: string;
  start: number;
  /** The declared type's text, or null. */
  declared: string | null;
  /** The variable without `$`, or null. */
  name: string | null;
  /** Start and end of the `$name`. */
  nameStart: number;
  nameEnd: number;
  /** `visibility` field text of a promoted parameter. */
  visibility: string | null;
}

/** The parameters of a callable (its `parameters` field), read in one cursor pass. */
export function parametersOf(node: SyntaxNode, source: string): Parameter[] {
  const cursor = cursorAt(node);
  const out: Parameter[] = [];
  if (!cursor.gotoFirstChild()) return out;
  do {
    if (fieldOf(cursor) !== "parameters") continue;
    if (!cursor.gotoFirstChild()) return out;
    do {
      if (!cursor.nodeIsNamed || typeOf(cursor) === "comment") continue;
      const parameter: Parameter = { type: typeOf(cursor), start: cursor.startIndex, declared: null, name: null, nameStart: -1, nameEnd: -1, visibility: null };
      if (cursor.gotoFirstChild()) {
        do {
          const field = fieldOf(cursor);
          if (field === "type") parameter.declared = source.slice(cursor.startIndex, cursor.endIndex);
          else if (field === "name" && typeOf(cursor) === "variable_name") {
            parameter.nameStart = cursor.startIndex;
            parameter.nameEnd = cursor.endIndex;
            parameter.name = source.slice(cursor.startIndex + 1, cursor.endIndex);
          } else if (field === "visibility") parameter.visibility = source.slice(cursor.startIndex, cursor.endIndex).toLowerCase();
        } while (cursor.gotoNextSibling());
        cursor.gotoParent();
      }
      out.push(parameter);
    } while (cursor.gotoNextSibling());
    return out;
  } while (cursor.gotoNextSibling());
  return out;
}

/** The `name` field (a `variable_name`) of each `property_element` child: text without `$` and the element's span. */
export function propertyElementsOf(node: SyntaxNode, source: string, rows: boolean): { name: string | null; start: number; end: number; row: number }[] {
  const cursor = cursorAt(node);
  const out: { name: string | null; start: number; end: number; row: number }[] = [];
  if (!cursor.gotoFirstChild()) return out;
  do {
    const type = typeOf(cursor);
    if (type !== "property_element" && type !== "const_element") continue;
    const element = { name: null as string | null, start: cursor.startIndex, end: cursor.endIndex, row: rows ? cursor.startPosition.row : -1 };
    if (cursor.gotoFirstChild()) {
      do {
        const inner = typeOf(cursor);
        if (inner === "variable_name") {
          element.name = source.slice(cursor.startIndex + 1, cursor.endIndex);
          break;
        }
        if (inner === "name") {
          element.name = source.slice(cursor.startIndex, cursor.endIndex);
          break;
        }
      } while (cursor.gotoNextSibling());
      cursor.gotoParent();
    }
    out.push(element);
  } while (cursor.gotoNextSibling());
  return out;
}

/** The text of each `use` of a class body (`use A, B { … }`): the traits it takes members from. */
export function traitUsesOf(node: SyntaxNode, source: string): string[] {
  const cursor = cursorAt(node);
  const out: string[] = [];
  if (!cursor.gotoFirstChild()) return out;
  do {
    const type = typeOf(cursor);
    if (type !== "declaration_list" && type !== "enum_declaration_list") continue;
    if (!cursor.gotoFirstChild()) return out;
    do {
      if (typeOf(cursor) === "use_declaration") out.push(source.slice(cursor.startIndex, cursor.endIndex));
    } while (cursor.gotoNextSibling());
    return out;
  } while (cursor.gotoNextSibling());
  return out;
}

/**
 * The variables a `foreach` binds (`$v`, `$k => $v`, `&$v`, `[$a, $b]`) and where its value
 * part starts (the iterable before it is read with the old bindings).
 */
export function foreachVariables(node: SyntaxNode, source: string): { names: string[]; from: number } {
  const cursor = cursorAt(node);
  const names: string[] = [];
  let from = node.startIndex;
  if (!cursor.gotoFirstChild()) return { names, from };
  let named = 0;
  do {
    if (!cursor.nodeIsNamed || typeOf(cursor) === "comment") continue;
    if (++named < 2) continue;
    from = cursor.startIndex;
    collectVariables(cursor, source, names, 0);
    break;
  } while (cursor.gotoNextSibling());
  return { names, from };
}

function collectVariables(cursor: NodeCursor, source: string, names: string[], depth: number): void {
  const type = typeOf(cursor);
  if (type === "variable_name") {
    names.push(source.slice(cursor.startIndex + 1, cursor.endIndex));
    return;
  }
  if (depth > 3 || !cursor.gotoFirstChild()) return;
  do collectVariables(cursor, source, names, depth + 1);
  while (cursor.gotoNextSibling());
  cursor.gotoParent();
}
