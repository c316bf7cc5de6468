import { join } from "node:path";
import { TSIFT_DIR } from "../walk/index-location";

/** Where a project's history index lives. */
export interface HistoryLocation {
  /** The directory that owns `.tsift/`. */
  projectRoot: string;
  dbPath: string;
  /** The writer lock beside it. */
  lockPath: string;
}

export function historyLocation(projectRoot: string): HistoryLocation {
  const dir = join(projectRoot, TSIFT_DIR);
  return { projectRoot, dbPath: join(dir, "history.db"), lockPath: join(dir, "history.lock") };
}

/** The command that (re)builds the history index, for hints. */
export const HISTORY_INDEX_COMMAND = "tsift history index";
