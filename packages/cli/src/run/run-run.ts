import { resolve } from "node:path";
import { resolveBudget, runCommand } from "@tsift/digest";
import { resolveProjectRoot } from "@tsift/index/indexer";
import { commandResult, type CommandResult } from "../command-result";
import type { ExitCode } from "../exit-codes";
import type { CliIo } from "../io";
import { runOutput, type RunData } from "./run-output";
import type { run as runDefinition } from "../commands/run";
import type { OptionsOfCommand } from "../definition/define-command";

const FORWARDED = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * `tsift run`: the library runs and digests; here Ctrl-C, SIGTERM and SIGHUP stop being
 * fatal to tsift for the length of the run and are passed on to the command instead, so
 * tsift outlives it, keeps what it printed and still reports. The process exits with the
 * command's own status, which is why `exitCode` carries a number outside tsift's table.
 */
export async function runRun(io: CliIo, flags: OptionsOfCommand<typeof runDefinition>): Promise<CommandResult<RunData>> {
  const { root } = resolveProjectRoot(resolve(io.cwd, flags.path ?? "."));
  const budget = resolveBudget(flags, io.env, false);
  const controller = new AbortController();
  let group: number | null = null;
  // The first signal aborts the run (the library passes it on); later ones go straight to the
  // command's process group, so a second Ctrl-C can still stop a command that caught the first.
  const forward = (signal: NodeJS.Signals) => {
    if (!controller.signal.aborted) controller.abort(signal);
    else if (group !== null) {
      try {
        process.kill(process.platform === "win32" ? group : -group, signal);
      } catch {
        // Already gone: nothing to pass on.
      }
    }
  };
  for (const signal of FORWARDED) process.on(signal, forward);
  let report: RunData;
  try {
    report = await runCommand({
      root,
      cwd: io.cwd,
      env: { ...io.env },
      kind: flags.kind,
      command: flags.command,
      runner: flags.runner,
      budget,
      signal: controller.signal,
      onSpawn: (pid) => (group = pid),
    });
  } finally {
    for (const signal of FORWARDED) process.off(signal, forward);
  }
  return commandResult(report, runOutput(flags.kind), { root, exitCode: report.exit_status as ExitCode });
}
