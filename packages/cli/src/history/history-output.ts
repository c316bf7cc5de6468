import type { HistoryArtifactsResult, HistoryCommit, HistoryIndexReport, HistorySearchResult, HistoryTagsResult, ProvenanceResult } from "@tsift/index/history";
import { defineOutput } from "../output/output-spec";

const day = (commit: HistoryCommit) => commit.date.slice(0, 10);
const tagList = (tags: readonly string[]) => (tags.length ? `  [${tags.join(", ")}]` : "");
const more = (shown: number, total: number) => (total > shown ? [`(+${total - shown} more)`] : []);
const commitLine = (commit: HistoryCommit) => `${commit.short} ${day(commit)} ${commit.subject}${tagList(commit.tags)}`;
const COMMIT_COLUMNS = ["hash", "date", "author", "type", "scope", "breaking", "subject", "tags", "files"] as const;
const commitRow = (commit: HistoryCommit) => [
  commit.hash,
  commit.date,
  commit.author,
  commit.type,
  commit.scope,
  commit.breaking,
  commit.subject,
  commit.tags.join(" "),
  commit.files,
];

export const historyIndexOutput = defineOutput<HistoryIndexReport>({
  tool: "history index",
  text: (data) =>
    [
      `history ${data.db_path}: ${data.mode}${data.rebuilt ? ` (rebuilt: ${data.rebuilt.replace(/_/g, " ")})` : ""}, ${data.commits_added} commits added, ${data.commits_total} total; ${data.artifacts_total} artifacts (${data.artifacts_alive} alive); HEAD ${data.head ? data.head.slice(0, 12) : "none"}${data.branch ? ` on ${data.branch}` : ""}; ${data.elapsed_ms} ms`,
      ...data.notes.map((note) => `note: ${note}`),
    ].join("\n"),
  tables: [
    {
      columns: ["mode", "rebuilt", "commits_added", "commits_total", "artifacts_total", "artifacts_alive", "head", "branch", "shallow", "elapsed_ms"],
      rows: (data) => [
        [
          data.mode,
          data.rebuilt,
          data.commits_added,
          data.commits_total,
          data.artifacts_total,
          data.artifacts_alive,
          data.head,
          data.branch,
          data.shallow,
          data.elapsed_ms,
        ],
      ],
    },
  ],
  envelope: {
    view: "report",
    summary: (data) => `history ${data.mode}: ${data.commits_added} commits added, ${data.commits_total} indexed`,
    metrics: (data) => [
      { label: "commits", value: data.commits_total },
      { label: "added", value: data.commits_added },
      { label: "artifacts", value: data.artifacts_total },
    ],
    followUp: () => ["tsift history search <words>", "tsift cochange <file>"],
  },
});

export const historySearchOutput = defineOutput<HistorySearchResult>({
  tool: "history search",
  text: (data) =>
    data.results.length ? [...data.results.map(commitLine), ...more(data.results.length, data.total)].join("\n") : `no commit matches \`${data.query}\``,
  tables: [
    {
      columns: [...COMMIT_COLUMNS, "score"],
      rows: (data) => data.results.map((hit) => [...commitRow(hit), hit.score]),
      more: (data) => data.total - data.results.length,
    },
  ],
  envelope: {
    view: "list",
    summary: (data) => `${data.total} commits match \`${data.query}\``,
    metrics: (data) => [
      { label: "shown", value: data.results.length },
      { label: "total", value: data.total },
    ],
    followUp: (data) => data.results.slice(0, 3).map((hit) => `git show --stat ${hit.short}`),
  },
});

