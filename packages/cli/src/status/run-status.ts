import { resolve } from "node:path";
import { projectStatus, resolveProjectRoot } from "@tsift/index/indexer";
import { commandResult, type CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import type { CliIo } from "../io";
import { VERSION } from "../version";
import { INDEX_COMMANDS } from "./recommendations";
import { statusOutput, type StatusData } from "./status-output";

export interface StatusFlags {
  path?: string | undefined;
  fix: boolean;
  /** Workspace scopes listed (0 = all). */
  limit: number;
}

/**
 * `tsift status`: read-only by default; `--fix` first indexes stale or missing indexes and
 * rewrites stale or missing instructions (`projectStatus`), then reports afresh.
 */
export async function runStatus(io: CliIo, flags: StatusFlags): Promise<CommandResult<StatusData>> {
  const data = await projectStatus({ cwd: io.cwd, path: flags.path, fix: flags.fix, limit: flags.limit, version: VERSION, indexCommands: INDEX_COMMANDS });
  const { root } = resolveProjectRoot(resolve(io.cwd, flags.path ?? "."));
  const notes = data.index.recovery ? [`note: a writer holds the index; status read a snapshot copy (${data.index.recovery})`] : [];
  const problem = data.index.problem;
  // The report still prints in full; a damaged index is also an error line with its repair, and exit 6.
  if (problem) notes.push(`error[${problem.code}]: ${problem.reason} (next: ${problem.next})`);
  return commandResult(data, statusOutput, { root, notes, ...(problem ? { exitCode: EXIT_CODES.schemaMismatch } : {}) });
}
