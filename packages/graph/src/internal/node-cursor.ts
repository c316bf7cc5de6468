import type { SyntaxNode, TreeCursor } from "../parser-registry";
import { marshalNode } from "./node-classes";

/** The cursor API beyond what the walker needs: positions and resetting to a node. */
export interface NodeCursor extends TreeCursor {
  startPosition: { row: number; column: number };
  endPosition: { row: number; column: number };
  reset(node: SyntaxNode): void;
}

interface WalkableNode {
  tree: object;
  walk(): NodeCursor;
}

const cursors = new WeakMap<object, NodeCursor>();
/** Whether resetting a cursor to a node works in this binding; undefined until first tried. */
let resetWorks: boolean | undefined;

/**
 * A tree cursor positioned at `node` (it cannot move above it), reused for every node of the same
 * tree. Reading a node's children through it (type, field name, indices) costs a few native calls
 * and materializes no SyntaxNode objects, which is several times cheaper than `node.children`,
 * `firstChild` or `childForFieldName` on hot paths such as call sites. The cursor is shared: use it
 * and drop it before asking for another one.
 */
export function cursorAt(node: SyntaxNode): NodeCursor {
  const walkable = node as unknown as WalkableNode;
  const cursor = resetWorks !== false ? cursors.get(walkable.tree) : undefined;
  if (cursor) {
    // node-tree-sitter's native reset() reads the node from its transfer buffer without writing
    // it there first; reading a property of the node marshals it. The first reset is verified,
    // so a binding that behaves differently falls back to a fresh cursor per node.
    const start = node.startIndex;
    // `startIndex` and `endIndex` may be answered without native code (internal/node-classes).
    marshalNode(node);
    cursor.reset(node);
    if (resetWorks) return cursor;
    resetWorks = cursor.startIndex === start && cursor.endIndex === node.endIndex;
    if (resetWorks) return cursor;
  }
  const fresh = walkable.walk();
  if (resetWorks !== false) cursors.set(walkable.tree, fresh);
  return fresh;
}
