import { resolve } from "node:path";
import { resolveProjectRoot, updateIndex } from "@tsift/index/indexer";
import { commandResult, type CommandResult } from "../command-result";
import { applyInit } from "../init/apply-init";
import type { CliIo } from "../io";
import { capList } from "@tsift/digest";
import { pathArg } from "../path-arg";
import { indexStatus, indexTargets } from "./index-status";
import { instructionsStatus } from "./instructions-status";
import { recommendations, reminders } from "./recommendations";
import { statusOutput, type StatusData } from "./status-output";

export interface StatusFlags {
  path?: string | undefined;
  fix: boolean;
  /** Workspace scopes listed (0 = all). */
  limit: number;
}

async function report(root: string, place: string, limit: number): Promise<StatusData> {
  const index = await indexStatus(await indexTargets(root));
  const instructions = instructionsStatus(root);
  const recs = recommendations(index, instructions, place);
  const data: StatusData = {
    index,
    instructions,
    summaries: { state: "unavailable", reason: "this tsift does not build summaries.db" },
    recommendations: recs,
    reminders: reminders(index, recs, place),
  };
  if (index.workspace_scopes) {
    const capped = capList(index.workspace_scopes, limit);
    index.workspace_scopes = capped.items;
    if (capped.truncated) Object.assign(data, { workspace_scopes_total: capped.total, truncated: true });
  }
  return data;
}

/**
 * `tsift status`: read-only by default (it never takes the writer lock, and reads a
 * snapshot copy while a writer holds index.db). `--fix` first applies the safe local
 * fixes behind `run:` — index stale or missing indexes (every scope of a stale
 * workspace), rewrite stale or missing instructions — then reports afresh.
 */
export async function runStatus(io: CliIo, flags: StatusFlags): Promise<CommandResult<StatusData>> {
  const { root } = resolveProjectRoot(resolve(io.cwd, flags.path ?? "."));
  const place = pathArg(io.cwd, root);
  let fixed: string[] | undefined;
  if (flags.fix) {
    fixed = [];
    // Instructions first: AGENTS.md is markdown the index tracks, so writing it after
    // indexing would leave the index stale again.
    if (instructionsStatus(root).state !== "current") {
      applyInit(root, { codex: false, opencode: false, workspace: false });
      fixed.push("instructions");
    }
    const targets = await indexTargets(root);
    const before = await indexStatus(targets);
    if (before.state !== "fresh") {
      for (const location of targets.locations) {
        await updateIndex(location, { maxFileBytes: targets.config.index.maxFileBytes, exclude: targets.config.index.exclude });
      }
      fixed.push(targets.workspace ? `index (${targets.locations.length} scopes)` : "index");
    }
  }
  const data = await report(root, place, flags.limit);
  if (fixed) data.fixed = fixed;
  return commandResult(data, statusOutput, {
    root,
    notes: data.index.recovery ? [`note: a writer holds the index; status read a snapshot copy (${data.index.recovery})`] : [],
  });
}
