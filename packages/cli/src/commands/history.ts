import type { HistoryReadOptions } from "@tsift/index/history";
import { resolve } from "node:path";
import { defineGroup, defineSubcommand } from "../definition/define-command";
import { DIR, PATH, limitOption } from "../definition/common-options";

/** The options every history subcommand takes. */
const HISTORY_OPTIONS = {
  path: PATH,
  autoindex: { type: "boolean", default: true, description: "bring .tsift/history.db up to HEAD first (--no-autoindex: exit 4 when missing or behind)" },
} as const;

const subcommand = defineSubcommand(HISTORY_OPTIONS);

/** The project root (from `--path`, default the cwd's own) and the read options every history read shares; notes are collected for stderr. */
async function historyRead(
  cwd: string,
  options: { path?: string | undefined; autoindex: boolean },
): Promise<{ root: string; read: HistoryReadOptions; notes: string[] }> {
  const { resolveProjectRoot } = await import("@tsift/index/indexer");
  const { root } = resolveProjectRoot(resolve(cwd, options.path ?? "."));
  const notes: string[] = [];
  return { root, notes, read: { root, autoindex: options.autoindex, onNote: (note) => notes.push(note) } };
}

/** `tsift history <command>`: the git history index — commits, tags, artifacts, provenance. */
export const history = defineGroup({
  name: "history",
  summary: "the git history index (.tsift/history.db): commit search, provenance, tags, artifacts",
  helpOrder: 400,
  options: HISTORY_OPTIONS,
  examples: [
    { command: "tsift history index", description: "index the git history (incremental after the first run)" },
    { command: "tsift history search 'rate limit'", description: "commits about rate limiting, best first" },
    { command: "tsift history provenance src/auth/session.ts", description: "the commits that shaped a file, renames followed" },
  ],
  subcommands: [
    subcommand({
      name: "index",
      summary: "build or update .tsift/history.db from git (a rewritten history is rebuilt)",
      positionals: [DIR],
      options: { rebuild: { type: "boolean", default: false, description: "read the whole history again" } },
      examples: [{ command: "tsift history index --rebuild", description: "rebuild the history index from the first commit" }],
      async run(options, io) {
        const [{ indexHistory }, { resolveProjectRoot }] = await Promise.all([import("@tsift/index/history"), import("@tsift/index/indexer")]);
        const { root } = resolveProjectRoot(resolve(io.cwd, options.path ?? "."));
        return { data: await indexHistory({ root, rebuild: options.rebuild }), root };
      },
      output: async () => (await import("../history/history-output")).historyIndexOutput,
    }),
    subcommand({
      name: "search",
      summary: "commits whose subject, body or tags match every word (FTS5 BM25)",
      positionals: [{ name: "query", required: true, description: "words to find in commit messages and tags" }, DIR],
      options: {
        limit: limitOption(20, "commits to return (0 = up to 10000)"),
        type: { type: "string", description: "only this conventional commit type (feat, fix, …)" },
      },
      examples: [{ command: "tsift history search session --type fix", description: "fixes that mention sessions" }],
      async run(options, io) {
        const [{ searchHistory }, { root, read, notes }] = await Promise.all([import("@tsift/index/history"), historyRead(io.cwd, options)]);
        const data = await searchHistory({ ...read, query: options.query, limit: options.limit, type: options.type });
        return { data, root, notes };
      },
      output: async () => (await import("../history/history-output")).historySearchOutput,
    }),
    subcommand({
      name: "provenance",
      summary: "the commits that shaped a file (renames followed) or a symbol's lines, newest first",
      positionals: [{ name: "target", required: true, description: "a file path, or a symbol (name, Class.method, file:line, file:name, gsym-* handle)" }, DIR],
      options: { limit: limitOption(20, "commits to return (0 = up to 10000)") },
      examples: [
        { command: "tsift history provenance src/cache.ts", description: "every commit that touched the file, under any earlier name" },
        { command: "tsift history provenance Cache.peek", description: "the commits that changed that method's lines" },
      ],
      async run(options, io) {
        const [{ readProvenance }, { root, read, notes }] = await Promise.all([import("@tsift/index/history"), historyRead(io.cwd, options)]);
        const data = await readProvenance({ ...read, target: options.target, limit: options.limit, cwd: io.cwd });
        return { data, root, notes: [...notes, ...data.notes.map((note) => `note: ${note}`)] };
      },
      output: async () => (await import("../history/history-output")).historyProvenanceOutput,
    }),
    subcommand({
      name: "tags",
      summary: "tags with their artifact counts, or one file's tags and where they came from",
      positionals: [DIR],
      options: {
        file: { type: "string", description: "one file's tags (folder-derived or explicit)" },
        limit: limitOption(100, "tags to return (0 = up to 10000)"),
      },
      examples: [{ command: "tsift history tags --file src/auth/session.ts", description: "that file's current tags" }],
      // The file is resolved from the cwd, the project from `--path`.
      async run(options, io) {
        const [{ readHistoryTags }, { root, read, notes }] = await Promise.all([import("@tsift/index/history"), historyRead(io.cwd, options)]);
        const data = await readHistoryTags({ ...read, path: options.file === undefined ? undefined : resolve(io.cwd, options.file), limit: options.limit });
        return { data, root, notes };
      },
      output: async () => (await import("../history/history-output")).historyTagsOutput,
    }),
    subcommand({
      name: "artifacts",
      summary: "every path the history touched, alive at HEAD or not; by tag",
      positionals: [DIR],
      options: {
        tag: { type: "string", description: "only paths carrying this tag" },
        alive: { type: "boolean", default: false, description: "only paths that exist at HEAD" },
        limit: limitOption(100, "paths to return (0 = up to 10000)"),
      },
      examples: [{ command: "tsift history artifacts --tag auth --alive", description: "live files tagged auth" }],
      async run(options, io) {
        const [{ readArtifacts }, { root, read, notes }] = await Promise.all([import("@tsift/index/history"), historyRead(io.cwd, options)]);
        const data = await readArtifacts({ ...read, tag: options.tag, alive: options.alive, limit: options.limit });
        return { data, root, notes };
      },
      output: async () => (await import("../history/history-output")).historyArtifactsOutput,
    }),
  ],
});
