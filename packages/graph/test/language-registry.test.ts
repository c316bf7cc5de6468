import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LANGS } from "../src/lang";
import { langFromPath } from "../src/lang-from-path";
import { langInfo } from "../src/lang-info";
import { isTsiftError } from "@tsift/core";
import { LANGUAGES, languageDefinition } from "../src/language-registry";
import { parseLang } from "../src/parse-lang";

const ROOT = new URL("../../../", import.meta.url);
const ids = LANGUAGES.map((language) => language.id);
const readJson = (path: string) => JSON.parse(readFileSync(new URL(path, ROOT), "utf8")) as Record<string, Record<string, unknown> | undefined>;

// Released ids in their `LANGS` order: stored ids and listings depend on it, so a language
// keeps its place for good and a new one is appended (test/adding-a-language.test.ts).
/** The folder under src/languages/ holding a language's definition file (the JS family shares one), or null. */
function languageFolder(id: string): string | null {
  const found = readdirSync(new URL("packages/graph/src/languages/", ROOT), { recursive: true, encoding: "utf8" }).find(
    (file) => file.split("/").pop() === `${id}-language.ts` && file.includes("/"),
  );
  return found === undefined ? null : found.slice(0, found.lastIndexOf("/"));
}

const RELEASED = ["rust", "python", "typescript", "tsx", "javascript", "jsx", "kotlin", "zig", "bash", "markdown"];

describe("language registry", () => {
  it("keeps the released languages first, in their order, each with its own order number", () => {
    expect(ids.slice(0, RELEASED.length)).toEqual(RELEASED);
    const orders = LANGUAGES.map((language) => language.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(new Set(orders).size).toBe(orders.length);
  });

  it("registers each id once, in LANGS order, and every table reads the same list", () => {
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...LANGS]);
    for (const language of LANGUAGES) {
      // The generated start-up facts are the definition's facts (optional ones defaulted), minus
      // its registry place and its code (extraction and hooks).
      const { extraction, order: _order, moduleSystem: _modules, tests: _tests, checkedBy: _checker, ...facts } = language;
      expect(langInfo(language.id as (typeof LANGS)[number])).toEqual({
        ...facts,
        rgTypes: facts.rgTypes ?? [],
        dottedModuleImports: language.moduleSystem?.dottedModuleImports ?? false,
        resolution: {
          detachedMembersInPackage: false,
          baseModifiers: [],
          definitionsRunInOrder: false,
          companionKinds: [],
          namedReceivers: false,
          ...facts.resolution,
        },
      });
      expect(extraction.rules).toBeDefined();
    }
  });

  it("freezes definitions and refuses an id it does not know", () => {
    for (const language of LANGUAGES) {
      expect(Object.isFrozen(language) && Object.isFrozen(language.extensions) && Object.isFrozen(language.resolution.selfReceivers), language.id).toBe(true);
      expect(languageDefinition(language.id as (typeof LANGS)[number])).toBe(language);
    }
    let error: unknown;
    try {
      languageDefinition("cobol" as (typeof LANGS)[number]);
    } catch (caught) {
      error = caught;
    }
    expect(isTsiftError(error) && error.code).toBe("unsupported");
  });

  it("maps every extension and alias to exactly one language", () => {
    const claimed = new Map<string, string>();
    for (const language of LANGUAGES) {
      expect(language.extensions.length, language.id).toBeGreaterThan(0);
      for (const extension of language.extensions) {
        expect(claimed.get(`.${extension}`), extension).toBeUndefined();
        claimed.set(`.${extension}`, language.id);
        expect(langFromPath(`file.${extension}`)).toBe(language.id);
      }
      for (const alias of language.aliases) {
        expect(alias, `${language.id} alias`).toBe(alias.toLowerCase());
        expect(ids, `alias ${alias} shadows an id`).not.toContain(alias);
        expect(claimed.get(alias), alias).toBeUndefined();
        claimed.set(alias, language.id);
        expect(parseLang(alias)).toBe(language.id);
      }
    }
  });

  it("declares extraction consistent with its facts", () => {
    for (const language of LANGUAGES) {
      const { rules } = language.extraction;
      // A language that extracts calls has call rules; one that does not has none.
      expect(Object.keys(rules.calls).length > 0, language.id).toBe(language.hasCalls);
      const lengths = language.commentPrefixes.map((prefix) => prefix.length);
      expect(lengths, language.id).toEqual([...lengths].sort((a, b) => b - a));
      expect(language.qualifiedNameSeparator.length, language.id).toBeGreaterThan(0);
    }
  });

  it("names entry files of the language itself", () => {
    for (const { id, entryPoints, resolution } of LANGUAGES) {
      for (const file of entryPoints.files) expect(langFromPath(file), `${id} entry file ${file}`).toBe(id);
      for (const file of entryPoints.reexportFiles) expect(entryPoints.files, `${id} re-export file`).toContain(file);
      if (entryPoints.libraryRoot !== null) expect(entryPoints.files, `${id} library root`).toContain(entryPoints.libraryRoot);
      expect(entryPoints.libraryModules === null, `${id} library modules only with a library root`).toBe(entryPoints.libraryRoot === null);
      if (entryPoints.reexportImport !== null) expect(() => new RegExp(entryPoints.reexportImport!), `${id} re-export import pattern`).not.toThrow();
      // A bare call or `this` that reaches the enclosing type needs the word for it; a language
      // whose methods name their receiver (Go), or that has none (C), has no fixed word.
      if (!resolution.namedReceivers && (resolution.implicitReceiver || resolution.typedThis))
        expect(resolution.selfReceivers.length, `${id} self receivers`).toBeGreaterThan(0);
      expect(resolution.family, `${id} family`).toMatch(/^[a-z]+$/);
    }
    // A family is one resolution model: its languages agree on everything but their ids.
    const byFamily = new Map<string, string>();
    for (const { id, resolution } of LANGUAGES) {
      const model = JSON.stringify(resolution);
      expect(byFamily.get(resolution.family) ?? model, `${id} in family ${resolution.family}`).toBe(model);
      byFamily.set(resolution.family, model);
    }
  });
});

