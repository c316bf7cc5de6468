import { claudePreToolUse } from "@tsift/digest";
import { autoReindex } from "@tsift/index/indexer";
import type { CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import { readInput } from "../input";
import type { CliIo } from "../io";

/** The hook JSON a client pipes in; anything unreadable is treated as empty, because a hook must not fail the agent. */
async function hookInput(io: CliIo): Promise<unknown> {
  if (io.stdinIsTTY) return {};
  try {
    const text = (await readInput(io, undefined, "hook input")).toString("utf8").trim();
    return text ? (JSON.parse(text) as unknown) : {};
  } catch {
    return {};
  }
}

const cwdOf = (input: unknown, io: CliIo): string =>
  input !== null && typeof input === "object" && typeof (input as { cwd?: unknown }).cwd === "string" ? (input as { cwd: string }).cwd : io.cwd;

/**
 * `UserPromptSubmit`: refresh the index quietly. stdout stays empty (Claude Code would add it
 * to the prompt); a problem is one line on stderr and still exit 0.
 */
export async function runUserPromptSubmit(io: CliIo): Promise<CommandResult> {
  const input = await hookInput(io);
  const report = await autoReindex({ cwd: cwdOf(input, io) });
  for (const note of report.notes) io.stderr(`tsift hook: ${note}\n`);
  return { data: report, emitted: true, exitCode: EXIT_CODES.ok };
}

/** `PreToolUse`: the client's JSON answer on stdout when the Bash command has a rewrite; nothing otherwise (run unchanged). */
export async function runPreToolUse(io: CliIo): Promise<CommandResult> {
  const { output } = claudePreToolUse(await hookInput(io), io.cwd);
  if (output) io.stdout(`${JSON.stringify(output)}\n`);
  return { data: output, emitted: true, exitCode: EXIT_CODES.ok };
}
