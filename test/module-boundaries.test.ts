import { join } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
// The files linted here are virtual, so no tsconfig lists them: the typed rules of
// eslint.config.mjs cannot type-check them, and are not what this test is about.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { project: null, projectService: false } },
    rules: { "@typescript-eslint/no-floating-promises": "off", "@typescript-eslint/no-misused-promises": "off" },
  },
});

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result!.messages.filter((message) => message.ruleId === "@nx/enforce-module-boundaries").map((message) => message.message);
}

// lintText checks a virtual file, so these deliberate violations never touch the tree.
describe("the package layering is enforced by lint", () => {
  it("rejects a lower layer importing a higher one", async () => {
    expect(await boundaryErrors("packages/sqlite/src/violation.ts", 'import { main } from "@tsift/cli";\nexport const x = main;\n')).not.toEqual([]);
    expect(
      await boundaryErrors(
        "packages/graph/src/violation.ts",
        'import { openSqliteGraphStore } from "@tsift/sqlite";\nexport const x = openSqliteGraphStore;\n',
      ),
    ).not.toEqual([]);
  });

  it("rejects siblings that must stay independent", async () => {
    expect(await boundaryErrors("packages/sqlite/src/violation.ts", 'import { x } from "@tsift/libsql";\nexport const y = x;\n')).not.toEqual([]);
  });

  it("rejects importing the root tsift package from a package", async () => {
    expect(await boundaryErrors("packages/search/src/violation.ts", 'import { edgeKey } from "tsift";\nexport const x = edgeKey;\n')).not.toEqual([]);
  });

  it("keeps better-sqlite3 out of the libSQL backend and yargs out of libraries", async () => {
    expect(
      (await boundaryErrors("packages/libsql/src/violation.ts", 'import Database from "better-sqlite3";\nexport const x = Database;\n')).join(" "),
    ).toMatch(/better-sqlite3/);
    expect((await boundaryErrors("packages/index/src/violation.ts", 'import yargs from "yargs";\nexport const x = yargs;\n')).join(" ")).toMatch(/yargs/);
  });

  it("accepts imports the design allows", async () => {
    expect(
      await boundaryErrors(
        "packages/cli/src/allowed.ts",
        'import { edgeKey } from "@tsift/core";\nimport { openSqliteGraphStore } from "@tsift/sqlite";\nexport const x = [edgeKey, openSqliteGraphStore];\n',
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors("packages/index/src/allowed.ts", 'import { openSqliteGraphStore } from "@tsift/sqlite";\nexport const x = openSqliteGraphStore;\n'),
    ).toEqual([]);
  });
});
