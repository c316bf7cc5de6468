import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { diffDigest, type DiffDigestFile } from "../src/index";
import { tempRepo, type TempRepo } from "./diff-git-repo";

const repos: TempRepo[] = [];
function repo(): TempRepo {
  const made = tempRepo();
  repos.push(made);
  return made;
}
afterEach(() => {
  for (const made of repos.splice(0)) made.remove();
});

const file = (files: DiffDigestFile[], path: string) => files.find((entry) => entry.path === path)!;
const changes = (entry: DiffDigestFile) => entry.symbols.map((symbol) => `${symbol.change} ${symbol.name}`);

const TS_BEFORE = `export function keep(a: number): number {
  return a + 1;
}

export function edit(a: number): number {
  return keep(a);
}

export function resign(a: number): number {
  return a;
}

export function drop(): void {
  log("bye");
}
`;

const TS_AFTER = `export function keep(a: number): number {
  return a + 1;
}

export function edit(a: number): number {
  return keep(a) * 2 + twice(a);
}

export function resign(a: number, b: number): number {
  return a;
}

export function fresh(): number {
  return edit(1);
}
`;

describe("diffDigest", () => {
  it("classifies TypeScript and Python symbols as added, removed or changed, with both signatures and call edges", async () => {
    const r = repo();
    r.write("src/a.ts", TS_BEFORE);
    r.write("tool.py", "def alpha(x):\n    return beta(x)\n\n\ndef beta(x):\n    return x\n\n\ndef gamma():\n    pass\n");
    r.commit("one");
    r.write("src/a.ts", TS_AFTER);
    r.write("tool.py", "def alpha(x):\n    return gamma()\n\n\ndef beta(x, y=1):\n    return x\n\n\ndef delta():\n    alpha(2)\n");
    const report = await diffDigest({ root: r.dir });
    expect(report).toMatchObject({ mode: "worktree", files_changed: 2, files_total: 2, truncated: false });
    const ts = file(report.files, "src/a.ts");
    expect(ts.parse).toBe("parsed");
    expect(ts.language).toBe("typescript");
    expect(changes(ts)).toEqual(["changed edit", "changed resign", "added fresh", "removed drop"]);
    expect(ts.symbols.find((symbol) => symbol.name === "resign")).toMatchObject({
      old_signature: "export function resign(a: number): number",
      new_signature: "export function resign(a: number, b: number): number",
    });
    expect(ts.added_call_edges).toEqual(["edit -> twice", "fresh -> edit"]);
    expect(ts.removed_call_edges).toEqual(["drop -> log"]);
    const py = file(report.files, "tool.py");
    expect(changes(py)).toEqual(["changed alpha", "changed beta", "added delta", "removed gamma"]);
    expect(py.added_call_edges).toEqual(["alpha -> gamma", "delta -> alpha"]);
    expect(py.removed_call_edges).toEqual(["alpha -> beta"]);
    expect(report).toMatchObject({ symbols_added: 2, symbols_removed: 2, symbols_changed: 4, call_edges_added: 4, call_edges_removed: 2 });
    expect(report.economy.input_bytes).toBeGreaterThan(0);
    expect(existsSync(join(r.dir, ".tsift"))).toBe(false);
  });

  it("lists the innermost symbol a hunk changes, and the enclosing one only for a change to its own lines", async () => {
    const r = repo();
    const before = "export class Store {\n  size = 1;\n\n  get(key: string) {\n    return key;\n  }\n\n  put(key: string) {\n    return key;\n  }\n}\n";
    r.write("store.ts", before);
    r.commit("one");
    r.write("store.ts", before.replace("    return key;\n  }\n\n  put", "    return key.trim();\n  }\n\n  put"));
    expect(changes((await diffDigest({ root: r.dir })).files[0]!)).toEqual(["changed Store.get"]);
    r.write("store.ts", before.replace("size = 1;", "size = 2;").replace("    return key;\n  }\n\n  put", "    return key.trim();\n  }\n\n  put"));
    expect(changes((await diffDigest({ root: r.dir })).files[0]!)).toEqual(["changed Store", "changed Store.get"]);
  });

  it("lists every symbol of an untracked file as added and of a deleted file as removed", async () => {
    const r = repo();
    r.write("gone.ts", "export function old1() { return 1; }\n");
    r.commit("one");
    r.git("rm", "-q", "gone.ts");
    r.write("new.ts", "export function made() { return old1(); }\n");
    const report = await diffDigest({ root: r.dir });
    expect(changes(file(report.files, "new.ts"))).toEqual(["added made"]);
    expect(file(report.files, "new.ts")).toMatchObject({ status: "added", untracked: true, added_call_edges: ["made -> old1"] });
    expect(changes(file(report.files, "gone.ts"))).toEqual(["removed old1"]);
  });

  it("parses a renamed file against its old path", async () => {
    const r = repo();
    const body = Array.from({ length: 12 }, (_, i) => `export function f${i}() { return ${i}; }`).join("\n") + "\n";
    r.write("old.ts", body);
    r.commit("one");
    r.git("mv", "old.ts", "new.ts");
    r.write("new.ts", body.replace("return 3;", "return 33;"));
    r.git("add", "new.ts");
    const report = await diffDigest({ root: r.dir, target: { kind: "cached" } });
    expect(report.files).toHaveLength(1);
    expect(report.files[0]).toMatchObject({ path: "new.ts", old_path: "old.ts", status: "renamed" });
    expect(changes(report.files[0]!)).toEqual(["changed f3"]);
  });

  it("reports binary, oversized and unsupported files unparsed", async () => {
    const r = repo();
    r.write("data.bin", Buffer.from([0, 1, 2]));
    r.write("big.ts", `export const x = "${"y".repeat(200)}";\n`);
    r.write("notes.unknownext", "hello\n");
    const report = await diffDigest({ root: r.dir, maxFileBytes: 100 });
    expect(report.files.map((entry) => [entry.path, entry.parse])).toEqual([
      ["big.ts", "too_large"],
      ["data.bin", "binary"],
      ["notes.unknownext", "unsupported_language"],
    ]);
    expect(file(report.files, "big.ts").warnings?.[0]).toContain("over the per-file limit of 100 bytes");
  });

  it("reports a submodule change unparsed, and an unknown --base as not_found", async () => {
    const r = repo();
    r.write("a.ts", "export const a = 1;\n");
    const commit = r.commit("one");
    // A gitlink entry is all a submodule is to the superproject's index.
    r.git("update-index", "--add", "--cacheinfo", `160000,${commit},vendor/lib`);
    const report = await diffDigest({ root: r.dir, target: { kind: "cached" } });
    expect(report.files).toMatchObject([{ path: "vendor/lib", status: "added", submodule: true, parse: "submodule", new_mode: "160000", symbols: [] }]);
    const error = await diffDigest({ root: r.dir, target: { kind: "base", ref: "no-such-branch" } }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: "TsiftError", code: "not_found", message: 'unknown revision "no-such-branch" for --base' });
  });

  it("bounds files by limit and each file's lists by the budget, with totals for the rest", async () => {
    const r = repo();
    for (let i = 0; i < 4; i++) r.write(`f${i}.ts`, Array.from({ length: 6 }, (_, j) => `export function s${j}() { return g${j}(); }`).join("\n") + "\n");
    const report = await diffDigest({ root: r.dir, limit: 2, budget: "small" });
    expect(report.files.map((entry) => entry.path)).toEqual(["f0.ts", "f1.ts"]);
    expect(report).toMatchObject({ files_total: 4, files_changed: 4, truncated: true });
    expect(report.files[0]).toMatchObject({ symbols_total: 6, added_call_edges_total: 6 });
    expect(report.files[0]!.symbols).toHaveLength(3);
    expect(report.files[0]!.added_call_edges).toHaveLength(3);
    const again = await diffDigest({ root: r.dir, limit: 2, budget: "small" });
    expect(again).toEqual(report);
  });
});
