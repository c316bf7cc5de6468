import { createHash, randomBytes, type Hash } from "node:crypto";
import { createWriteStream, readdirSync, renameSync, rmSync, statSync, type WriteStream } from "node:fs";
import { join } from "node:path";
import { SecretMasker, stableHandle, TsiftError } from "@tsift/core/light";
import { ensureStateSubdir } from "@tsift/index/indexer";

/** Where `tsift run` keeps full transcripts, under the project's `.tsift/`. */
export const ARTIFACTS_DIR = join(".tsift", "artifacts");
/** Transcripts kept; the oldest beyond this count are pruned after each run. */
export const MAX_ARTIFACTS = 20;
/** Total bytes kept across transcripts; the oldest are pruned past it (the newest always stays). */
export const MAX_ARTIFACT_BYTES = 256 * 1024 * 1024;

export interface ArtifactLimits {
  maxCount?: number | undefined;
  maxBytes?: number | undefined;
}

export interface StoredArtifact {
  handle: string;
  /** Absolute path of the transcript file. */
  path: string;
  bytes: number;
  lines: number;
}

const ARTIFACT_NAME = /^run-[0-9a-f]{12}\.log$/;
const TEMP_NAME = /^\.run-.*\.tmp$/;
/** The longest unfinished line held back for masking before it is written as it stands. */
const MAX_HELD_LINE_BYTES = 64 * 1024;

/**
 * One transcript being captured: bytes go to a temp file as they arrive (nothing is held
 * in memory), hashed together with the command's identity, and `finish` renames the file
 * to its handle, so a reader never sees a half-written artifact and the same command with
 * the same output lands on the same handle.
 */
export class ArtifactWriter {
  readonly dir: string;
  private readonly tempPath: string;
  private readonly out: WriteStream;
  private readonly hash: Hash;
  private bytes = 0;
  private newlines = 0;
  private lastByte = -1;
  private failure: Error | null = null;
  /** Bytes after the last line break seen, held until their line ends so a credential is never split across two maskings. */
  private partial: Buffer[] = [];
  private partialBytes = 0;
  private readonly masker = new SecretMasker();

  constructor(root: string, identity: string) {
    this.dir = join(root, ARTIFACTS_DIR);
    try {
      ensureStateSubdir(root, this.dir);
    } catch (error) {
      if (error instanceof TsiftError) throw error;
      throw new TsiftError("io_error", `cannot create ${ARTIFACTS_DIR}: ${(error as Error).message}`, { cause: error });
    }
    this.tempPath = join(this.dir, `.run-${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
    // A transcript keeps whatever the command printed: its user's eyes only, credentials masked besides.
    this.out = createWriteStream(this.tempPath, { mode: 0o600 });
    this.out.on("error", (error) => (this.failure ??= error));
    this.hash = createHash("sha256").update(identity).update("\0");
  }

  /**
   * Appends a chunk, masking credentials line by line (SecretMasker); false means the file is
   * behind and the producer should wait for `drain`.
   */
  write(chunk: Buffer): boolean {
    if (chunk.length === 0) return true;
    const lineEnd = chunk.lastIndexOf(10);
    if (lineEnd === -1) {
      this.partial.push(chunk);
      this.partialBytes += chunk.length;
      // A line longer than this is written as it is cut: memory stays bounded.
      return this.partialBytes < MAX_HELD_LINE_BYTES || this.emit(this.takePartial());
    }
    const lines = this.partialBytes === 0 ? chunk.subarray(0, lineEnd + 1) : Buffer.concat([...this.takePartial(), chunk.subarray(0, lineEnd + 1)]);
    if (lineEnd + 1 < chunk.length) {
      this.partial.push(chunk.subarray(lineEnd + 1));
      this.partialBytes = chunk.length - lineEnd - 1;
    }
    return this.emit([lines]);
  }

  private takePartial(): Buffer[] {
    const held = this.partial;
    this.partial = [];
    this.partialBytes = 0;
    return held;
  }

  private emit(pieces: Buffer[]): boolean {
    // latin1 maps each byte to one character and back, so bytes the masks do not touch are kept exactly.
    const text = this.masker.maskLines(pieces.map((piece) => piece.toString("latin1")).join(""));
    const bytes = Buffer.from(text, "latin1");
    if (bytes.length === 0) return true;
    this.bytes += bytes.length;
    this.hash.update(bytes);
    for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) this.newlines++;
    this.lastByte = bytes[bytes.length - 1]!;
    return this.out.write(bytes);
  }

  onDrain(listener: () => void): void {
    this.out.once("drain", listener);
  }

  /** Closes the file and gives it its handle's name; an empty transcript is discarded (null). */
  async finish(limits: ArtifactLimits = {}): Promise<StoredArtifact | null> {
    if (this.partialBytes > 0) this.emit(this.takePartial());
    await new Promise<void>((resolve) => this.out.end(resolve));
    if (this.failure) {
      rmSync(this.tempPath, { force: true });
      throw new TsiftError("io_error", `cannot write the run transcript under ${ARTIFACTS_DIR}: ${this.failure.message}`, { cause: this.failure });
    }
    if (this.bytes === 0) {
      rmSync(this.tempPath, { force: true });
      return null;
    }
    const handle = stableHandle("run", this.hash.digest("hex"));
    const path = join(this.dir, `${handle}.log`);
    renameSync(this.tempPath, path);
    pruneArtifacts(this.dir, path, limits);
    // A last line without its newline is still a line.
    return { handle, path, bytes: this.bytes, lines: this.newlines + (this.lastByte === 10 ? 0 : 1) };
  }

  /** Drops the temp file of a run that never started (once the stream has opened it, or it would reappear). */
  async discard(): Promise<void> {
    await new Promise<void>((resolve) => this.out.end(resolve));
    rmSync(this.tempPath, { force: true });
  }
}

/**
 * Keeps at most `maxCount` transcripts and `maxBytes` in total, removing the oldest first
 * (by modification time, then name, so ties prune the same file on every machine). `keep`
 * (the run just written) is never removed, even when it alone is over the size cap.
 * Temp files left by a crashed run are removed once they are an hour old.
 */
export function pruneArtifacts(dir: string, keep: string, limits: ArtifactLimits = {}): string[] {
  const maxCount = limits.maxCount ?? MAX_ARTIFACTS;
  const maxBytes = limits.maxBytes ?? MAX_ARTIFACT_BYTES;
  const now = Date.now();
  const entries: { path: string; name: string; mtime: number; size: number }[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const info = statSync(path, { throwIfNoEntry: false });
    if (!info?.isFile()) continue;
    if (TEMP_NAME.test(name)) {
      if (now - info.mtimeMs > 3_600_000) rmSync(path, { force: true });
      continue;
    }
    if (ARTIFACT_NAME.test(name)) entries.push({ path, name, mtime: info.mtimeMs, size: info.size });
  }
  // Newest first; the run just written counts as the newest whatever its clock says.
  entries.sort((a, b) => Number(b.path === keep) - Number(a.path === keep) || b.mtime - a.mtime || a.name.localeCompare(b.name));
  const removed: string[] = [];
  let count = 0;
  let total = 0;
  for (const entry of entries) {
    count++;
    total += entry.size;
    if (entry.path !== keep && (count > maxCount || total > maxBytes)) {
      rmSync(entry.path, { force: true });
      removed.push(entry.path);
      count--;
      total -= entry.size;
    }
  }
  return removed;
}
