import { resolve } from "node:path";
import { defineCommand } from "../definition/define-command";
import { DIR, PATH, limitOption } from "../definition/common-options";

/** `tsift cochange <path>`: files that change in the same commits, from the git history index. */
export const cochange = defineCommand({
  name: "cochange",
  summary: "files that change together with a file: shared commits, support and Jaccard (from git history)",
  helpOrder: 410,
  positionals: [{ name: "file", required: true, description: "the file whose companions to list" }, DIR],
  options: {
    path: PATH,
    limit: limitOption(10, "files to return (0 = up to 10000)"),
    minSupport: { type: "number", default: 0, description: "only files in at least this share (0..1) of the file's commits" },
    minCount: { type: "number", default: 1, min: 1, description: "only files sharing at least this many commits" },
    maxFiles: { type: "number", min: 1, description: "skip bulk commits touching more files (default: [history] max_files_per_commit, 50)" },
    autoindex: { type: "boolean", default: true, description: "bring .tsift/history.db up to HEAD first (--no-autoindex: exit 4 when missing or behind)" },
  },
  examples: [
    { command: "tsift cochange src/cache.ts", description: "the ten files most often changed with it" },
    { command: "tsift cochange src/cache.ts --min-support 0.3 --json", description: "files in at least 30% of its commits, as JSON" },
  ],
  // The file is resolved from the cwd, the project from `--path` (default: the cwd's own).
  async run(options, io) {
    const [{ readCoChange }, { resolveProjectRoot }] = await Promise.all([import("@tsift/index/history"), import("@tsift/index/indexer")]);
    const { root } = resolveProjectRoot(resolve(io.cwd, options.path ?? "."));
    const notes: string[] = [];
    const data = await readCoChange({
      root,
      path: resolve(io.cwd, options.file),
      limit: options.limit,
      minSupport: options.minSupport,
      minCount: options.minCount,
      ...(options.maxFiles !== undefined ? { maxFiles: options.maxFiles } : {}),
      autoindex: options.autoindex,
      onNote: (note) => notes.push(note),
    });
    return { data, root, notes };
  },
  output: async () => (await import("../history/cochange-output")).coChangeOutput,
});
