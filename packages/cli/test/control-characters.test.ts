import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { escapeControls, escapeForDisplay } from "../src/output/escape-controls";
import { run } from "./helpers";

/** File names a user can create and tsift indexes: a newline, a tab, an ESC sequence, DEL and a C1 control. */
const NAMES = {
  newline: "we\nird.ts",
  tab: "ta\tb.ts",
  escape: "e\u001b[31msc.ts",
  del: "d\u007fel.ts",
  c1: "c\u009bone.ts",
} as const;
const SHOWN = { newline: "we\\nird.ts", tab: "ta\\tb.ts", escape: "e\\x1b[31msc.ts", del: "d\\x7fel.ts", c1: "c\\x9bone.ts" } as const;
const FUNCTIONS = { newline: "nl", tab: "tb", escape: "esc", del: "del", c1: "cone" } as const;

const parent = mkdtempSync(join(tmpdir(), "tsift-controls-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));
// The project directory's own name needs escaping too: suggested commands spell it.
const root = join(parent, "pro\nject");
mkdirSync(root);
for (const [kind, name] of Object.entries(NAMES)) {
  writeFileSync(join(root, name), `export function ${FUNCTIONS[kind as keyof typeof NAMES]}() {\n  return "${kind}";\n}\n`);
}

/**
 * Human output may hold line breaks between items (and tabs between TSV cells) and no
 * other control character; the fixture's code has no tabs of its own.
 */
function expectNoRawControls(text: string, cells = false): void {
  for (const line of text.split("\n")) {
    for (const cell of cells ? line.split("\t") : [line]) expect(cell, JSON.stringify(line)).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  }
}

describe("control characters in paths are escaped in human output", () => {
  it("index lists each changed file on one line, escaped", async () => {
    const result = await run(root, "index");
    expect(result.code).toBe(0);
    expectNoRawControls(result.out);
    for (const shown of Object.values(SHOWN)) expect(result.out).toContain(`  + ${shown} [typescript]\n`);
    const json = (await run(root, "index", "--check", "--json")).json();
    expect(json.total_tracked).toBe(5);
  });

  it("symbols, in text, compact and tabular; JSON keeps the real names", async () => {
    for (const mode of [[], ["--compact"], ["--tabular"]]) {
      const result = await run(root, "symbols", ...mode);
      expect(result.code).toBe(0);
      expectNoRawControls(result.out, mode[0] === "--tabular");
      for (const shown of Object.values(SHOWN)) expect(result.out).toContain(shown);
    }
    const json = (await run(root, "symbols", "--json")).json();
    expect(json.symbols.map((symbol: { file: string }) => symbol.file).sort()).toEqual(Object.values(NAMES).sort());
  });

  it("search", async () => {
    const result = await run(root, "search", "return", "--strategy", "exact");
    expect(result.code).toBe(0);
    expectNoRawControls(result.out);
    for (const shown of Object.values(SHOWN)) expect(result.out).toContain(`  ${shown}:2`);
    const json = (await run(root, "search", "return", "--strategy", "exact", "--json")).json();
    expect(json.hits.map((hit: { path: string }) => hit.path).sort()).toEqual(Object.values(NAMES).sort());
  });

  it("source-read and explain", async () => {
    const read = await run(root, "source-read", NAMES.newline);
    expect(read.code).toBe(0);
    expectNoRawControls(read.out);
    expect(read.out.split("\n")[0]).toMatch(/^we\\nird\.ts:1-3 of 3 lines /);
    expect((await run(root, "source-read", NAMES.escape, "--json")).json().file).toBe(NAMES.escape);
    const explained = await run(root, "explain", "esc");
    expect(explained.code).toBe(0);
    expectNoRawControls(explained.out);
    expect(explained.out.split("\n")[0]).toMatch(/^esc {2}function {2}e\\x1b\[31msc\.ts:1-3 /);
  });

  it("status spells a project directory with a newline escaped", async () => {
    writeFileSync(join(root, NAMES.tab), "export function tb() {\n  return 42;\n}\n");
    const result = await run(parent, "status", "pro\nject");
    expect(result.code).toBe(0);
    expectNoRawControls(result.out);
    expect(result.out).toContain("tsift index 'pro\\nject'");
    expect((await run(parent, "status", "pro\nject", "--json")).json().recommendations.run).toContain("'pro\nject'");
  });

  it("notes and errors on stderr are escaped too", async () => {
    const result = await run(root, "source-read", "no\u001bsuch.ts");
    expect(result.code).not.toBe(0);
    expectNoRawControls(result.err);
    expect(result.err).toContain("no\\x1bsuch.ts");
  });
});

describe("escapeControls", () => {
  it("names \\t \\n \\r, writes other controls as \\xHH and lone surrogates as \\uHHHH, keeps the rest", () => {
    expect(escapeControls("a\tb\nc\rd\u0000e\u001bf\u007fg\u0085h")).toBe("a\\tb\\nc\\rd\\x00e\\x1bf\\x7fg\\x85h");
    expect(escapeControls("lone \ud800 and \udc00, pair \ud83d\ude00, é ✓")).toBe("lone \\ud800 and \\udc00, pair \ud83d\ude00, é ✓");
    expect(escapeControls("plain/path.ts")).toBe("plain/path.ts");
    expect(escapeControls("keep\tthis\n\u001b", "\t\n")).toBe("keep\tthis\n\\x1b");
  });

  it("escapes every string of display data, source text keeping its tabs and line breaks", () => {
    expect(escapeForDisplay({ file: "a\nb", rows: [{ text: "\tx\u001b" }], names: ["c\td"], n: 1, none: null })).toEqual({
      file: "a\\nb",
      rows: [{ text: "\tx\\x1b" }],
      names: ["c\\td"],
      n: 1,
      none: null,
    });
  });
});