export const historyProvenanceOutput = defineOutput<ProvenanceResult>({
  tool: "history provenance",
  text: (data) => {
    const what = data.lines ? `${data.target} (${data.path}:${data.lines.start}-${data.lines.end})` : data.path;
    const renamed = data.renamed_from.length ? ` (earlier: ${data.renamed_from.join(", ")})` : "";
    return [
      `${what}${renamed}: ${data.total} commit${data.total === 1 ? "" : "s"}`,
      ...data.commits.map(
        (commit) =>
          `${commit.short} ${day(commit)}${commit.status ? ` ${commit.status}` : ""}${commit.path !== data.path ? ` ${commit.path}` : ""}  ${commit.subject}${tagList(commit.tags)}`,
      ),
      ...more(data.commits.length, data.total),
    ].join("\n");
  },
  tables: [
    {
      columns: [...COMMIT_COLUMNS, "path", "status"],
      rows: (data) => data.commits.map((commit) => [...commitRow(commit), commit.path, commit.status]),
      more: (data) => data.total - data.commits.length,
    },
  ],
  envelope: {
    view: "list",
    summary: (data) => `${data.total} commits shaped ${data.kind === "symbol" ? `${data.target} in ${data.path}` : data.path}`,
    metrics: (data) => [
      { label: "commits", value: data.total },
      { label: "renames", value: data.renamed_from.length },
    ],
    followUp: (data) => data.commits.slice(0, 3).map((commit) => `git show ${commit.short} -- ${commit.path}`),
  },
});

export const historyTagsOutput = defineOutput<HistoryTagsResult>({
  tool: "history tags",
  text: (data) => {
    if (data.path !== null) {
      return data.artifact_tags.length ? `${data.path}: ${data.artifact_tags.map((tag) => `${tag.tag} (${tag.source})`).join(", ")}` : `${data.path}: no tags`;
    }
    if (!data.tags.length) return "no tags";
    return [
      ...data.tags.map((tag) => `${tag.tag}  ${tag.artifacts} artifact${tag.artifacts === 1 ? "" : "s"} (${tag.alive} alive)`),
      ...more(data.tags.length, data.total),
    ].join("\n");
  },
  tables: [
    { columns: ["tag", "artifacts", "alive"], rows: (data) => data.tags.map((tag) => [tag.tag, tag.artifacts, tag.alive]) },
    { columns: ["path", "tag", "source"], rows: (data) => data.artifact_tags.map((tag) => [data.path, tag.tag, tag.source]) },
  ],
  envelope: {
    view: "list",
    summary: (data) => (data.path !== null ? `${data.artifact_tags.length} tags on ${data.path}` : `${data.total} tags`),
    metrics: (data) => [{ label: "tags", value: data.total }],
    followUp: (data) => data.tags.slice(0, 3).map((tag) => `tsift history artifacts --tag ${tag.tag}`),
  },
});

export const historyArtifactsOutput = defineOutput<HistoryArtifactsResult>({
  tool: "history artifacts",
  text: (data) =>
    data.artifacts.length
      ? [
          ...data.artifacts.map(
            (artifact) =>
              `${artifact.path}  ${artifact.alive ? "alive" : "gone"}${tagList(artifact.tags)}  ${artifact.commits} commit${artifact.commits === 1 ? "" : "s"}${artifact.last_commit ? `, last ${artifact.last_commit} ${artifact.last_date?.slice(0, 10) ?? ""}` : ""}`,
          ),
          ...more(data.artifacts.length, data.total),
        ].join("\n")
      : "no artifacts",
  tables: [
    {
      columns: ["path", "alive", "tags", "commits", "last_commit", "last_date"],
      rows: (data) =>
        data.artifacts.map((artifact) => [artifact.path, artifact.alive, artifact.tags.join(" "), artifact.commits, artifact.last_commit, artifact.last_date]),
      more: (data) => data.total - data.artifacts.length,
    },
  ],
  envelope: {
    view: "list",
    summary: (data) => `${data.total} artifacts${data.tag ? ` tagged ${data.tag}` : ""}${data.alive_only ? " alive at HEAD" : ""}`,
    metrics: (data) => [
      { label: "shown", value: data.artifacts.length },
      { label: "total", value: data.total },
    ],
    followUp: (data) => data.artifacts.slice(0, 3).map((artifact) => `tsift history provenance ${artifact.path}`),
  },
});
