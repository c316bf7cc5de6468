import { describe, expect, it } from "vitest";
import type { CallDraft, LanguageRules, RuleContext } from "../language-rules";
import { parseSource, type SyntaxNode, type SyntaxTree, type TreeCursor } from "../parser-registry";
import { walkTree } from "./tree-walker";

const SOURCE = "function outer() {\n  first(a);\n  if (b) {\n    second(c, d);\n  }\n}\nthird();\n";

const baseRules: LanguageRules = {
  skip: new Set(),
  definitions: {
    function_declaration: (node) => ({
      name: node.childForFieldName("name")!.text,
      kind: "function",
      signature: "",
      visibility: null,
      callable: true,
      container: false,
    }),
  },
  calls: {},
  imports: {},
  branches: new Set(),
  nesting: new Set(),
};

/** The callee of a bare identifier in a call's `function` field, from offsets alone. */
const calleeAt = (start: number, end: number, context: RuleContext): CallDraft | null =>
  context.parentType() === "call_expression" && context.fieldName() === "function"
    ? { callee: context.source.slice(start, end), receiver: null, kind: "call" }
    : null;

/** `tree` whose cursors count the nodes they build for the walker. */
function countingNodes(tree: SyntaxTree): { tree: SyntaxTree; built: () => number } {
  let built = 0;
  const walk = tree.walk.bind(tree);
  const counting = Object.create(tree) as SyntaxTree;
  counting.walk = () => {
    const cursor = walk();
    const currentNode = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(cursor) as object, "currentNode")!.get!;
    Object.defineProperty(cursor, "currentNode", {
      get(this: TreeCursor) {
        built++;
        return currentNode.call(this) as SyntaxNode;
      },
    });
    return cursor;
  };
  return { tree: counting, built: () => built };
}

describe("tree walker", () => {
  it("runs cursor call rules without building their nodes, with the same call sites as node rules", () => {
    const withNodes = walkTree(parseSource("typescript", SOURCE), SOURCE, "typescript", {
      ...baseRules,
      calls: { identifier: (node, context) => calleeAt(node.startIndex, node.endIndex, context) },
    });
    const counted = countingNodes(parseSource("typescript", SOURCE));
    const withCursor = walkTree(counted.tree, SOURCE, "typescript", {
      ...baseRules,
      cursorCalls: { identifier: (context) => calleeAt(context.nodeStart(), context.nodeEnd(), context) },
    });
    expect(withCursor.calls.map((call) => [call.callee, call.line, call.caller])).toEqual([
      ["first", 2, "outer"],
      ["second", 4, "outer"],
      ["third", 7, null],
    ]);
    expect(withCursor).toEqual(withNodes);
    // Only the one function declaration's node is built.
    expect(counted.built()).toBe(1);
  });
});
