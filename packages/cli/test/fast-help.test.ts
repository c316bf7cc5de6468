import { describe, expect, it } from "vitest";
import { bufferedIo, main, renderTopLevelHelp, VERSION } from "../src/index";
import { fastPath } from "../src/fast-path";
import { runFastPath } from "../src/fast-run";
import { repoRoot, spawnTsift } from "./helpers";

/** What yargs prints for `tsift --help` at a terminal width. */
async function yargsHelp(columns: number | undefined): Promise<string> {
  const io = bufferedIo({ cwd: repoRoot, columns });
  expect(await main(["--help"], io)).toBe(0);
  return io.out;
}

describe("the fast --help path", () => {
  // Narrow widths exercise wrapping of descriptions, switches and the right-aligned types.
  it.each([undefined, 120, 100, 90, 80, 72, 60, 50, 40])("prints exactly what yargs prints at width %s", async (columns) => {
    expect(renderTopLevelHelp(columns)).toBe(await yargsHelp(columns));
  });

  it("answers help, version and no-command without the parser, and nothing else", async () => {
    const io = bufferedIo({ cwd: repoRoot });
    await main(["--version"], io);
    expect(await fastPath(["--version"], undefined)).toBe(io.out);
    expect(await fastPath(["-V"], undefined)).toBe(`${VERSION}\n`);
    expect(await fastPath(["-h"], 80)).toBe(await yargsHelp(80));
    const bare = bufferedIo({ cwd: repoRoot });
    await main([], bare);
    expect(await fastPath([], undefined)).toBe(bare.out);
    for (const argv of [["status"], ["--help", "status"], ["status", "--help"], ["--json"]]) expect(await fastPath(argv, undefined)).toBeUndefined();
  });

  it("is what the built binary prints", () => {
    const help = spawnTsift(repoRoot, ["--help"]);
    expect(help).toMatchObject({ code: 0, out: renderTopLevelHelp(undefined) });
    expect(spawnTsift(repoRoot, ["status", "--help"]).out).toMatch(/--fix/);
  });
});

describe("tsift help", () => {
  async function cli(...argv: string[]) {
    const io = bufferedIo({ cwd: repoRoot, columns: 80 });
    const code = await main(argv, io);
    return { code, out: io.out, err: io.err };
  }

  it("prints the top-level help, through yargs and without it", async () => {
    const help = await cli("--help");
    expect(await cli("help")).toEqual(help);
    expect(await fastPath(["help"], 80)).toBe(help.out);
  });

  it.each([["status"], ["graph-db"], ["graph-db", "refresh"], ["search"]])("prints `tsift <command> --help` for help %s …", async (...words) => {
    const expected = await cli(...words, "--help");
    expect(expected.code).toBe(0);
    expect(expected.out).toContain(`tsift ${words.join(" ")}`);
    expect(await cli("help", ...words)).toEqual(expected);
    // The fast path hands help to yargs rather than running a command named `help`.
    const io = bufferedIo({ cwd: repoRoot, columns: 80 });
    expect(await runFastPath(["help", ...words], io)).toBeUndefined();
    expect(io.out + io.err).toBe("");
  });

  it.each([["nosuch"], ["graph-db", "nosuch"]])("rejects a topic that names no command: help %s", async (...words) => {
    const hint = words.length === 1 ? "tsift --help" : "tsift graph-db --help";
    const slow = await cli("help", ...words);
    expect(slow).toMatchObject({ code: 2, out: "" });
    expect(slow.err).toContain(`unknown command ${words.join(" ")}`);
    expect(slow.err).toContain(hint);
    const io = bufferedIo({ cwd: repoRoot, columns: 80 });
    expect(await runFastPath(["help", ...words], io)).toBe(2);
    expect(io.err).toBe(slow.err);
  });
});
