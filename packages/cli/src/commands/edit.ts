import { defineCommand } from "../definition/define-command";
import { EXIT_CODES } from "../exit-codes";
import { DIR, PATH } from "../definition/common-options";

/** `tsift edit [dir] < edits.json`: a validated multi-file search/replace batch that lands whole or not at all. */
export const edit = defineCommand({
  name: "edit",
  summary: "apply a search/replace batch across files, all or nothing",
  helpOrder: 340,
  positionals: [DIR],
  options: {
    path: PATH,
    input: { alias: "f", type: "string", description: 'the batch as JSON, {"edits":[{file,old,new,replace_all?,count?}]} (default: stdin)' },
    dryRun: { type: "boolean", default: false, description: "validate every edit and report, change nothing" },
    skipReindex: { type: "boolean", default: false, description: "leave an existing index as it is (the next read refreshes it)" },
  },
  examples: [
    { command: "tsift edit < edits.json", description: "validate every edit, then swap the changed files in together" },
    { command: "tsift edit --dry-run --input edits.json --json", description: "which edits would apply, and why the others would not" },
  ],
  // A rejected batch exits 1 with each edit's reason.
  async run(options, io) {
    const [{ applyEdits, parseEditBatch }, { readInput }] = await Promise.all([import("@tsift/index/indexer"), import("../input")]);
    const edits = parseEditBatch((await readInput(io, options.input, "edit batch")).toString("utf8"));
    const data = await applyEdits({ cwd: io.cwd, path: options.path ?? ".", edits, dryRun: options.dryRun, refreshIndex: !options.skipReindex });
    const notes = data.index.note ? [`warning: ${data.index.note}`] : [];
    return { data, notes, ...(data.rejected ? { exitCode: EXIT_CODES.checkFailed } : {}) };
  },
  output: async () => (await import("../edit/edit-output")).editOutput,
});
