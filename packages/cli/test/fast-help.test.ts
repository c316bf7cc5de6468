import { describe, expect, it } from "vitest";
import { bufferedIo, main, renderTopLevelHelp, VERSION } from "../src/index";
import { fastPath } from "../src/fast-path";
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
