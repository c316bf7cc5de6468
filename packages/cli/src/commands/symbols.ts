import { defineCommand } from "../definition/define-command";
import { BUDGET_OPTIONS, DIR, PATH, SCOPE, limitOption } from "../definition/common-options";

/** `tsift symbols [name] [dir]`: indexed symbols ranked exact, case-insensitive, prefix, then fuzzy. */
export const symbols = defineCommand({
  name: "symbols",
  readOnly: true,
  summary: "list indexed symbols: exact, case-insensitive, prefix, then fuzzy matches",
  helpOrder: 40,
  readsIndex: true,
  positionals: [{ name: "name", required: false, description: "symbol name or Class.method; omit to list all" }, DIR],
  options: [
    { name: "kind", type: "string", description: "only this kind (function, method, class, …)" },
    { name: "file", type: "string", description: "only this file or directory, or files matching a gitignore-style pattern (*.ts, src/**)" },
    { name: "lang", type: "string", description: "only this language (rust, python, typescript, …)" },
    limitOption(20, "rows to show (0 = all)"),
    PATH,
    SCOPE,
    ...BUDGET_OPTIONS,
  ],
  examples: [
    { command: "tsift symbols Store.get", description: "where Store.get is defined" },
    { command: "tsift symbols --kind class --file 'src/**' --json", description: "every class under src/ as JSON" },
  ],
  async run(args, io) {
    const { runSymbols } = await import("../index-cmd/run-symbols");
    return runSymbols(io, {
      ...(args.name !== undefined ? { name: args.name } : {}),
      ...(args.kind !== undefined ? { kind: args.kind } : {}),
      ...(args.file !== undefined ? { file: args.file } : {}),
      ...(args.lang !== undefined ? { language: args.lang } : {}),
      limit: args.limit,
      path: args.path ?? ".",
      ...(args.scope !== undefined ? { scope: args.scope } : {}),
    });
  },
});
