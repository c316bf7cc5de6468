import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bufferedIo, main } from "../src/index";

const root = mkdtempSync(join(tmpdir(), "tsift-io-retry-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function tsift(env: Record<string, string>, ...argv: string[]) {
  const io = bufferedIo({ cwd: root, env });
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

describe("a transient SQLite I/O error", () => {
  it("is retried once by a read command, which then answers", async () => {
    writeFileSync(join(root, "a.ts"), "export function alpha(): number {\n  return 1;\n}\n");
    expect((await tsift({}, "index", "--quiet")).code).toBe(0);

    const read = await tsift({ TSIFT_TEST_IO_ERROR_ONCE: join(root, "read-marker") }, "symbols", "alpha");
    expect(read.code, read.err).toBe(0);
    expect(read.out).toContain("alpha");
    expect(read.err).toContain("retried once after a transient SQLite I/O error");
  });
});
