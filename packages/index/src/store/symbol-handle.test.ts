import { describe, expect, it } from "vitest";
import { isSymbolHandle, symbolHandle } from "./symbol-handle";

describe("symbolHandle", () => {
  it("is gsym- and 12 hex digits, stable, and distinct per file, name and line", () => {
    const handle = symbolHandle("src/store.ts", "Store.get", 8);
    expect(handle).toMatch(/^gsym-[0-9a-f]{12}$/);
    expect(symbolHandle("src/store.ts", "Store.get", 8)).toBe(handle);
    expect(
      new Set([
        handle,
        symbolHandle("src/cache.ts", "Store.get", 8),
        symbolHandle("src/store.ts", "Cache.get", 8),
        symbolHandle("src/store.ts", "Store.get", 9),
      ]).size,
    ).toBe(4);
    // Pinned: handles are cited across sessions, so the hash must never change silently.
    expect(symbolHandle("main.rs", "alpha", 6)).toBe("gsym-de7b73ee10d0");
    expect(symbolHandle("a", "b", 1)).toBe("gsym-2aaad89ae59a");
  });

  it("has no collisions among 200k synthetic symbols", () => {
    const seen = new Set<string>();
    for (let file = 0; file < 200; file++) for (let line = 1; line <= 1000; line++) seen.add(symbolHandle(`src/f${file}.ts`, `fn${line % 37}`, line));
    expect(seen.size).toBe(200_000);
  });

  it("recognises handles", () => {
    expect(isSymbolHandle("gsym-0123456789ab")).toBe(true);
    expect(isSymbolHandle("gsym-0123")).toBe(false);
    expect(isSymbolHandle("gfil-0123456789ab")).toBe(false);
  });
});
