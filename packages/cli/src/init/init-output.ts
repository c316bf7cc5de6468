import { defineOutput } from "../output/output-spec";
import type { InitChange } from "./apply-init";

export interface InitData {
  /** The directory initialised, as a command run from the working directory would name it. */
  target: string;
  /** The path as given, when resolution moved it (a file, a nested directory, a submodule). */
  resolved_from: string | null;
  changes: InitChange[];
  changed: boolean;
}

export const initOutput = defineOutput<InitData>({
  tool: "init",
  text: (data) =>
    [
      ...(data.resolved_from !== null ? [`resolved: ${data.resolved_from} → ${data.target}`] : []),
      ...data.changes.map((change) => `${change.file}: ${change.action}`),
      data.changed ? "init: done" : "init: already up to date",
    ].join("\n"),
  compact: (data) =>
    `init ${data.changed ? "changed" : "unchanged"}: ${
      data.changes
        .filter((change) => change.action !== "unchanged")
        .map((change) => `${change.file}(${change.action})`)
        .join(" ") || "-"
    }`,
  tables: [{ columns: ["file", "action"], rows: (data) => data.changes.map((change) => [change.file, change.action]) }],
  envelope: {
    view: "report",
    summary: (data) => (data.changed ? `initialised ${data.changes.filter((change) => change.action !== "unchanged").length} files` : "already up to date"),
    metrics: (data) => [
      { label: "changed", value: data.changes.filter((change) => change.action !== "unchanged").length },
      { label: "files", value: data.changes.length },
    ],
  },
});
