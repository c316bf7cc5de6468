import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { TsiftError } from "@tsift/core/light";
import type { CliIo } from "./io";

/**
 * The stream a reading command consumes: `--input F` (resolved against the working
 * directory) or stdin. A terminal on stdin is refused rather than waited on, because an
 * agent that forgot the pipe would otherwise hang.
 */
export async function openInput(io: CliIo, inputPath: string | undefined, what: string): Promise<NodeJS.ReadableStream> {
  if (inputPath !== undefined) {
    const path = resolve(io.cwd, inputPath);
    const info = await stat(path).catch(() => null);
    if (!info) throw new TsiftError("not_found", `cannot read ${what}: ${inputPath} does not exist`);
    if (!info.isFile()) throw new TsiftError("invalid_input", `cannot read ${what}: ${inputPath} is not a file`);
    return createReadStream(path);
  }
  if (io.stdinIsTTY) throw new TsiftError("usage", `no ${what} given: pipe it on stdin or pass --input FILE`);
  return io.stdin();
}

/** The whole input as a Buffer, for inputs that are parsed at once (JSON batches). */
export async function readInput(io: CliIo, inputPath: string | undefined, what: string): Promise<Buffer> {
  const stream = await openInput(io, inputPath, what);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A file named by an option other than `--input` (`--baseline F`), resolved against the working directory, as text. */
export async function readTextFile(io: CliIo, path: string, what: string): Promise<string> {
  try {
    return await readFile(resolve(io.cwd, path), "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new TsiftError("not_found", `cannot read ${what}: ${path} does not exist`);
    if (code === "EISDIR") throw new TsiftError("invalid_input", `cannot read ${what}: ${path} is not a file`);
    throw new TsiftError("io_error", `cannot read ${what} ${path}: ${(error as Error).message}`, { cause: error });
  }
}
