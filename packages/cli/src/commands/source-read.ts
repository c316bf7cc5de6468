import type { BudgetFlags } from "@tsift/digest/budget";
import type { SourceWindowOptions } from "@tsift/index/indexer";
import { defineCommand } from "../definition/define-command";
import { PREVIEW_OPTIONS, DIR, PATH } from "../definition/common-options";

/** `tsift source-read <file> [dir]`: a bounded, line-numbered window with symbol refs and expansion commands. */
export const sourceRead = defineCommand<Omit<SourceWindowOptions, "cwd"> & BudgetFlags>()({
  name: "source-read",
  readOnly: true,
  summary: "bounded, line-numbered window of a source file with symbol refs",
  helpOrder: 50,
  readsIndex: true,
  positionals: [{ name: "file", required: true, description: "file to read, relative to the project root (or to --scope's directory)" }, DIR],
  options: {
    ...PREVIEW_OPTIONS,
    path: PATH,
    scope: { type: "string", description: "workspace scope whose directory and index to use (inferred from the file otherwise)" },
    start: { type: "number", description: "first line, 1-based (default: 1)" },
    lines: { type: "number", description: "window length (default: 80)" },
    end: { type: "number", description: "last line, inclusive (instead of --lines)" },
  },
  examples: [
    { command: "tsift source-read src/cache.ts --start 40 --lines 30", description: "lines 40-69 with the symbols they hold" },
    { command: "tsift source-read src/cache.ts --budget small", description: "a short preview for a small context window" },
  ],
  async run(options, io) {
    const { readSourceWindow } = await import("@tsift/index/indexer");
    const { report, sourceRoot, place, notes } = await readSourceWindow({ cwd: io.cwd, ...options });
    return { data: report, root: sourceRoot, place, notes };
  },
  output: async ({ place }) => (await import("../source-read/source-read-output")).sourceReadOutput(place),
});
