import { Readable } from "node:stream";
import { TsiftError } from "@tsift/core/light";
import { describe, expect, it } from "vitest";
import { classifyLine, digestLog, digestLogStream } from "../src/index";

const TSC = [
  "> tsc -p .",
  "src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
  "src/b.ts(10,1): error TS2322: Type 'string' is not assignable to type 'number'.",
].join("\n");

describe("classifyLine", () => {
  it.each([
    ["src/a.ts(3,7): error TS2322: nope", "error"],
    ["error[E0308]: mismatched types", "error"],
    ["npm ERR! code ELIFECYCLE", "error"],
    ["npm error code 1", "error"],
    ["ValueError: could not convert", "error"],
    ["Traceback (most recent call last):", "traceback"],
    ["thread 'main' panicked at src/main.rs:2:5:", "panic"],
    ["panic: runtime error: index out of range", "panic"],
    ["fatal: not a git repository", "fatal"],
    ["Process exited with code 2", "exit_code"],
    ["exit status 1", "exit_code"],
    ["Tests  3 passed | 1 failed", "failed"],
    ["FAIL  test/a.test.ts", "failed"],
    ["npm warn deprecated inflight@1.0.6", "warning"],
    ["warning: unused variable `x`", "warning"],
  ])("%s is %s", (line, kind) => {
    expect(classifyLine(line)).toBe(kind);
  });

  it.each([
    "Found 0 errors. Watching for file changes.",
    "Tests  12 passed | 0 failed",
    "exited with code 0",
    "help: you can convert an `i64` to an `i32` and panic if the converted value doesn't fit",
    "compiling src/error.ts",
    "no warnings",
    "",
  ])("%j is not a signal", (line) => {
    expect(classifyLine(line)).toBeNull();
  });
});

