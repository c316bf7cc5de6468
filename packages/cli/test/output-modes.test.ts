import { cpSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERSION } from "../src/index";
import { repoRoot } from "./helpers";
import { tsift, write } from "./index-helpers";

/**
 * Golden tests: every output mode of every command on fixed fixture data. Output is
 * normalised only where it must vary (the temp root, index ages, the version), so a
 * change to any mode's shape shows up as a golden diff in test/goldens/.
 */
const TREE = {
  "src/store.ts":
    "export class Store {\n  get(key: string) { return key; }\n  getAll() { return []; }\n}\nexport function getStore() { return new Store(); }\n",
  "src/cache.ts": "export class Cache {\n  get(key: string) { return key; }\n}\n",
  "src/util.ts": "export function get() {}\nexport function GET() {}\nexport function gte() {}\n",
  "tools/get_tool.py": "def get():\n    pass\n\ndef get_tool():\n    pass\n",
};

const MODES: Record<string, string[]> = {
  text: [],
  json: ["--json"],
  pretty: ["--pretty"],
  terse: ["--terse"],
  schema: ["--schema"],
  "schema-terse": ["--schema", "--terse"],
  tabular: ["--tabular"],
  compact: ["--compact"],
  absolute: ["--absolute", "--json"],
  envelope: ["--envelope"],
};

function normalise(text: string, root: string): string {
  return (
    text
      .replaceAll(root, "<root>")
      .replaceAll(VERSION, "<version>")
      .replace(/"(last_indexed_secs_ago|age)": ?\d+/g, '"$1":"<age>"')
      .replace(/\d+[smhd] ago/g, "<age> ago")
      .replace(/age:\d+[smhd]/g, "age:<age>")
      // graph-db records when a projection was written.
      .replace(/("projection":\{[^}]*"observed_at_unix":)\d+/g, "$1<time>")
      .replace(/("projection": \{[^}]*"observed_at_unix": )\d+/g, "$1<time>")
      .replace(/^(\S+\t(?:fresh|stale)\t\d+\t\d+\t)\d+$/gm, "$1<age>")
  );
}

let root: string;
const golden = async (file: string, argv: string[], at = root) => {
  const result = await tsift(at, argv);
  expect(result.err, result.err).toBe("");
  expect(result.code).toBe(0);
  await expect(normalise(result.out, at)).toMatchFileSnapshot(join("goldens", file));
};

// One project for the whole file: the cases build on each other's index.
beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "tsift-goldens-")));
  write(root, TREE);
  cpSync(join(repoRoot, "fixtures", "graph-db", "canonical-rows.json"), join(root, "canonical-rows.json"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("output modes", () => {
  it("index: first run, every mode", async () => {
    for (const [mode, flags] of Object.entries(MODES)) {
      await tsift(root, ["index", "--rebuild", "-q"]);
      const result = await tsift(root, ["index", "--rebuild", ...flags]);
      await expect(normalise(result.out, root)).toMatchFileSnapshot(join("goldens", "index", `${mode}.txt`));
    }
  });

  it("symbols: every mode, limits and budgets", async () => {
    await tsift(root, ["index", "-q"]);
    for (const [mode, flags] of Object.entries(MODES)) await golden(join("symbols", `${mode}.txt`), [...flags, "symbols", "get", "--limit", "4"]);
    await golden("symbols/limit-0.txt", ["symbols", "get", "--limit", "0"]);
    await golden("symbols/limit-json.txt", ["symbols", "get", "--limit", "2", "--json"]);
    await golden("symbols/budget-small.txt", ["symbols", "get", "--budget", "small", "--json"]);
    await golden("symbols/budget-text.txt", ["symbols", "get", "--budget", "small"]);
    await golden("symbols/max-items-bytes.txt", ["symbols", "get", "--max-items", "2", "--max-bytes", "12", "--json"]);
    await golden("symbols/envelope-auto.txt", ["--envelope", "symbols", "get"]);
    await golden("symbols/envelope-terse-schema.txt", ["--envelope", "--terse", "--schema", "symbols", "get", "--budget", "small"]);
  });

  it("source-read: every mode and a budget", async () => {
    await tsift(root, ["index", "-q"]);
    for (const [mode, flags] of Object.entries(MODES))
      await golden(join("source-read", `${mode}.txt`), [...flags, "source-read", "src/store.ts", "--start", "2", "--lines", "2"]);
    await golden("source-read/budget-small.txt", ["--envelope", "source-read", "src/store.ts", "--budget", "small", "--max-bytes", "20"]);
  });

  it("status: every mode", async () => {
    // No index here: the `use:` list stays empty, so adding an index command to the
    // catalog does not churn these goldens (status-command.test.ts checks the list).
    const bare = realpathSync(mkdtempSync(join(tmpdir(), "tsift-goldens-status-")));
    try {
      write(bare, { ...TREE, "AGENTS.md": "# Agents\n\n<!-- tsift:code-navigation v=0.0.1 -->\nold\n<!-- /tsift:code-navigation -->\n" });
      for (const [mode, flags] of Object.entries(MODES)) await golden(join("status", `${mode}.txt`), [...flags, "status"], bare);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it("locks, init and graph-db: text, JSON and their other modes", async () => {
    await tsift(root, ["index", "-q"]);
    for (const mode of ["text", "json", "tabular", "compact", "envelope"]) await golden(join("locks", `${mode}.txt`), [...MODES[mode]!, "locks"]);
    for (const mode of ["text", "json", "tabular", "compact", "envelope"]) await golden(join("init", `${mode}.txt`), [...MODES[mode]!, "init"]);
    await tsift(root, ["graph-db", "import", "canonical-rows.json"]);
    for (const mode of ["text", "json", "compact", "envelope"]) await golden(join("graph-db", `status-${mode}.txt`), [...MODES[mode]!, "graph-db", "status"]);
    for (const mode of ["text", "json", "tabular", "schema-terse", "envelope"])
      await golden(join("graph-db", `kind-${mode}.txt`), [...MODES[mode]!, "graph-db", "kind", "symbol", "--limit", "3"]);
  });
});
