import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { project, tsift, write } from "./index-helpers";

const STORE = "export class Store {\n  get(key: string) { return key; }\n  getAll() { return []; }\n}\nexport function getStore() { return new Store(); }\n";
const LONG = Array.from({ length: 200 }, (_, i) => `line ${i + 1}`).join("\n") + "\n";
const outside = mkdtempSync(join(tmpdir(), "tsift-outside-"));
writeFileSync(join(outside, "secret.ts"), "export const secret = 1;\n");
afterAll(() => rmSync(outside, { recursive: true, force: true }));

describe("tsift source-read", () => {
  it("returns a bounded window with a stable handle, symbol refs and expansion commands", async () => {
    const root = project({ "src/store.ts": STORE, "long.txt": LONG });
    await tsift(root, ["index", "-q"]);
    const window = (await tsift(root, ["source-read", "src/store.ts", "--start", "2", "--lines", "2", "--json"])).json();
    expect(window).toMatchObject({
      file: "src/store.ts",
      start: 2,
      end: 3,
      total_lines: 5,
      rows: [
        { line: 2, text: "  get(key: string) { return key; }" },
        { line: 3, text: "  getAll() { return []; }" },
      ],
      symbols_total: 3,
      expansions: {
        before: "tsift source-read src/store.ts --start 1 --end 1",
        after: "tsift source-read src/store.ts --start 4 --end 5",
        full: "tsift source-read src/store.ts --start 1 --end 5",
      },
      warnings: [],
    });
    expect(window.handle).toMatch(/^swin-[0-9a-f]{12}$/);
    expect(window.symbols.map((s: { name: string; line: number; end_line: number }) => `${s.name}:${s.line}-${s.end_line}`)).toEqual([
      "Store:1-4",
      "get:2-2",
      "getAll:3-3",
    ]);
    expect(window.symbols[0]).toMatchObject({
      handle: expect.stringMatching(/^ssym-[0-9a-f]{12}$/),
      expand: "tsift source-read src/store.ts --start 1 --end 4",
    });
    // Same window, same handle; the symbol's handle is the one `symbols` previews give it.
    expect((await tsift(root, ["source-read", "src/store.ts", "--start", "2", "--end", "3", "--json"])).json().handle).toBe(window.handle);
    expect((await tsift(root, ["source-read", "src/store.ts", "--start", "2", "--end", "4", "--json"])).json().handle).not.toBe(window.handle);
    const preview = (await tsift(root, ["symbols", "Store", "--kind", "class", "--max-items", "1", "--json"])).json();
    expect(preview.symbols[0].handle).toBe(window.symbols[0].handle);

    const long = (await tsift(root, ["source-read", "long.txt", "--json"])).json();
    expect(long).toMatchObject({
      start: 1,
      end: 80,
      total_lines: 200,
      expansions: { before: null, after: "tsift source-read long.txt --start 81 --end 160", full: "tsift source-read long.txt --start 1 --end 200" },
    });
    expect(long.rows).toHaveLength(80);
    expect((await tsift(root, ["source-read", "long.txt", "--start", "190", "--lines", "50", "--json"])).json()).toMatchObject({
      start: 190,
      end: 200,
      expansions: { after: null, before: "tsift source-read long.txt --start 179 --end 189" },
    });
  });

  it("still reads without an index, with a warning instead of refs", async () => {
    const root = project({ "src/store.ts": STORE });
    const result = await tsift(root, ["source-read", "src/store.ts", "--json"]);
    expect(result.code).toBe(0);
    expect(result.json()).toMatchObject({ rows: expect.any(Array), symbols: [], warnings: ["no index yet, so no symbol refs; run `tsift index`"] });
    expect((await tsift(root, ["source-read", "src/store.ts"])).out).toContain("warning: no index yet");
  });

  it("fails closed on paths outside the project: .., absolute elsewhere, symlinks out", async () => {
    const root = project({ "src/store.ts": STORE });
    symlinkSync(join(outside, "secret.ts"), join(root, "src/link-out.ts"));
    symlinkSync(join(root, "src/store.ts"), join(root, "src/link-in.ts"));
    for (const file of ["../secret.ts", join(outside, "secret.ts"), "src/../../secret.ts", "src/link-out.ts"]) {
      const result = await tsift(root, ["source-read", file]);
      expect(result.code, file).toBe(2);
      expect(result.out).toBe("");
      expect(result.err).toMatch(/outside the project root/);
      expect(result.err).not.toContain("secret = 1");
    }
    expect((await tsift(root, ["source-read", "src/link-in.ts", "--json"])).json().total_lines).toBe(5);
    expect((await tsift(root, ["source-read", join(root, "src/store.ts"), "--json"])).json().file).toBe("src/store.ts");
  });

  it("refuses binary and oversized files and bad windows with clear messages", async () => {
    const root = project({
      "data.bin": Buffer.from([0x7f, 0x45, 0x00, 0x01]),
      "big.txt": "x".repeat(300) + "\n",
      ".tsift/config.toml": "[index]\nmax_file_bytes = 200\n",
      "a.txt": "one\ntwo\n",
    });
    const binary = await tsift(root, ["source-read", "data.bin"]);
    expect(binary).toMatchObject({ code: 2, out: "" });
    expect(binary.err).toMatch(/data.bin looks binary/);
    const big = await tsift(root, ["source-read", "big.txt"]);
    expect(big.code).toBe(2);
    expect(big.err).toMatch(/big.txt is 301 bytes, over the 200-byte source-read limit/);
    expect((await tsift(root, ["source-read", "a.txt", "--start", "3"])).err).toMatch(/--start 3 is past the end of a.txt \(2 lines\)/);
    expect((await tsift(root, ["source-read", "a.txt", "--lines", "0"])).code).toBe(2);
    expect((await tsift(root, ["source-read", "a.txt", "--start", "2", "--end", "1"])).code).toBe(2);
    expect((await tsift(root, ["source-read", "missing.txt"])).code).toBe(3);
    expect((await tsift(root, ["source-read", "."])).code).toBe(2);
  });

  it("caps refs and long rows under a budget, and the envelope leads with the expansions", async () => {
    const root = project({ "src/store.ts": STORE });
    await tsift(root, ["index", "-q"]);
    const envelope = (await tsift(root, ["--envelope", "source-read", "src/store.ts", "--budget", "small", "--max-bytes", "16"])).json();
    expect(envelope).toMatchObject({
      tool: "source-read",
      view: "preview",
      truncated: true,
      report: { symbols_total: 4, budget: { preset: "small", max_items: 3, max_bytes: 16 } },
    });
    expect(envelope.report.symbols).toHaveLength(3);
    expect(envelope.report.rows[1].text).toBe("  get(key: st…");
    expect(envelope.follow_up[0]).toBe("tsift source-read src/store.ts --start 1 --end 4");
  });

  it("uses the workspace scope a file lies in: its index, its paths, --scope in commands", async () => {
    const root = project({
      ".gitmodules": '[submodule "src/alpha"]\n\tpath = src/alpha\n\turl = ../alpha.git\n',
      "src/alpha/lib.rs": "pub fn alpha_helper() {}\npub fn alpha_main() { alpha_helper(); }\n",
    });
    await tsift(root, ["index", "--workspace", "-q"]);
    const inferred = (await tsift(root, ["source-read", "src/alpha/lib.rs", "--start", "2", "--json"])).json();
    expect(inferred).toMatchObject({
      file: "lib.rs",
      symbols: [{ name: "alpha_main", expand: "tsift source-read lib.rs --scope alpha --start 2 --end 2" }],
      expansions: { before: "tsift source-read lib.rs --scope alpha --start 1 --end 1" },
    });
    const scoped = (await tsift(root, ["source-read", "lib.rs", "--scope", "alpha", "--start", "2", "--json"])).json();
    expect(scoped.handle).toBe(inferred.handle);
    write(root, { "elsewhere/x.txt": "x\n" });
    const fromOutside = (await tsift(join(root, "elsewhere"), ["source-read", "lib.rs", "--scope", "alpha", "--path", "..", "--start", "2", "--json"])).json();
    expect(fromOutside.expansions.before).toBe("tsift source-read lib.rs --path .. --scope alpha --start 1 --end 1");
  });
});
