import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtBin, waitUntil } from "./helpers";
import { project, spawnBuilt, tsift } from "./index-helpers";

const SOURCES = { "src/a.ts": "export function alpha() { return 1; }\n" };

function watchProcess(root: string) {
  const child = spawn(process.execPath, [builtBin, "watch"], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  const output = { out: "", err: "" };
  child.stdout.on("data", (chunk: Buffer) => (output.out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output.err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { child, output, exited };
}

describe("tsift watch", () => {
  it.each(["SIGINT", "SIGTERM"] as const)("prints one line per update and stops on %s with the lock released", async (signal) => {
    const root = project(SOURCES);
    await tsift(root, ["index", "-q"]);
    const { child, output, exited } = watchProcess(root);
    await waitUntil(() => output.err.includes("watching"), "the watcher started");
    expect(output.err).toBe(`watching ${root} (2 directories); Ctrl-C stops\n`);
    writeFileSync(join(root, "src", "b.ts"), "export function beta() { return alpha(); }\n");
    await waitUntil(() => output.out.includes("\n"), "an update line");
    expect(output.out).toMatch(/^updated 1 file in \d+ ms\n$/);
    // What the watcher wrote is what a cold read finds.
    expect(spawnBuilt(root, ["symbols", "beta", "--json"]).out).toContain('"name":"beta"');
    child.kill(signal);
    expect(await exited, output.err).toBe(0);
    expect(existsSync(join(root, ".tsift", "index.lock"))).toBe(false);
  });

  it("builds a missing index before it starts watching", async () => {
    const root = project(SOURCES);
    const { child, output, exited } = watchProcess(root);
    await waitUntil(() => output.err.includes("watching"), "the watcher started");
    expect(output.out).toBe("indexed 1 file\n");
    child.kill("SIGTERM");
    expect(await exited, output.err).toBe(0);
  });
});
