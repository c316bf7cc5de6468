import { cpSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseArgv } from "../src/definition/parse-argv";
import { runFastPath } from "../src/fast-run";
import { bufferedIo } from "../src/io";
import { main, type CliIo } from "../src/index";
import { project } from "./index-helpers";

const TREE = {
  "main.rs": "fn helper() {}\nfn main() { helper(); }\n",
  "lib.py": "def helper():\n    pass\n",
  "src/app.tsx": "export function App() { return null; }\n",
};

const copies: string[] = [];
afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function copyOf(root: string): string {
  const copy = realpathSync(mkdtempSync(join(tmpdir(), "tsift-cli-fast-")));
  copies.push(copy);
  cpSync(root, copy, { recursive: true });
  return copy;
}

const parseIndexArgv = (argv: string[]) => parseArgv(["index", ...argv])?.args;
const runIndexFast = (argv: string[], io: CliIo) => runFastPath(["index", ...argv], io);
const DEFAULTS = { rebuild: false, check: false, "exit-code": false, quiet: false, limit: 20, prune: false, workspace: false };

describe("the index command's fast parse", () => {
  it("reads a path, boolean flags and --submodule in both spellings", () => {
    expect(parseIndexArgv([])).toEqual(DEFAULTS);
    expect(parseIndexArgv(["src", "--check", "-q", "--json"])).toEqual({ ...DEFAULTS, dir: "src", check: true, quiet: true, json: true });
    expect(parseIndexArgv(["--submodule", "core", "--workspace"])).toEqual({ ...DEFAULTS, submodule: "core", workspace: true });
    expect(parseIndexArgv(["--submodule=vendor/core"])).toEqual({ ...DEFAULTS, submodule: "vendor/core" });
    expect(parseIndexArgv(["-p", "src", "--no-quiet"])).toEqual({ ...DEFAULTS, path: "src", quiet: false });
  });

  it("declines anything it does not fully understand, for yargs to handle", () => {
    for (const argv of [
      ["--help"],
      ["-h"],
      ["--version"],
      ["--verbose"],
      ["--quiet=true"],
      ["--exitCode"],
      ["-qq"],
      ["--quiet", "-q"],
      ["a", "b"],
      ["--", "a", "b"],
      ["--submodule"],
      ["--submodule", "--json"],
      ["--submodule", "a", "--submodule", "b"],
      ["--budget", "auto"],
    ]) {
      expect(parseIndexArgv(argv), argv.join(" ")).toBeUndefined();
    }
  });
});

describe("index through the fast path", () => {
  it("prints, warns and exits exactly as main does", async () => {
    const root = project(TREE);
    for (const argv of [
      [],
      ["--quiet"],
      ["--json"],
      ["--pretty", "-q"],
      ["--check", "--exit-code"],
      ["--check", "--quiet", "--terse"],
      ["--prune", "--compact"],
      ["--rebuild", "--check"],
    ]) {
      // Two identical trees, one through yargs and one through the fast path, twice each (cold, then no change).
      const viaMain = copyOf(root);
      const viaFast = copyOf(root);
      for (let run = 0; run < 2; run++) {
        const expected = bufferedIo({ cwd: viaMain });
        const expectedCode = await main(["index", ...argv], expected);
        const actual = bufferedIo({ cwd: viaFast });
        const actualCode = await runIndexFast(argv, actual);
        const label = `${argv.join(" ")} (run ${run + 1})`;
        expect(actualCode, label).toBe(expectedCode);
        expect(actual.out.replaceAll(viaFast, "<root>"), label).toBe(expected.out.replaceAll(viaMain, "<root>"));
        expect(actual.err.replaceAll(viaFast, "<root>"), label).toBe(expected.err.replaceAll(viaMain, "<root>"));
      }
    }
  });

  it("reports errors as main does, and declines what it does not parse", async () => {
    const root = project(TREE);
    const expected = bufferedIo({ cwd: root });
    const expectedCode = await main(["index", "missing-dir"], expected);
    const actual = bufferedIo({ cwd: root });
    expect(await runIndexFast(["missing-dir"], actual)).toBe(expectedCode);
    expect(actual.err).toBe(expected.err);
    expect(actual.out).toBe(expected.out);
    expect(await runIndexFast(["--help"], bufferedIo({ cwd: root }))).toBeUndefined();
  });
});
