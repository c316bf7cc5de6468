import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtBin } from "./helpers";
import { project } from "./index-helpers";

// The workspace links node_modules/@tsift/* to packages/*: a package loaded once under each
// path is two copies with two sets of module state (the read-only scope of `tsift mcp`, the
// warm index registry). The daemon client's look at its socket used to cause exactly that.
describe("one copy of each package per process", () => {
  let runtime: string;
  let server: Server;
  beforeAll(async () => {
    runtime = mkdtempSync(join(tmpdir(), "tsift-rt-"));
    rmSync(runtime, { recursive: true });
    // A private daemon directory with a socket in it, as a running daemon leaves them.
    const dir = join(runtime, "tsift");
    spawnSync("mkdir", ["-p", "-m", "700", dir]);
    server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(join(dir, "daemon.sock"), resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(runtime, { recursive: true, force: true });
  });

  it("tsift mcp loads @tsift/index through its real path only, with a daemon socket present", () => {
    const root = project({ "src/a.ts": "export function a() { return 1; }\n" });
    const run = spawnSync(process.execPath, [builtBin, "mcp", "--no-first-index"], {
      cwd: root,
      input: "",
      encoding: "utf8",
      env: { ...process.env, XDG_RUNTIME_DIR: runtime, TSIFT_NO_DAEMON: "", TSIFT_DAEMON_AUTOSTART: "0", NODE_DEBUG: "esm" },
    });
    const loaded = [...run.stderr.matchAll(/Storing (file:\/\/\S+@tsift\/index\/dist\/indexer\.js|file:\/\/\S+\/index\/dist\/indexer\.js)/g)].map(
      (match) => match[1],
    );
    expect(loaded.length, run.stderr.slice(-2000)).toBeGreaterThan(0);
    expect(loaded.filter((url) => url!.includes("/node_modules/@tsift/"))).toEqual([]);
  });
});
