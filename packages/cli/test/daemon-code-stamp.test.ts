import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { codeStamp, daemonCodeFiles } from "../src/daemon/code-stamp";

const dir = mkdtempSync(join(tmpdir(), "tsift-code-stamp-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the daemon's code stamp", () => {
  it("changes when a module is rewritten, replaced or removed, and only then", () => {
    const files = ["a.js", "b.js"].map((name) => join(dir, name));
    for (const file of files) writeFileSync(file, "export {};\n");
    const started = codeStamp(files);
    expect(codeStamp(files)).toBe(started);

    // A rebuild writing the same bytes still moves the mtime.
    const later = new Date(Date.now() + 5_000);
    utimesSync(files[0]!, later, later);
    const rewritten = codeStamp(files);
    expect(rewritten).not.toBe(started);

    writeFileSync(files[1]!, "export const changed = 1;\n");
    const replaced = codeStamp(files);
    expect(replaced).not.toBe(rewritten);

    rmSync(files[1]!);
    expect(codeStamp(files)).not.toBe(replaced);
    expect(codeStamp(files).endsWith("|-")).toBe(true);
  });

  it("watches the daemon's own module and the libraries it runs", () => {
    const self = join(dir, "daemon-server.js");
    writeFileSync(self, "");
    const files = daemonCodeFiles(pathToFileURL(self).href);
    expect(files[0]).toBe(self);
    expect(files.length).toBeGreaterThan(1);
    expect(files.some((file) => /[\\/]search[\\/]/.test(file))).toBe(true);
  });
});
