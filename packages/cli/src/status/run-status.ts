import { resolve } from "node:path";
import { projectStatus, resolveProjectRoot, type StatusOptions, type StatusReport } from "@tsift/index/indexer";
import type { CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import type { CliIo } from "../io";
import { VERSION } from "../version";
import { INDEX_COMMANDS } from "./recommendations";

/**
 * `tsift status`: read-only by default; `--fix` first indexes stale or missing indexes and
 * rewrites stale or missing instructions (`projectStatus`), then reports afresh. The
 * definition renders it.
 */
export async function runStatus(io: CliIo, options: Omit<StatusOptions, "cwd" | "version" | "indexCommands">): Promise<CommandResult<StatusReport>> {
  const data = await projectStatus({
    cwd: io.cwd,
    path: options.path,
    fix: options.fix,
    limit: options.limit,
    version: VERSION,
    indexCommands: INDEX_COMMANDS,
  });
  const { root } = resolveProjectRoot(resolve(io.cwd, options.path ?? "."));
  const notes = data.index.recovery ? [`note: a writer holds the index; status read a snapshot copy (${data.index.recovery})`] : [];
  const problem = data.index.problem;
  // The report still prints in full; a damaged index is also an error line with its repair, and exit 6.
  if (problem) notes.push(`error[${problem.code}]: ${problem.reason} (next: ${problem.next})`);
  return { data, root, notes, ...(problem ? { exitCode: EXIT_CODES.schemaMismatch } : {}) };
}
