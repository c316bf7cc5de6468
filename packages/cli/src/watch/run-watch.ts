import { resolve } from "node:path";
import type { CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import type { CliIo } from "../io";
import type { watch as watchCommand } from "../commands/watch";
import type { OptionsOfCommand } from "../definition/define-command";

/** One line per update that changed something (or could not run), as `tsift watch` prints it. */
export function updateLine(update: { scope: string | null; files: number; ms: number; blocked?: string; error?: string }): string | null {
  const where = update.scope === null ? "" : ` [${update.scope}]`;
  if (update.error !== undefined) return `update failed${where}: ${update.error}`;
  if (update.blocked !== undefined) return `waiting${where}: another tsift writer holds the lock; will retry`;
  if (update.files === 0) return null;
  return `updated ${update.files} file${update.files === 1 ? "" : "s"}${where} in ${update.ms} ms`;
}

/**
 * `tsift watch`: builds the index when there is none, then follows the tree with the warm
 * index's watcher until SIGINT or SIGTERM, printing a line per update. The watcher stops
 * (and a running update releases the writer lock) before the command returns.
 */
export async function runWatch(io: CliIo, flags: OptionsOfCommand<typeof watchCommand>): Promise<CommandResult> {
  const { startWarmIndex, resolveProjectRoot, indexLocation, indexHasRun, updateIndex, loadConfig } = await import("@tsift/index");
  const root = resolveProjectRoot(resolve(io.cwd, flags.path ?? ".")).root;
  const location = indexLocation(root);
  if (!indexHasRun(location)) {
    const config = await loadConfig(root);
    const summary = await updateIndex(location, { maxFileBytes: config.index.maxFileBytes, exclude: config.index.exclude });
    io.stdout(`indexed ${summary.new} file${summary.new === 1 ? "" : "s"}\n`);
  }
  let failure: Error | null = null;
  let stop!: () => void;
  const stopped = new Promise<void>((done) => (stop = done));
  const warm = startWarmIndex(root, {
    onUpdate(update) {
      const line = updateLine(update);
      if (line !== null) io.stdout(`${line}\n`);
    },
    onError(error) {
      failure = error;
      stop();
    },
  });
  // `on`, not `once`: the writer lock's signal handler ends the process when it is the only listener.
  // Before the line that says it is watching: a signal sent on reading that line must find them.
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  io.stderr(`watching ${root} (${warm.status().watched_dirs} directories); Ctrl-C stops\n`);
  try {
    await stopped;
  } finally {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
    await warm.stop();
  }
  if (failure) {
    const { TsiftError } = await import("@tsift/core/light");
    throw new TsiftError("io_error", `the watcher failed: ${(failure as Error).message}`, { hint: "tsift watch" });
  }
  return { data: null, emitted: true, exitCode: EXIT_CODES.ok };
}
