import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { Readable } from "node:stream";
import type { Budget } from "../budget";
import { digestLogStream, type LogDigest } from "../log-digest/index";
import { testDigest, type ProjectTestDigest, type TestRunner } from "../test-digest/index";

export type RunKind = "test" | "log";
export type RunDigest = { kind: "test"; digest: ProjectTestDigest } | { kind: "log"; digest: LogDigest };

/**
 * The most of a test transcript the test digest reads: it parses whole text, so a run
 * that printed more is read from its end (where runners put their failure summaries and
 * counts).
 */
export const TEST_DIGEST_MAX_BYTES = 64 * 1024 * 1024;

export interface DigestTranscriptOptions {
  kind: RunKind;
  /** The project the command ran in: failing frames map to its indexed symbols when its index is fresh. */
  root: string;
  runner?: TestRunner | "auto" | undefined;
  budget: Budget | null;
}

/** The digest of a stored transcript (null: the command printed nothing). */
export async function digestTranscript(path: string | null, options: DigestTranscriptOptions): Promise<RunDigest> {
  if (options.kind === "log") {
    const stream = path ? createReadStream(path) : Readable.from([]);
    const digest = await digestLogStream(stream, {
      ...(options.budget?.maxItems != null ? { limit: options.budget.maxItems } : {}),
      ...(options.budget?.maxBytes != null ? { maxLineBytes: options.budget.maxBytes } : {}),
    });
    return { kind: "log", digest };
  }
  const text = path ? await readTail(path, TEST_DIGEST_MAX_BYTES) : "";
  return { kind: "test", digest: await testDigest({ text, root: options.root, cwd: options.root, runner: options.runner, budget: options.budget }) };
}

async function readTail(path: string, maxBytes: number): Promise<string> {
  const file = await open(path, "r");
  try {
    const { size } = await file.stat();
    const length = Math.min(size, maxBytes);
    const buffer = Buffer.alloc(length);
    await file.read(buffer, 0, length, size - length);
    const text = buffer.toString("utf8");
    // A cut through the middle starts on the next whole line.
    return length < size ? text.slice(text.indexOf("\n") + 1) : text;
  } finally {
    await file.close();
  }
}
