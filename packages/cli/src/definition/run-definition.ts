import type { CommandResult } from "../command-result";
import type { CliIo } from "../io";
import type { ParsedArgs } from "./define-command";
import type { ResolvedCommand } from "./resolve-command";
import { usageError } from "./usage";

/**
 * Runs a resolved command on arguments from either parser: checks the whole-number
 * options against their table (one message for every `--limit`), folds the trailing
 * `[dir]` into `--path`, then calls the definition's `run`.
 */
export async function runDefinition(resolved: ResolvedCommand, args: ParsedArgs, io: CliIo): Promise<CommandResult> {
  const hint = `tsift ${resolved.words.join(" ")} --help`;
  for (const option of resolved.options) {
    const value = args[option.name];
    if (option.min === undefined || value === undefined) continue;
    if (typeof value !== "number" || !Number.isInteger(value) || value < option.min) {
      const { numberOptionMessage } = await import("./number-option");
      throw await usageError(numberOptionMessage(option, String(value)), hint);
    }
  }
  const dir = args.dir;
  if (typeof dir === "string" && resolved.options.some((option) => option.name === "path")) {
    const path = args.path;
    if (path !== undefined && path !== dir)
      throw await usageError(`give the project directory once: --path ${String(path)} and the positional ${dir} differ`, hint);
    args = { ...args, path: dir };
  }
  if (!resolved.command.readsIndex) return resolved.command.run(args, io);
  const result = await runRetryingIoError(resolved, args, io).catch(async (error: unknown) => {
    const { isTsiftError } = await import("@tsift/core/light");
    if (!isTsiftError(error, "index_missing")) throw error;
    throw await (await import("../background-index")).startBackgroundFirstIndex(error, io);
  });
  // This read ran here because no daemon answered it: the tsift executable starts one for the next.
  if (typeof (globalThis as Record<symbol, unknown>)[Symbol.for("tsift.bin")] === "string") {
    (await import("../daemon/daemon-autostart")).autostartDaemon(io);
  }
  return result;
}

async function runRetryingIoError(resolved: ResolvedCommand, args: ParsedArgs, io: CliIo): Promise<CommandResult> {
  try {
    return await runInjectingIoError(resolved, args, io);
  } catch (error) {
    const { isSqliteIoError } = await import("@tsift/sqlite");
    if (!isSqliteIoError(error)) throw error;
    // A WAL deleted or cut short under a reader reads as an I/O error until the writer that
    // owns it finishes; one retry after a pause answers most reads without a rebuild.
    await new Promise((resolve) => setTimeout(resolve, IO_RETRY_DELAY_MS));
    const result = await resolved.command.run(args, io);
    return { ...result, notes: [...(result.notes ?? []), "note: retried once after a transient SQLite I/O error"] };
  }
}

const IO_RETRY_DELAY_MS = 250;

/**
 * Test hook: TSIFT_TEST_IO_ERROR_ONCE=<file> makes the first read that finds no such file
 * fail with SQLite's I/O error (and creates the file), so a test can prove the retry
 * without racing a real WAL deletion.
 */
async function runInjectingIoError(resolved: ResolvedCommand, args: ParsedArgs, io: CliIo): Promise<CommandResult> {
  const marker = io.env.TSIFT_TEST_IO_ERROR_ONCE;
  if (marker) {
    const { existsSync, writeFileSync } = await import("node:fs");
    if (!existsSync(marker)) {
      writeFileSync(marker, "");
      throw Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR_SHORT_READ" });
    }
  }
  return resolved.command.run(args, io);
}
