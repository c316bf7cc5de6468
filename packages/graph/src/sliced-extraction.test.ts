import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { TsiftError } from "@tsift/core";
import { describe, expect, it } from "vitest";
import { extractFile, startExtraction } from "./extract-file";
import { REFUSE_UNSPLITTABLE_MIN_CHARS } from "./internal/sliced-parse";
import { langFromPath } from "./lang-from-path";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = join(HERE, "../../..");

const whole = (path: string, text: string) => extractFile(langFromPath(path)!, text, { slicedMinChars: Number.POSITIVE_INFINITY });
// Slices of a few thousand characters cut this repository's files between (and through) many statements.
const sliced = (path: string, text: string, sliceChars: number) => extractFile(langFromPath(path)!, text, { slicedMinChars: 0, sliceChars });

/** This package's own TypeScript sources of the languages it shipped first: long files of every statement kind the rules read. */
function repositorySources(): string[] {
  return ["typescript", "python", "rust", "kotlin", "zig", "bash", "markdown"].flatMap((folder) => {
    const dir = join(HERE, "languages", folder);
    return readdirSync(dir)
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .map((name) => join(dir, name));
  });
}

describe("extraction in slices", () => {
  it("gives a TypeScript file's whole-file extraction, whatever the slice size", () => {
    const files = repositorySources();
    expect(files.length).toBeGreaterThan(20);
    for (const sliceChars of [3000, 12_000]) {
      for (const path of files) {
        const text = readFileSync(path, "utf8");
        expect(sliced(path, text, sliceChars), `${path} in slices of ${sliceChars}`).toEqual(whole(path, text));
      }
    }
  });

  it("gives a Python file's whole-file extraction, module bindings included", () => {
    const path = join(REPO, "fixtures/languages/python/service.py");
    const text = readFileSync(path, "utf8");
    // The same module four times over: later copies rebind names the earlier ones call.
    const long = Array.from({ length: 4 }, () => text).join("\n");
    expect(sliced("service.py", long, 600)).toEqual(whole("service.py", long));
  });

  it("keeps overload signatures with their implementation across a slice boundary", () => {
    const overloads = Array.from(
      { length: 200 },
      (_, i) =>
        `export function f${i}(a: string): string;\nexport function f${i}(a: number): number;\nexport function f${i}(a: unknown): unknown {\n  return g(a);\n}\n`,
    ).join("\n");
    const result = sliced("o.ts", overloads, 500);
    expect(result).toEqual(whole("o.ts", overloads));
    expect(result.symbols).toHaveLength(200);
  });

  it("refuses, when memory is bound, a file of 1 MiB or more whose one statement cannot be split, naming the size, the limit and the settings", () => {
    const entries = Array.from({ length: 40_000 }, (_, i) => `  key${i}: { id: ${i}, label: "row ${i}" },\n`).join("");
    const text = `export const TABLE = {\n${entries}};\n`;
    expect(text.length).toBeGreaterThanOrEqual(REFUSE_UNSPLITTABLE_MIN_CHARS);
    let error: unknown;
    try {
      extractFile("typescript", text, { boundMemory: true });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TsiftError);
    expect((error as TsiftError).details).toMatchObject({ reason: "too_large", size: text.length, line: 1 });
    expect((error as TsiftError).message).toContain(`${text.length} characters`);
    expect((error as TsiftError).message).toContain("index.max_file_bytes");
    expect((error as TsiftError).message).toContain("index.exclude");
  });

  it("parses a shorter file whose statement cannot be split whole, as before", () => {
    const entries = Array.from({ length: 9000 }, (_, i) => `  key${i}: ${i},\n`).join("");
    const text = `export const TABLE = {\n${entries}};\n`;
    expect(text.length).toBeLessThan(REFUSE_UNSPLITTABLE_MIN_CHARS);
    expect(sliced("t.ts", text, 2000)).toEqual(whole("t.ts", text));
  });

  it("refuses, when memory is bound, a huge file in a language it does not slice", () => {
    const text = "echo hello world\n".repeat(Math.ceil(REFUSE_UNSPLITTABLE_MIN_CHARS / 17));
    expect(() => extractFile("bash", text, { boundMemory: true })).toThrow(/bash is not parsed in slices/);
    // Without the bound, as before: parsed whole.
    expect(extractFile("bash", text).calls.length).toBeGreaterThan(60_000);
  });

  it("steps a sliced extraction one parse at a time", () => {
    const path = join(HERE, "languages/typescript/typescript-types.ts");
    const text = readFileSync(path, "utf8");
    const run = startExtraction("typescript", text, { slicedMinChars: 0, sliceChars: 4000 });
    let steps = 1;
    while (!run.step()) steps++;
    expect(steps).toBeGreaterThan(3);
    expect(run.result()).toEqual(whole(path, text));
  });
});
