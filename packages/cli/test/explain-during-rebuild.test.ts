import { spawn } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { builtBin } from "./helpers";
import { tsiftAsBinary } from "./index-helpers";

const FILES = 60;

/**
 * `explain` while another tsift rebuilds the index: a rebuild renumbers every symbol id
 * and commits while the reader works. explain used to pick the symbol in one statement and
 * explain that id in later ones, so a commit in between left it explaining an id that no
 * longer existed (exit 3); now it reads one snapshot (the last committed index) and answers.
 */
describe("explain during a concurrent rebuild", () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "tsift-explain-rebuild-")));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  for (let file = 0; file < FILES; file++) {
    writeFileSync(
      join(root, `m${file}.ts`),
      `export function handler${file}() {\n  return helper${file}() + ${file === 0 ? 0 : `handler${file - 1}()`};\n}\nexport function helper${file}() {\n  return ${file};\n}\n`,
    );
  }

  it("answers every time (exit 0) while a writer rebuilds in a loop", async () => {
    expect((await tsiftAsBinary(root, ["index", "--quiet"])).code).toBe(0);
    // The writer: the real binary, rebuilding until told to stop.
    const stop = join(root, ".stop");
    const loop = `const { spawnSync } = require("node:child_process"); const { existsSync } = require("node:fs");
      let rounds = 0; while (!existsSync(process.argv[2])) { spawnSync(process.execPath, [process.argv[1], "index", "--rebuild", "--quiet"], { cwd: process.argv[3] }); rounds++; process.stdout.write("."); }`;
    const writer = spawn(process.execPath, ["-e", loop, builtBin, stop, root], { stdio: ["ignore", "pipe", "inherit"] });
    let rounds = 0;
    writer.stdout.on("data", (chunk: Buffer) => (rounds += chunk.length));
    const exited = new Promise((resolve) => writer.once("exit", resolve));
    const failures: string[] = [];
    let reads = 0;
    try {
      // Until the writer has committed a few rebuilds (and at least 20 reads ran), or it stopped.
      while ((rounds < 4 || reads < 20) && writer.exitCode === null) {
        const name = `handler${reads % FILES}`;
        const result = await tsiftAsBinary(root, ["explain", name]);
        reads++;
        if (result.code !== 0 || !result.out.startsWith(`${name}  function  `)) failures.push(`explain ${name}: exit ${result.code} ${result.err.trim()}`);
        // Leaves the writer the CPU between reads: a read is milliseconds, a rebuild a second or more.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      writeFileSync(stop, "");
      await exited;
    }
    expect(failures).toEqual([]);
    expect(rounds).toBeGreaterThanOrEqual(4);
  });
});
