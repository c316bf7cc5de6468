import { defineCommand } from "../definition/define-command";
import { DIR, PATH, limitOption } from "../definition/common-options";
import { usageError } from "../definition/usage";
import { EXIT_CODES } from "../exit-codes";

/** `tsift index [dir]`: build or incrementally update index.db (symbols, calls, imports, routes). */
export const index = defineCommand({
  name: "index",
  summary: "build or update the symbol index (.tsift/index.db)",
  helpOrder: 30,
  positionals: [DIR],
  options: {
    path: PATH,
    rebuild: { type: "boolean", default: false, description: "drop the index and parse every file again" },
    check: { type: "boolean", default: false, description: "report what changed since the last index, without writing" },
    exitCode: { type: "boolean", default: false, description: "with --check: exit 1 when files are new, modified or deleted (implies --quiet)" },
    quiet: { alias: "q", type: "boolean", default: false, description: "summary only, no per-file change list" },
    limit: limitOption(20, "changed files listed in the human report, then (+N more) (0 = all; JSON lists every one)"),
    prune: { type: "boolean", default: false, description: "report prune stats (the scan stays complete: subtree pruning is not sound yet)" },
    workspace: { type: "boolean", default: false, description: "index every git submodule scope into .tsift/indexes/<scope>/" },
    submodule: { type: "string", description: "index one workspace scope (id, path or unique leaf name)" },
    resolve: {
      type: "string",
      choices: ["declarations", "checker"],
      description: "call resolution: declarations only, or also the project's own TypeScript checker (default: [index] resolve, else declarations)",
    },
  },
  examples: [
    { command: "tsift index", description: "index the project in the current directory (incremental after the first run)" },
    { command: "tsift index --check --exit-code", description: "exit 1 when the index is out of date, without writing" },
    { command: "tsift index --resolve checker", description: "also bind the calls declarations leave open with the project's TypeScript checker" },
  ],
  // @tsift/index's `indexProject` over one index or every workspace scope's. `--exit-code`
  // implies `--quiet` and makes a check that finds new, modified or deleted files exit 1.
  async run(options, io) {
    if (options.rebuild && options.check) throw await usageError("--rebuild and --check cannot be combined: --check never writes", "tsift index --help");
    if (options.resolve === "checker" && options.check)
      throw await usageError("--resolve checker and --check cannot be combined: --check never writes", "tsift index --help");
    const [{ indexProject }, { progressBar }, { isJsonMode, outputOptions }] = await Promise.all([
      import("@tsift/index/indexer"),
      import("../index-cmd/progress-bar"),
      import("../output/output-options"),
    ]);
    const quiet = options.quiet || options.exitCode;
    const drawing = io.stderrIsTTY && !quiet && !isJsonMode(outputOptions(options)) && !options.check;
    const bar = progressBar(io, drawing, "");
    // The checker's program can take a minute on a large project: its own bar says what is running.
    const checkerBar = progressBar(io, drawing, "checker ");
    let run;
    try {
      run = await indexProject({
        cwd: io.cwd,
        path: options.path,
        workspace: options.workspace,
        ...(options.submodule !== undefined ? { scope: options.submodule } : {}),
        rebuild: options.rebuild,
        check: options.check,
        prune: options.prune,
        quiet,
        onProgress: ({ done, total }) => bar.update(done, total),
        ...(options.resolve !== undefined ? { resolve: options.resolve } : {}),
        onCheckerProgress: ({ done, total }) => {
          bar.clear();
          checkerBar.update(done, total);
        },
      });
    } finally {
      bar.clear();
      checkerBar.clear();
    }
    const { report, mode, notes } = run;
    const exitCode = options.check && options.exitCode && run.changed ? EXIT_CODES.checkFailed : EXIT_CODES.ok;
    // Scope reports list paths relative to each scope, so they print as stored (no root).
    return { data: report, mode, exitCode, notes, ...("scopes" in report ? {} : { root: run.sourceRoot }) };
  },
  // `mode` fills in a quiet report, which omits it; `--limit` caps the changed files the text lists.
  output: async ({ data, mode }, { limit }) => {
    const { indexOutput, workspaceIndexOutput } = await import("../index-cmd/index-output");
    return "scopes" in data ? workspaceIndexOutput(mode, limit) : indexOutput(mode, limit);
  },
});
