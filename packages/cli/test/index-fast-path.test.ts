import { cpSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseIndexArgv, runIndexFast } from "../src/index-cmd/index-fast-path";
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

function bufferedIo(cwd: string) {
  const io: CliIo & { out: string; err: string } = {
    out: "",
    err: "",
    stdout: (text) => void (io.out += text),
    stderr: (text) => void (io.err += text),
    cwd,
    env: {},
    stdoutIsTTY: false,
    stderrIsTTY: false,
  };
  return io;
}

describe("parseIndexArgv", () => {
  it("reads a path, boolean flags and --submodule in both spellings", () => {
    expect(parseIndexArgv([])).toEqual({ flags: {} });
    expect(parseIndexArgv(["src", "--check", "-q", "--json"])).toEqual({ path: "src", flags: { check: true, quiet: true, json: true } });
    expect(parseIndexArgv(["--submodule", "core", "--workspace"])).toEqual({ submodule: "core", flags: { workspace: true } });
    expect(parseIndexArgv(["--submodule=vendor/core"])).toEqual({ submodule: "vendor/core", flags: {} });
  });

  it("declines anything it does not fully understand, for yargs to handle", () => {
    for (const argv of [
      ["--help"],
      ["-h"],
      ["--version"],
      ["--verbose"],
      ["--no-quiet"],
      ["--quiet=true"],
      ["--exitCode"],
      ["-qq"],
      ["--quiet", "-q"],
      ["a", "b"],
      ["--"],
      ["--submodule"],
      ["--submodule", "--json"],
      ["--submodule", "a", "--submodule", "b"],
      ["--rebuild", "--check"],
      ["--budget", "auto"],
    ]) {
      expect(parseIndexArgv(argv), argv.join(" ")).toBeUndefined();
    }
  });
});

describe("runIndexFast", () => {
  it("prints, warns and exits exactly as main does", async () => {
    const root = project(TREE);
    for (const argv of [[], ["--quiet"], ["--json"], ["--pretty", "-q"], ["--check", "--exit-code"], ["--check", "--quiet", "--terse"], ["--prune", "--compact"]]) {
      // Two identical trees, one through yargs and one through the fast path, twice each (cold, then no change).
      const viaMain = copyOf(root);
      const viaFast = copyOf(root);
      for (let run = 0; run < 2; run++) {
        const expected = bufferedIo(viaMain);
        const expectedCode = await main(["index", ...argv], expected);
        const actual = bufferedIo(viaFast);
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
    const expected = bufferedIo(root);
    const expectedCode = await main(["index", "missing-dir"], expected);
    const actual = bufferedIo(root);
    expect(await runIndexFast(["missing-dir"], actual)).toBe(expectedCode);
    expect(actual.err).toBe(expected.err);
    expect(actual.out).toBe(expected.out);
    expect(await runIndexFast(["--help"], bufferedIo(root))).toBeUndefined();
  });
});
