import type { BudgetFlags } from "@tsift/digest/budget";
import type { SymbolQuery } from "@tsift/index/graph-read";
import { defineCommand } from "../definition/define-command";
import { PREVIEW_OPTIONS, DIR, PATH, SCOPE, limitOption } from "../definition/common-options";
import type { ReadOptions } from "../graph-cmd/read-index";

/** `tsift symbols [name] [dir]`: indexed symbols ranked exact, case-insensitive, prefix, then fuzzy. */
export const symbols = defineCommand<SymbolQuery & ReadOptions & BudgetFlags>()({
  name: "symbols",
  readOnly: true,
  summary: "list indexed symbols: exact, case-insensitive, prefix, then fuzzy matches",
  helpOrder: 40,
  readsIndex: true,
  positionals: [{ name: "name", required: false, description: "symbol name or Class.method; omit to list all" }, DIR],
  options: {
    kind: { type: "string", description: "only this kind (function, method, class, …)" },
    file: { type: "string", description: "only this file or directory, or files matching a gitignore-style pattern (*.ts, src/**)" },
    language: { flag: "lang", type: "string", description: "only this language (rust, python, typescript, …)" },
    limit: limitOption(20, "rows to show (0 = all)"),
    path: PATH,
    scope: SCOPE,
    ...PREVIEW_OPTIONS,
  },

  examples: [
    { command: "tsift symbols Store.get", description: "where Store.get is defined" },
    { command: "tsift symbols --kind class --file 'src/**' --json", description: "every class under src/ as JSON" },
  ],
  // A missing index follows the first-use policy; a stale one is read as it is (a snapshot copy while a writer holds it).
  async run(options, io) {
    const { readSymbolsOnFirstUse, resolveReadTarget } = await import("@tsift/index/graph-read");
    const target = resolveReadTarget({ cwd: io.cwd, path: options.path, scope: options.scope });
    const { name, kind, file, language, limit } = options;
    const { report, notes } = await readSymbolsOnFirstUse(target, { name, kind, file, language, limit });
    return { data: report, root: target.location.sourceRoot, place: target.place, notes };
  },
  output: async ({ place }) => (await import("../index-cmd/symbols-output")).symbolsOutput(place),
});
