import { defineOutput } from "../output/output-spec";
import type { DatabaseLocks, SidecarState } from "@tsift/index/indexer";

export interface LocksData {
  databases: DatabaseLocks[];
  /** The first database's next step, or null when nothing needs doing. */
  next: string | null;
}

const side = (name: string, state: SidecarState) => (state.present ? `${name} ${state.bytes} B` : `no ${name}`);
/** The library's own wording: held by whom since when, or why the lock is stale. */
const holder = (entry: DatabaseLocks) => (entry.lock.state === "absent" ? "lock free" : `lock ${entry.lock.description}`);
const label = (entry: DatabaseLocks) => `${entry.database}${entry.scope ? ` [${entry.scope}]` : ""}`;

export const locksOutput = defineOutput<LocksData>({
  tool: "locks",
  text: (data) =>
    [
      ...data.databases.map(
        (entry) =>
          `${label(entry)} ${entry.db_path}: ${entry.exists ? `${holder(entry)}; ${side("wal", entry.wal)}, ${side("shm", entry.shm)}, ${side("journal", entry.journal)}${entry.journal_mode ? ` (mode ${entry.journal_mode})` : ""}` : `missing; ${holder(entry)}`}`,
      ),
      `next: ${data.next ?? "nothing to do"}`,
    ].join("\n"),
  compact: (data) =>
    [
      ...data.databases.map(
        (entry) =>
          `${label(entry)} ${entry.lock.state}${entry.lock.pid ? `:${entry.lock.pid}` : ""} wal:${entry.wal.bytes} shm:${entry.shm.present ? 1 : 0} jrnl:${entry.journal.present ? 1 : 0}`,
      ),
      `next: ${data.next ?? "-"}`,
    ].join("\n"),
  tables: [
    {
      columns: ["database", "scope", "db_path", "exists", "lock_state", "pid", "wal_bytes", "shm", "journal", "journal_mode"],
      rows: (data) =>
        data.databases.map((entry) => [
          entry.database,
          entry.scope,
          entry.db_path,
          entry.exists,
          entry.lock.state,
          entry.lock.pid,
          entry.wal.bytes,
          entry.shm.present,
          entry.journal.present,
          entry.journal_mode,
        ]),
    },
  ],
  envelope: {
    view: "report",
    summary: (data) => (data.databases.some((entry) => entry.lock.state === "live") ? "a writer holds a tsift lock" : "no live writer"),
    metrics: (data) => [
      { label: "databases", value: data.databases.length },
      { label: "live", value: data.databases.filter((entry) => entry.lock.state === "live").length },
      { label: "stale", value: data.databases.filter((entry) => entry.lock.state === "stale").length },
    ],
    followUp: (data) => (data.next ? [data.next] : []),
  },
});
