import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { LANGS } from "../src/lang";
import { LANGUAGES } from "../src/language-registry";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const repo = join(packageDir, "..", "..");
const generator = join(repo, "tools", "generate-registries.mjs");
const copies: string[] = [];

/** A copy of the package's sources without their generated registries, resolving packages as the workspace does. */
function copyPackage(): string {
  const dir = mkdtempSync(join(tmpdir(), "tsift-add-language-"));
  copies.push(dir);
  cpSync(join(packageDir, "src"), join(dir, "src"), { recursive: true, filter: (source) => !source.endsWith(".generated.ts") });
  cpSync(join(packageDir, "package.json"), join(dir, "package.json"));
  symlinkSync(join(repo, "node_modules"), join(dir, "node_modules"), "dir");
  return dir;
}

/** Recipe step 1: the language's folder, src/languages/<id>/, with its definition and its hooks. */
function writeToy(dir: string, text: string): void {
  mkdirSync(join(dir, "src", "languages", "toy"), { recursive: true });
  writeFileSync(join(dir, "src", "languages", "toy", "toy-language.ts"), text);
  writeFileSync(join(dir, "src", "languages", "toy", "toy-hooks.ts"), TOY_HOOKS);
}

/**
 * The toy's module system (an import names `<module>.toy` beside the importing file, or every
 * file of a directory: a package) and test conventions (`*_check.toy`, `check name` lines).
 */
const TOY_HOOKS = `import { posix } from "node:path";
import type { ModuleSystem, TestConventions } from "../../language-hooks";

export const TOY_MODULES: ModuleSystem = {
  resolve({ fromFile, module, files }) {
    const base = posix.join(posix.dirname(fromFile), module);
    if (files.has(\`\${base}.toy\`)) return [\`\${base}.toy\`];
    return [...files].filter((file) => posix.dirname(file) === base).sort();
  },
};

export const TOY_TESTS: TestConventions = {
  files: ["_check\\\\.toy$"],
  runners: ["toycheck"],
  cases: ({ text }) =>
    text.split("\\n").flatMap((line, index) => {
      const name = /^check (\\w+)/.exec(line)?.[1];
      return name === undefined ? [] : [{ name, path: [name], line: index + 1, end_line: index + 1 }];
    }),
  command: ({ path, cases }) => ({ runner: "toycheck", command: \`toycheck \${path}\${cases.map((test) => \` --only \${test.name}\`).join("")}\` }),
};
`;

/** Recipe step 1, literally: one definition file in src/languages/<id>/, starting from EMPTY_RULES. */
function toyLanguage(id: string, order: number): string {
  return `import { defineLanguage } from "../../language-definition";
import { EMPTY_RULES } from "../empty-rules";
import { TOY_MODULES, TOY_TESTS } from "./toy-hooks";

export const ${id}Language = defineLanguage({
  id: "${id}",
  order: ${order},
  displayName: "Toy ${id}",
  extensions: ["${id}"],
  aliases: ["${id}x"],
  grammarPackage: "tree-sitter-${id}",
  grammarExport: null,
  hasCalls: false,
  commentPrefixes: ["#"],
  paragraphLines: false,
  qualifiedNameSeparator: ".",
  resolution: {
    family: "${id}",
    modules: "none",
    selfReceivers: ["self"],
    implicitReceiver: false,
    importScope: "never",
    detachedMembers: false,
    typedThis: false,
    heritage: "extends",
  },
  entryPoints: { files: [], reexportFiles: [], libraryRoot: null, libraryModules: null, exportList: null, reexportImport: null },
  rgTypes: ["toy"],
  extraction: { rules: EMPTY_RULES },
  moduleSystem: TOY_MODULES,
  tests: TOY_TESTS,
});
`;
}

function generate(dir: string) {
  return spawnSync(process.execPath, [generator, "graph", "--src", join(dir, "src")], { encoding: "utf8" });
}

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

// CONTRIBUTING.md's "Adding a language", followed in a copy of the package: the definition
// file is the whole registration; the generator every build and test run starts with
// lists it last in LANGS, in the registry and in the start-up facts.
describe("adding a language", () => {
  const nextOrder = Math.max(...LANGUAGES.map((language) => language.order)) + 1;

  it("registers a new definition file last, with nothing else edited", async () => {
    const dir = copyPackage();
    writeToy(dir, toyLanguage("toy", nextOrder));
    const run = generate(dir);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);

    const langs = (await import(join(dir, "src", "langs.ts"))) as typeof import("../src/langs");
    expect(langs.LANGS).toEqual([...LANGS, "toy"]);
    expect(langs.langFromPath("src/main.toy")).toBe("toy");
    expect(langs.langInfo("toy" as never)).toMatchObject({ displayName: "Toy toy", grammarPackage: "tree-sitter-toy" });

    const registry = (await import(join(dir, "src", "language-registry.ts"))) as typeof import("../src/language-registry");
    expect(registry.LANGUAGES.map((language) => language.id)).toEqual([...LANGS, "toy"]);
    expect(registry.languageDefinition("toy" as never).extraction.rules.calls).toEqual({});
    const { parseLang } = (await import(join(dir, "src", "parse-lang.ts"))) as typeof import("../src/parse-lang");
    expect(parseLang("toyx")).toBe("toy");

    // Its hooks are what the engines call: imports resolve to a file or a directory's files,
    // test files, cases and the command come from its test conventions.
    const hooks = registry.moduleSystemOf("toy")!;
    const files = new Set(["src/main.toy", "src/util.toy", "src/pkg/a.toy", "src/pkg/b.toy"]);
    const request = { fromFile: "src/main.toy", name: null, files, packages: { empty: true, resolve: () => null } };
    expect(hooks.resolve({ ...request, module: "util" })).toEqual(["src/util.toy"]);
    expect(hooks.resolve({ ...request, module: "pkg" })).toEqual(["src/pkg/a.toy", "src/pkg/b.toy"]);
    const tests = registry.testConventionsOf("toy")!;
    expect(tests.files.map((source) => new RegExp(source).test("src/math_check.toy"))).toEqual([true]);
    const cases = tests.cases!({ path: "src/math_check.toy", text: "check adds\nnothing\ncheck subtracts\n", symbols: [], parse: () => null });
    expect(cases.map((test) => test.name)).toEqual(["adds", "subtracts"]);
    expect(tests.command!({ path: "src/math_check.toy", text: "", cases: cases.slice(0, 1), project: null as never })).toEqual({
      runner: "toycheck",
      command: "toycheck src/math_check.toy --only adds",
    });
    expect(langs.langInfo("toy" as never).rgTypes).toEqual(["toy"]);

    // The start-up facts stay plain data: the read path imports no definition or rule.
    expect(readFileSync(join(dir, "src", "internal", "lang-facts.generated.ts"), "utf8")).not.toMatch(/^import /m);
  });

  it("refuses a definition without its own order number, naming the file", () => {
    const dir = copyPackage();
    writeToy(dir, toyLanguage("toy", LANGUAGES[0]!.order));
    const clash = generate(dir);
    expect(clash.status).toBe(1);
    expect(clash.stderr).toContain(`order ${LANGUAGES[0]!.order} is given twice, in src/languages/rust/rust-language.ts and src/languages/toy/toy-language.ts`);

    writeToy(dir, toyLanguage("toy", nextOrder).replace(/ {2}order: \d+,\n/, ""));
    const missing = generate(dir);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("src/languages/toy/toy-language.ts: add `order: <integer>`");
  });
});
