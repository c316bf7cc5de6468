import { resolve } from "node:path";
import { indexHistory, readArtifacts, readHistoryTags, readProvenance, searchHistory, type HistoryReadOptions } from "@tsift/index/history";
import { resolveProjectRoot } from "@tsift/index/indexer";
import { commandResult, type CommandResult } from "../command-result";
import type { HISTORY_OPTIONS } from "../commands/history";
import type { OptionsOf } from "../definition/option-table";
import type { CliIo } from "../io";

type HistoryOptions = OptionsOf<typeof HISTORY_OPTIONS>;
import { historyArtifactsOutput, historyIndexOutput, historyProvenanceOutput, historySearchOutput, historyTagsOutput } from "./history-output";

/** The project root and the read options every history read shares; notes are collected for stderr. */
function readOptions(io: CliIo, flags: HistoryOptions): { root: string; options: HistoryReadOptions; notes: string[] } {
  const { root } = resolveProjectRoot(resolve(io.cwd, flags.path ?? "."));
  const notes: string[] = [];
  return { root, notes, options: { root, autoindex: flags.autoindex, onNote: (note) => notes.push(note) } };
}

export async function runHistoryIndex(io: CliIo, flags: HistoryOptions & { rebuild: boolean }): Promise<CommandResult> {
  const { root } = resolveProjectRoot(resolve(io.cwd, flags.path ?? "."));
  const data = await indexHistory({ root, rebuild: flags.rebuild });
  return commandResult(data, historyIndexOutput, { root });
}

export async function runHistorySearch(io: CliIo, flags: HistoryOptions & { query: string; limit: number; type?: string | undefined }): Promise<CommandResult> {
  const { root, options, notes } = readOptions(io, flags);
  const data = await searchHistory({ ...options, query: flags.query, limit: flags.limit, type: flags.type });
  return commandResult(data, historySearchOutput, { root, notes });
}

export async function runHistoryProvenance(io: CliIo, flags: HistoryOptions & { target: string; limit: number }): Promise<CommandResult> {
  const { root, options, notes } = readOptions(io, flags);
  const data = await readProvenance({ ...options, target: flags.target, limit: flags.limit, cwd: io.cwd });
  return commandResult(data, historyProvenanceOutput, { root, notes: [...notes, ...data.notes.map((note) => `note: ${note}`)] });
}

export async function runHistoryTags(io: CliIo, flags: HistoryOptions & { file?: string | undefined; limit: number }): Promise<CommandResult> {
  const { root, options, notes } = readOptions(io, flags);
  const data = await readHistoryTags({ ...options, path: flags.file === undefined ? undefined : resolve(io.cwd, flags.file), limit: flags.limit });
  return commandResult(data, historyTagsOutput, { root, notes });
}

export async function runHistoryArtifacts(
  io: CliIo,
  flags: HistoryOptions & { tag?: string | undefined; alive: boolean; limit: number },
): Promise<CommandResult> {
  const { root, options, notes } = readOptions(io, flags);
  const data = await readArtifacts({ ...options, tag: flags.tag, alive: flags.alive, limit: flags.limit });
  return commandResult(data, historyArtifactsOutput, { root, notes });
}
