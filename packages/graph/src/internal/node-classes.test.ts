import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { Lang } from "../lang";
import { parseSource, type SyntaxNode } from "../parser-registry";
import { cursorAt } from "./node-cursor";

const require = createRequire(import.meta.url);
const base = (require("tree-sitter") as { SyntaxNode: { prototype: object } }).SyntaxNode.prototype;
const native = (name: string) => Object.getOwnPropertyDescriptor(base, name)!.get!;
const nativeChild = Object.getOwnPropertyDescriptor(base, "childForFieldName")!.value as (this: SyntaxNode, field: string) => SyntaxNode | null;
const FIELDS = ["name", "body", "function", "arguments", "left", "right", "value", "parameters", "object", "property", "type", "condition", "no_such_field"];
const describeNode = (node: SyntaxNode | null) => (node ? [node.type, node.startIndex, node.endIndex] : null);

const SAMPLES: [Lang, string][] = [
  ["typescript", "// é\nexport class A<T> extends B {\n  m(x: number) { return x && f(`${x}é`) || this.n?.(1); }\n}\nconst s = 'ü' + \"x\";\n"],
  ["python", "def f(a, b=2):\n    return [x for x in a if x] or g(b)\n\nclass C:\n    pass\n"],
  ["rust", 'fn main() {\n    let v = vec![1, 2];\n    if v.len() > 1 { println!("{}", v[0]); }\n}\n'],
];

function allNodes(root: SyntaxNode): SyntaxNode[] {
  const nodes: SyntaxNode[] = [];
  const pending = [root];
  for (let node = pending.pop(); node; node = pending.pop()) {
    nodes.push(node);
    pending.push(...node.children);
  }
  return nodes;
}

describe("node classes", () => {
  it.each(SAMPLES)("%s: type, typeId, startIndex, startPosition and childForFieldName agree with the native ones on every node", (lang, text) => {
    // Twice: the second parse reads the types the first one kept on the prototypes.
    for (let round = 0; round < 2; round++) {
      const nodes = allNodes(parseSource(lang, text).rootNode);
      expect(nodes.length).toBeGreaterThan(20);
      for (const node of nodes) {
        for (let read = 0; read < 2; read++) {
          expect([node.type, node.typeId, node.startIndex, node.endIndex, node.startPosition]).toEqual([
            native("type").call(node),
            native("typeId").call(node),
            native("startIndex").call(node),
            native("endIndex").call(node),
            native("startPosition").call(node),
          ]);
          for (const field of FIELDS) expect(describeNode(node.childForFieldName(field))).toEqual(describeNode(nativeChild.call(node, field)));
        }
      }
    }
  });

  it.each(SAMPLES)("%s: cursorAt resets one cursor from node to node", (lang, text) => {
    // The cursor is reset from the binding's transfer buffer, which only a native read fills;
    // type and start offsets are answered here without one.
    const nodes = allNodes(parseSource(lang, text).rootNode);
    const cursors = new Set<object>();
    for (const node of [...nodes].reverse()) {
      const cursor = cursorAt(node);
      cursors.add(cursor);
      expect([cursor.nodeType, cursor.startIndex, cursor.endIndex]).toEqual([node.type, node.startIndex, node.endIndex]);
    }
    // One cursor, reset from node to node: a reset that landed elsewhere would have made
    // cursorAt give up resetting and open a cursor per node.
    expect(cursors.size).toBe(1);
  });

  it("gives nodes a class per grammar symbol", () => {
    const nodes = allNodes(parseSource("typescript", "a && b || c;\n").rootNode);
    const classes = new Map<string, unknown>();
    for (const node of nodes) {
      expect(Object.getPrototypeOf(node) === base).toBe(false);
      const seen = classes.get(node.type);
      if (seen) expect(node.constructor === seen).toBe(true);
      classes.set(node.type, node.constructor);
    }
    expect(new Set(classes.values()).size).toBe(classes.size);
  });
});
