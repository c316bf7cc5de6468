import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pack } from "../src/index";
import { git, PACK_PROJECT, packProject } from "./pack-fixture";

function edit(root: string, path: string, from: string, to: string): void {
  const file = join(root, path);
  writeFileSync(file, readFileSync(file, "utf8").replace(from, to));
}

describe("pack --changed / --since", () => {
  it("centres on the changed symbols: their file leads and the symbol is marked", async () => {
    const root = packProject(undefined, { git: true });
    const plain = await pack({ cwd: root, budget: 4096 });
    expect(plain.data.centre).toBeNull();
    expect(plain.data.files[0]!.path).toBe("src/store.ts");

    edit(root, "src/services/orders.ts", "const record = readRecord(id);", "const record = readRecord(id.trim());");
    const { data } = await pack({ cwd: root, budget: 4096, changed: true });
    expect(data.centre).toEqual({ target: "working tree", files: ["src/services/orders.ts"] });
    expect(data.files[0]!.path).toBe("src/services/orders.ts");
    expect(data.files[0]!.changed).toBe(true);
    const changed = data.files.flatMap((file) => file.symbols.filter((symbol) => symbol.changed).map((symbol) => symbol.name));
    expect(changed).toEqual(["ordersReport"]);
    expect(data.text).toContain("4*: export function ordersReport(id: string): string");
    expect(data.text).toContain("Centre: 1 changed file (working tree): src/services/orders.ts.");
    // Its callees come next: the rank flows from the change to what it calls.
    expect(data.files.slice(1, 3).map((file) => file.path)).toEqual(["src/store.ts", "src/format.ts"]);
    // The other services, untouched and not called by the change, rank below them.
    const paths = data.files.map((file) => file.path);
    expect(paths.indexOf("src/services/billing.ts")).toBeGreaterThan(paths.indexOf("src/format.ts"));
  });

  it("a small budget keeps the changed symbol and its neighbours before anything else", async () => {
    const root = packProject(undefined, { git: true });
    edit(root, "src/legacy.ts", "value * 2", "value * 3");
    const { data } = await pack({ cwd: root, budget: 256, changed: true, profile: "review" });
    expect(data.files[0]!.path).toBe("src/legacy.ts");
    expect(data.files[0]!.symbols[0]).toMatchObject({ name: "unusedLegacyHelper", changed: true, body: ["  return value * 3;"] });
    expect(data.tokens).toBeLessThanOrEqual(256);
  });

  it("review shows an overloaded function at its first overload's line, that overload as its signature, the rest as its body", async () => {
    const source = [
      "/** Parses a value. */",
      "export function parse(x: string): number;",
      "export function parse(x: number): string;",
      "export function parse(x: string | number): number | string {",
      "  return typeof x === 'string' ? Number(x) : String(x);",
      "}",
      "",
    ].join("\n");
    const root = packProject({ ...PACK_PROJECT, "src/parse.ts": source }, { git: true });
    edit(root, "src/parse.ts", "Number(x)", "Number(x.trim())");
    const { data } = await pack({ cwd: root, budget: 4096, changed: true, profile: "review" });
    const shown = data.files.find((file) => file.path === "src/parse.ts")!.symbols.find((symbol) => symbol.name === "parse")!;
    const lines = readFileSync(join(root, "src/parse.ts"), "utf8").split("\n");
    // The line printed beside the signature is the line that holds it; the body is what follows.
    expect(lines[shown.line - 1]).toBe("export function parse(x: string): number;");
    expect(shown).toMatchObject({ line: 2, signature: "export function parse(x: string): number (+1 overload)", changed: true });
    expect(shown.body).toEqual(lines.slice(2, 5));
    expect(data.text).toContain("2*: export function parse(x: string): number (+1 overload)");
  });

  it("debug lists what a changed symbol calls and what calls it", async () => {
    const root = packProject(undefined, { git: true });
    edit(root, "src/format.ts", "readRecord(id).body.trim()", "readRecord(id).body.trimEnd()");
    const { data } = await pack({ cwd: root, budget: 4096, changed: true, profile: "debug" });
    const formatRecord = data.files.flatMap((file) => file.symbols).find((symbol) => symbol.name === "formatRecord")!;
    expect(formatRecord.changed).toBe(true);
    expect(formatRecord.calls).toEqual(["readRecord"]);
    expect(formatRecord.called_by).toEqual(["auditReport", "billingReport", "ordersReport", "usersReport"]);
    expect(data.text).toContain("-> calls readRecord");
    expect(data.text).toContain("<- called by auditReport, billingReport, ordersReport, usersReport");
  });

  it("--since REF centres on a branch's commits and its uncommitted edits, untracked files included", async () => {
    const root = packProject(undefined, { git: true });
    git(root, "checkout", "-q", "-b", "feature");
    edit(root, "src/services/users.ts", "return usersReport(id);", "return usersReport(id).toUpperCase();");
    git(root, "commit", "-q", "-am", "users shout");
    writeFileSync(
      join(root, "src/extra.ts"),
      'import { readRecord } from "./store";\n\nexport function extraReport(id: string): string {\n  return readRecord(id).id;\n}\n',
    );
    const { data } = await pack({ cwd: root, budget: 4096, since: "main" });
    expect(data.centre).toEqual({ target: "since main", files: ["src/extra.ts", "src/services/users.ts"] });
    const changed = data.files.flatMap((file) => file.symbols.filter((symbol) => symbol.changed).map((symbol) => `${file.path}:${symbol.name}`));
    expect(changed.sort()).toEqual(["src/extra.ts:extraReport", "src/services/users.ts:UsersService", "src/services/users.ts:UsersService.run"]);
  });

  it("with nothing changed, says so and ranks as without a centre", async () => {
    const root = packProject(undefined, { git: true });
    const plain = await pack({ cwd: root, budget: 1000 });
    const result = await pack({ cwd: root, budget: 1000, changed: true });
    expect(result.notes.some((note) => note.includes("no indexed symbol changed"))).toBe(true);
    expect(result.data.centre).toEqual({ target: "working tree", files: [] });
    expect(result.data.files.map((file) => file.path)).toEqual(plain.data.files.map((file) => file.path));
  });
});
