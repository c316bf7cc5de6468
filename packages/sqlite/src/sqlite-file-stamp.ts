import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";

/**
 * A database file as tsift last left it, known sound: its size and modification time
 * (nanoseconds), kept in `<db>.checked`. Only a writer changes a WAL database's main
 * file, and every tsift writer records the file here when it closes without having met
 * damage. So a file whose size and time still match was changed by nothing else, and a
 * reader can skip `PRAGMA quick_check` (up to a second on a large file); a file that
 * something else touched (a disk error that rewrote a page, a copy, a stray `dd`) is
 * checked page by page before it is trusted. Damage that keeps the size and time (bit
 * rot) is left to `index --check`, which always runs the full check.
 */
export function checkedStampPath(dbPath: string): string {
  return `${dbPath}.checked`;
}

function currentStamp(dbPath: string): string | null {
  const stats = statSync(dbPath, { bigint: true, throwIfNoEntry: false });
  return stats ? `${stats.size} ${stats.mtimeNs} ${stats.ino}` : null;
}

/** Records `dbPath` as it is now as sound; a failure to write the record only costs a check later. */
export function recordSoundSqliteFile(dbPath: string): void {
  const stamp = currentStamp(dbPath);
  if (stamp === null) return;
  const target = checkedStampPath(dbPath);
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, `${stamp}\n`, { mode: 0o600 });
    renameSync(temporary, target);
  } catch {
    rmSync(temporary, { force: true });
  }
}

/** True when `dbPath` is exactly as a tsift writer last recorded it sound. */
export function sqliteFileUnchangedSinceSound(dbPath: string): boolean {
  let recorded: string;
  try {
    recorded = readFileSync(checkedStampPath(dbPath), "utf8").trim();
  } catch {
    return false;
  }
  return recorded !== "" && recorded === currentStamp(dbPath);
}
