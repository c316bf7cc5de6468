import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { extractFile } from "../src/extract-file";

const fixtureDir = new URL("../../../fixtures/languages/tsx/", import.meta.url);
const expected = JSON.parse(readFileSync(new URL("expected.json", fixtureDir), "utf8")) as Record<string, object>;

describe("TSX fixture", () => {
  it("has an expected entry for every source file", () => {
    const sources = readdirSync(fixtureDir).filter((file) => file !== "expected.json");
    expect(Object.keys(expected).sort()).toEqual(sources.sort());
  });

  it.each(Object.keys(expected))("%s matches expected.json", (file) => {
    const result = extractFile("tsx", readFileSync(new URL(file, fixtureDir), "utf8"));
    expect({ symbols: result.symbols, calls: result.calls, imports: result.imports }).toEqual(expected[file]);
    expect(result.has_errors).toBe(file.startsWith("broken."));
  });
});