// The CONTRIBUTING.md recipe: a language is its definition file, its fixture directory,
// its grammar dependency and the grammar's allowScripts line. Nothing else to remember.
describe("adding a language", () => {
  const graphPackage = readJson("packages/graph/package.json");
  const rootPackage = readJson("package.json");

  it.each(ids)("%s has a definition file, a fixture directory, a grammar dependency and an allowScripts entry", (id) => {
    const language = LANGUAGES.find((entry) => entry.id === id)!;
    expect(existsSync(new URL(`packages/graph/src/languages/${languageFolder(id)}/${id}-language.ts`, ROOT)), "definition file in its folder").toBe(true);
    expect(existsSync(new URL(`fixtures/languages/${id}/expected.json`, ROOT)), "fixture expected.json").toBe(true);
    // A devDependency when the build vendors the grammar's prebuilt binaries into dist/.
    expect(
      graphPackage.dependencies?.[language.grammarPackage] ??
        graphPackage.optionalDependencies?.[language.grammarPackage] ??
        graphPackage.devDependencies?.[language.grammarPackage],
      "grammar dependency of @tsift/graph",
    ).toBeDefined();
    expect(rootPackage.allowScripts?.[language.grammarPackage], "allowScripts entry in the root package.json").toBe(true);
  });

  it("has no fixture directory or definition file for an unregistered language", () => {
    const fixtureDirs = readdirSync(new URL("fixtures/languages/", ROOT), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(fixtureDirs.sort()).toEqual([...ids].sort());
    const definitionFiles = readdirSync(new URL("packages/graph/src/languages/", ROOT), { recursive: true, encoding: "utf8" })
      .map((file) => file.split("/").pop()!)
      .filter((file) => file.endsWith("-language.ts"));
    expect(definitionFiles.map((file) => file.slice(0, -"-language.ts".length)).sort()).toEqual([...ids].sort());
  });
});
