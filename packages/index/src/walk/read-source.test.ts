import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempTree } from "../../test/helpers";
import { minifiedReason, readSource } from "./read-source";
import { HARD_MAX_FILE_BYTES } from "./config/tsift-config";

describe("readSource", () => {
  it("reads UTF-8 text and hashes the bytes", () => {
    const root = tempTree({ "a.ts": "export const a = 1;\n" });
    const read = readSource(join(root, "a.ts"), "typescript", 20, 1024);
    expect(read).toMatchObject({ kind: "text", text: "export const a = 1;\n", lossy: false, size: 20 });
    expect(read.kind === "text" && read.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("skips a file with a NUL byte in the first 8 KiB as binary", () => {
    const root = tempTree({ "a.py": Buffer.from([0x61, 0x00, 0x62]) });
    expect(readSource(join(root, "a.py"), "python", 3, 1024)).toMatchObject({ kind: "skip", reason: "binary" });
  });

  it("decodes invalid UTF-8 lossily and says so", () => {
    const root = tempTree({ "a.py": Buffer.concat([Buffer.from("def f():\n    return '"), Buffer.from([0xff, 0xfe]), Buffer.from("'\n")]) });
    const read = readSource(join(root, "a.py"), "python", 100, 1024);
    expect(read).toMatchObject({ kind: "text", lossy: true });
    expect(read.kind === "text" && read.text).toContain("\uFFFD");
  });

  it("skips files over max_file_bytes without reading them", () => {
    expect(readSource("/nonexistent/never-read.ts", "typescript", 2048, 1024)).toMatchObject({ kind: "skip", reason: "too_large", hash: "" });
  });

  it("refuses a file over the per-file limit even when max_file_bytes admits it, without reading it", () => {
    const read = readSource("/nonexistent/never-read.ts", "typescript", HARD_MAX_FILE_BYTES + 1, 4 * HARD_MAX_FILE_BYTES);
    expect(read).toMatchObject({ kind: "skip", reason: "too_large", hash: "", size: HARD_MAX_FILE_BYTES + 1 });
    expect(read.kind === "skip" && read.message).toContain(`per-file limit of ${HARD_MAX_FILE_BYTES} bytes`);
    expect(readSource("/nonexistent/never-read.ts", "typescript", HARD_MAX_FILE_BYTES, 4 * HARD_MAX_FILE_BYTES)).toMatchObject({ kind: "error" });
  });

  it("skips minified files", () => {
    const root = tempTree({ "min.js": `var a=1;${"x=1;".repeat(6000)}\n`, "avg.js": `${"a".repeat(2500)}\n${"b".repeat(2500)}\n` });
    expect(readSource(join(root, "min.js"), "javascript", 24_010, 1 << 20)).toMatchObject({ kind: "skip", reason: "minified" });
    expect(readSource(join(root, "avg.js"), "javascript", 5002, 1 << 20)).toMatchObject({ kind: "skip", reason: "minified" });
  });

  it("reports a read error instead of throwing", () => {
    const root = tempTree({ "dir.py/x": "" });
    expect(readSource(join(root, "dir.py"), "python", 1, 1024)).toMatchObject({ kind: "error", message: expect.stringContaining("read failed") });
  });
});

describe("minifiedReason", () => {
  it("accepts ordinary code and long markdown paragraphs", () => {
    expect(minifiedReason("const a = 1;\n".repeat(1000), "typescript")).toBeNull();
    expect(minifiedReason(`# T\n${"word ".repeat(1000)}\n`, "markdown")).toBeNull();
    expect(minifiedReason(`# T\n${"word ".repeat(1000)}\n`, "typescript")).toMatch(/average line length/);
    expect(minifiedReason("x".repeat(30_000), "markdown")).toMatch(/30000-character line/);
  });
});
