import { describe, expect, it } from "vitest";
import { parserBackend, parseSource } from "./parser-registry";

describe("parseSource", () => {
  // Each node object the native binding hands out would otherwise be registered in a
  // per-tree cache of weak references with a finalizer, which costs as much as building it.
  it.skipIf(parserBackend("typescript") !== "native")("hands out node objects without registering them in the binding's node cache", () => {
    const tree = parseSource("typescript", "const a = f(1);\n");
    const first = tree.rootNode;
    const again = tree.rootNode;
    expect(again === first).toBe(false);
    // Still the same node: same span, same type, same children.
    expect([again.type, again.startIndex, again.endIndex, again.childCount]).toEqual([first.type, first.startIndex, first.endIndex, first.childCount]);
    expect(again.namedChildren[0]!.text).toBe("const a = f(1);");
  });
});
