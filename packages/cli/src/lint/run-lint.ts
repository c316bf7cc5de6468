import { lintMarkdown, type LintReport } from "@tsift/quality";
import { commandResult, type CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import type { CliIo } from "../io";
import { defineOutput } from "../output/output-spec";
import type { lint as lintCommand } from "../commands/lint";
import type { OptionsOfCommand } from "../definition/define-command";

const lintOutput = defineOutput<LintReport>({
  tool: "lint",
  text: (data) =>
    data.annotations.length
      ? data.annotations.map((note) => `${note.file}:${note.line}:${note.column}: ${note.text} → ${note.suggestion}`).join("\n")
      : `no unannotated entities in ${data.files.length} file${data.files.length === 1 ? "" : "s"}`,
  tables: [
    {
      columns: ["file", "line", "column", "text", "kind", "suggestion"],
      rows: (data) => data.annotations.map((note) => [note.file, note.line, note.column, note.text, note.kind, note.suggestion]),
    },
  ],
});

/** `tsift lint` (`lintMarkdown`); `--exit-code` turns findings into exit 1. */
export async function runLint(io: CliIo, flags: OptionsOfCommand<typeof lintCommand>): Promise<CommandResult<LintReport>> {
  const report = await lintMarkdown({ cwd: io.cwd, files: flags.files, entitiesFrom: flags.entitiesFrom, index: flags.index, noIndex: !flags.symbols });
  return commandResult(report, lintOutput, flags.exitCode && report.annotations.length ? { exitCode: EXIT_CODES.checkFailed } : {});
}