describe("digestLog", () => {
  it("groups signal lines of one shape with their first and last occurrence", () => {
    const digest = digestLog(TSC);
    expect(digest.signals).toHaveLength(1);
    const [group] = digest.signals;
    expect(group).toMatchObject({ kind: "error", count: 2, first: { line: 2 }, last: { line: 3 } });
    expect(group!.shape).toBe("<loc>: error TS<n>: Type 'string' is not assignable to type 'number'.");
    expect(group!.anchors.map((anchor) => `${anchor.path}:${anchor.line}`)).toEqual(["src/a.ts:3", "src/b.ts:10"]);
  });

  it("anchors the first error with its own file:line, not the next error's", () => {
    const digest = digestLog(TSC);
    expect(digest.first_error).toMatchObject({ kind: "error", line: 2, before: ["> tsc -p ."] });
    expect(digest.first_error!.anchors).toEqual([{ path: "src/a.ts", line: 3, column: 7, log_line: 2, count: 1 }]);
  });

  it("keeps a traceback's frames up to the exception line as the first error's context", () => {
    const log = [
      "starting",
      "Traceback (most recent call last):",
      '  File "/srv/app.py", line 40, in <module>',
      "    main()",
      '  File "/srv/app.py", line 12, in main',
      "    raise ValueError('bad')",
      "ValueError: bad",
      "after the crash",
    ].join("\n");
    const digest = digestLog(log);
    expect(digest.first_error!.kind).toBe("traceback");
    expect(digest.first_error!.after.at(-1)).toBe("ValueError: bad");
    expect(digest.first_error!.anchors.map((anchor) => anchor.line)).toEqual([40, 12]);
  });

  it("collapses repeated plain lines by shape, with counts", () => {
    const lines = Array.from(
      { length: 40 },
      (_, i) => `2026-01-02T10:00:${String(i % 60).padStart(2, "0")}Z fetch GET 200 https://registry.example/pkg-${i} ${i}ms`,
    );
    const digest = digestLog(lines.join("\n"));
    expect(digest.repeats).toHaveLength(1);
    expect(digest.repeats[0]).toMatchObject({ shape: "<ts> fetch GET <n> <path> <n>ms", count: 40, first_line: 1, last_line: 40 });
    expect(digest.repeated_lines).toBe(39);
    expect(digest.signals).toEqual([]);
    expect(digest.first_error).toBeNull();
  });

  it("reports non-zero exit codes and ignores zero counts", () => {
    const digest = digestLog("build ok\n0 errors\nCommand failed with exit code 3\n");
    expect(digest.exit_codes).toEqual([{ code: 3, line: 3 }]);
    expect(digest.counts.error).toBe(0);
    expect(digest.first_error).toMatchObject({ kind: "exit_code", line: 3 });
  });

  it("bounds every list by limit and every quoted line by maxLineBytes", () => {
    const lines = Array.from({ length: 50 }, (_, i) => `error: problem number ${"x".repeat(i)} in src/f${i}.ts:${i + 1} ${"y".repeat(400)}`);
    const digest = digestLog(lines.join("\n"), { limit: 3, maxLineBytes: 80 });
    expect(digest.signals.length).toBeLessThanOrEqual(3);
    expect(digest.anchors).toHaveLength(3);
    expect(digest.anchors_total).toBe(50);
    expect(digest.truncated).toBe(true);
    for (const text of [digest.first_error!.text, ...digest.signals.flatMap((group) => [group.first.text, ...group.after, ...group.before]), ...digest.tail])
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(80);
  });

  it("strips colour escapes and splits on CRLF and progress carriage returns", () => {
    const digest = digestLog("\u001b[31merror\u001b[0m: boom\r\nprogress 1%\rprogress 50%\rprogress 100%\n");
    expect(digest.first_error!.text).toBe("error: boom");
    expect(digest.total_lines).toBe(4);
    expect(digest.repeats[0]).toMatchObject({ count: 3 });
  });

  it("reports economy: what it read and what it saved", () => {
    const text = Array.from({ length: 2000 }, (_, i) => `downloading chunk ${i} of 2000`).join("\n");
    const digest = digestLog(text);
    expect(digest.economy.input_bytes).toBe(Buffer.byteLength(text));
    expect(digest.economy.saved_percent).toBeGreaterThan(90);
  });

  it("refuses a non-string input and invalid options with invalid_input", () => {
    expect(() => digestLog(42 as unknown as string)).toThrowError(expect.objectContaining({ code: "invalid_input" }) as TsiftError);
    expect(() => digestLog("x", { limit: -1 })).toThrowError(expect.objectContaining({ code: "invalid_input" }) as TsiftError);
    expect(() => digestLog("x", { maxLineBytes: 1.5 })).toThrowError(expect.objectContaining({ code: "invalid_input" }) as TsiftError);
  });
});

describe("digestLogStream", () => {
  it("gives the same digest as digestLog whatever the chunking, even inside a character or a CRLF", async () => {
    const text = `${TSC}\r\nnaïve ünïcode line 🚀\r\n${"warning: deprecated api\n".repeat(5)}exit status 2\n`;
    const bytes = Buffer.from(text);
    for (const size of [1, 2, 3, 7, 64]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await digestLogStream(Readable.from(chunks))).toEqual(digestLog(text));
    }
  });

  it("holds only the head of a very long line", async () => {
    const tailText = "\nerror: after the long line\n";
    async function* oneHugeLine() {
      for (let i = 0; i < 256; i++) yield Buffer.alloc(64 * 1024, 0x61);
      yield tailText;
    }
    const digest = await digestLogStream(oneHugeLine());
    expect(digest.long_lines).toBe(1);
    expect(digest.first_error).toMatchObject({ line: 2, text: "error: after the long line" });
    expect(digest.economy.input_bytes).toBe(256 * 64 * 1024 + Buffer.byteLength(tailText));
  });

  it("refuses a source that is not a stream", async () => {
    await expect(digestLogStream(null as unknown as Readable)).rejects.toMatchObject({ code: "invalid_input" });
  });
});
