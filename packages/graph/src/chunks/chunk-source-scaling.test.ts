import { describe, expect, it } from "vitest";
import type { ExtractedSymbol } from "../extraction-types";
import { chunkSource } from "./chunk-source";

describe("chunkSource on a big file", () => {
  it("reads each symbol's line a bounded number of times, not once per chunk", () => {
    // 4000 one-line functions 30 lines apart: ~4000 chunks, each labelled by the symbols inside it.
    const count = 4000;
    const lines: string[] = [];
    let reads = 0;
    const symbols: ExtractedSymbol[] = [];
    for (let i = 0; i < count; i++) {
      const line = lines.length + 1;
      lines.push(`function f${i}() {`, ...Array.from({ length: 28 }, (_, j) => `  step(${j});`), "}");
      const symbol = {
        name: `f${i}`,
        kind: "function",
        language: "typescript",
        end_line: line + 29,
        signature: "",
        visibility: null,
        parent: null,
        qualified_name: `f${i}`,
      };
      symbols.push(
        Object.defineProperty(symbol, "line", {
          enumerable: true,
          get: () => {
            reads++;
            return line;
          },
        }) as ExtractedSymbol,
      );
    }
    const chunks = chunkSource(lines.join("\n"), symbols);
    expect(chunks.length).toBeGreaterThan(count / 2);
    expect(chunks[0]!.names).toEqual(["f0"]);
    expect(chunks.at(-1)!.names).toEqual([`f${count - 1}`]);
    // Scanning every symbol for every chunk read lines ~count²/4 (4 million) times.
    expect(reads).toBeLessThan(100 * count);
  });
});
