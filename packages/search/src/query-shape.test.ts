import { LANGS, langFromPath, langInfo } from "@tsift/graph/langs";
import { describe, expect, it } from "vitest";
import { hybridAlpha, NON_SOURCE_EXTENSIONS, PATH_EXTENSIONS, prefersExact, queryShape } from "./query-shape";

describe("queryShape / prefersExact / hybridAlpha", () => {
  it.each([
    ["alpha_helper", "identifier"],
    ["claudescore-3", "identifier"],
    ["getUserName", "identifier"],
    ["crate::module", "identifier"],
    ["Effect.map", "identifier"],
    ["src/main.rs", "path"],
    ["Schedule.ts", "path"],
    ["retry", "mixed"],
    ["fn(x) => x", "code"],
    ["retry getUserName", "mixed"],
    ["how does the retry schedule work", "prose"],
  ])("%s is %s", (query, shape) => {
    expect(queryShape(query)).toBe(shape);
  });

  it("routes identifier- and path-like single tokens to exact search, plain words to lexical", () => {
    expect(["alpha_helper", "claudescore-3", "src/main.rs", "crate::module"].map(prefersExact)).toEqual([true, true, true, true]);
    expect(["retry", "retry schedule", "main"].map(prefersExact)).toEqual([false, false, false]);
  });

  it("leans on BM25 for identifiers and on vectors for prose", () => {
    expect(hybridAlpha("getUserName")).toBe(0.2);
    expect(hybridAlpha("retry getUserName")).toBe(0.45);
    expect(hybridAlpha("how does the retry schedule work")).toBe(0.6);
    expect(hybridAlpha("retry schedule")).toBe(0.5);
  });

  // File names of every indexed language are paths, read from the language registry, so a
  // new language cannot be missing (`deploy.zsh` and `page.mdx` once read as identifiers).
  it.each(LANGS.flatMap((lang) => langInfo(lang).extensions.map((extension) => [`module.${extension}`, lang] as const)))("%s (%s) is a path", (query) => {
    expect(queryShape(query)).toBe("path");
    expect(queryShape(query.toUpperCase())).toBe("path");
  });

  it("lists only extensions no indexed language claims as non-source, each once", () => {
    expect(NON_SOURCE_EXTENSIONS.filter((extension) => langFromPath(`file.${extension}`) !== null)).toEqual([]);
    expect(new Set(PATH_EXTENSIONS).size).toBe(PATH_EXTENSIONS.length);
    expect(queryShape("package.json")).toBe("path");
    expect(queryShape("config.yml")).toBe("path");
    expect(queryShape("config.yaml")).toBe("path");
  });
});
