import { defineCommand } from "../definition/define-command";
import { EXIT_CODES } from "../exit-codes";

/** `tsift lint <file...>`: unannotated mentions of known entities (headings, bold and code terms, index symbols) in markdown. */
export const lint = defineCommand({
  name: "lint",
  summary: "markdown prose that names a known entity without annotating it",
  helpOrder: 500,
  positionals: [{ name: "files", required: true, variadic: true, description: "markdown files to lint" }],
  options: {
    entitiesFrom: { type: "array", description: "also take headings, bold and backticked terms from these markdown files (repeatable)" },
    index: {
      type: "string",
      description: "symbol index to read: a project root, .tsift, .tsift/indexes, a scope directory or an index.db (default: the file's project)",
    },
    symbols: { type: "boolean", default: true, description: "check code-looking index symbol names (--no-symbols: document entities only)" },
    exitCode: { type: "boolean", default: false, description: "exit 1 when there are findings" },
  },
  examples: [
    { command: "tsift lint README.md", description: "file:line:col: text → suggestion for each unannotated mention" },
    { command: "tsift lint docs/*.md --entities-from docs/glossary.md --exit-code", description: "a CI check against a glossary and the index" },
  ],
  async run(options, io) {
    const { lintMarkdown } = await import("@tsift/quality");
    const { files, entitiesFrom, index } = options;
    const report = await lintMarkdown({ cwd: io.cwd, files, entitiesFrom, index, noIndex: !options.symbols });
    // `--exit-code` turns findings into exit 1.
    return { data: report, ...(options.exitCode && report.annotations.length ? { exitCode: EXIT_CODES.checkFailed } : {}) };
  },
  output: async () => (await import("../lint/lint-output")).lintOutput,
});
