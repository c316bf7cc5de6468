import type { IndexStatus } from "./status-index";
import type { InstructionsStatus } from "./instructions-status";

export interface Recommendations {
  /** Commands worth calling this session. */
  use: string[];
  /** The command that brings index and instructions up to date, or null. */
  run: string | null;
}

/**
 * The commands that read the code index, which status recommends once an index exists.
 * The CLI passes its own list (from its command catalog), so a new command joins `use:`
 * when it ships; this is the same list for library callers.
 */
export const INDEX_READING_COMMANDS: readonly string[] = [
  "symbols",
  "source-read",
  "search",
  "related",
  "graph",
  "explain",
  "path",
  "communities",
  "analyze",
  "impact",
  "traverse",
  "map",
  "pack",
];

/**
 * With an index (fresh or stale) use the index-reading commands; a stale or missing index
 * runs `tsift index` (`--workspace` on workspace roots), a corrupt one its rebuild; stale or missing instructions put
 * `tsift init` first. Summaries are not built by this tsift, so no `summarize` step is
 * ever recommended.
 */
export function recommendations(
  index: IndexStatus,
  instructions: InstructionsStatus,
  place: string,
  indexCommands: readonly string[] = INDEX_READING_COMMANDS,
): Recommendations {
  const at = place === "." ? "" : ` ${place}`;
  const steps: string[] = [];
  if (instructions.state !== "current") steps.push(`tsift init${index.workspace ? " --workspace" : ""}${at}`);
  if (index.state === "corrupt" && index.problem) steps.push(index.problem.next);
  else if (index.state !== "fresh") steps.push(`tsift index${index.workspace ? " --workspace" : ""} ${place}`);
  // A corrupt index answers nothing until it is rebuilt.
  return { use: index.state === "missing" || index.state === "corrupt" ? [] : [...indexCommands], run: steps.length ? steps.join(" && ") : null };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** Why the run step is needed: stale files and missing scopes. */
export function runReason(index: IndexStatus): string | null {
  const parts: string[] = [];
  if (index.state === "stale" && index.stale_files > 0) parts.push(plural(index.stale_files, "stale file"));
  if (index.missing_scopes?.length) parts.push(plural(index.missing_scopes.length, "missing scope"));
  return parts.length ? parts.join(", ") : null;
}

/** Reminders: only for a stale index, repeating the reindex command and what is stale. */
export function reminders(index: IndexStatus, recs: Recommendations, place: string): string[] {
  if (index.state !== "stale") return [];
  const command = `tsift index${index.workspace ? " --workspace" : ""} ${place}`;
  const reason = runReason(index);
  return [`index stale: run \`${command}\` before relying on tsift ${recs.use.join("/")} results${reason ? ` (${reason})` : ""}`];
}
