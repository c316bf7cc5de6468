import { COMMANDS } from "../cli-catalog";

export { runReason, type Recommendations } from "@tsift/index/indexer";

/** Commands that read the index, from the catalog, so new ones join status's `use:` when they ship. */
export const INDEX_COMMANDS: readonly string[] = Object.entries(COMMANDS)
  .filter(([, entry]) => "readsIndex" in entry && entry.readsIndex)
  .map(([name]) => name);
