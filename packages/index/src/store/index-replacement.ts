import { existsSync, renameSync, rmSync } from "node:fs";
import { checkedStampPath, corruptFileName, replaceSqliteFile } from "@tsift/sqlite";

/** A new database file written beside an unusable one (openIndexWriter's `rebuild`, graph-db `refresh --force`). */
export interface IndexReplacement {
  /** Where the new file is written until it replaces the old one. */
  tempPath: string;
  /** Where the old file goes. */
  movedTo: string;
  /** Why the old file could not be used. */
  reason: string;
  /** The new file (closed) takes the old one's place; the old one is kept at `movedTo`. */
  commit(): void;
  /** Drops the new file; the old one stays where it was. */
  abandon(): void;
}

const SIDECARS = ["", "-wal", "-shm", "-journal", ".checked"];

/**
 * Starts replacing `dbPath`: the new file is written at `<dbPath>.rebuild` (a leftover
 * from a run that died is removed first: the caller holds the writer lock, so no one
 * else writes it) and only a committed run swaps it in, so readers see the old file
 * until then and the new one after.
 */
export function startReplacement(dbPath: string, reason: string): IndexReplacement {
  const tempPath = `${dbPath}.rebuild`;
  const remove = () => {
    for (const suffix of SIDECARS) rmSync(`${tempPath}${suffix}`, { force: true });
  };
  remove();
  const movedTo = corruptFileName(dbPath);
  return {
    tempPath,
    movedTo,
    reason,
    commit: () => {
      replaceSqliteFile(dbPath, tempPath, movedTo);
      // The new file's soundness record follows it; the damaged file's record goes.
      if (existsSync(checkedStampPath(tempPath))) renameSync(checkedStampPath(tempPath), checkedStampPath(dbPath));
      else rmSync(checkedStampPath(dbPath), { force: true });
    },
    abandon: remove,
  };
}
