import type { CommandResult } from "../command-result";
import { defineCommand } from "../definition/define-command";
import { PREVIEW_OPTIONS, PATH } from "../definition/common-options";

/** `tsift run --kind test|log -- <command...>`: run a command, keep its output, print its digest, exit with its status. */
export const run = defineCommand({
  name: "run",
  summary: "run a command, keep its full output under .tsift/artifacts/, print a test or log digest, exit with its status",
  helpOrder: 240,
  positionals: [{ name: "command", required: true, variadic: true, description: "the command and its arguments, after -- (run without a shell)" }],
  options: {
    kind: { type: "string", choices: ["test", "log"], default: "log", description: "digest the output as a test run or as a build/service log" },
    runner: {
      type: "string",
      choices: ["auto", "vitest", "jest", "node", "tap", "pytest", "cargo", "go", "junit"],
      default: "auto",
      description: "--kind test: the runner whose output it is (auto: detect)",
    },
    path: { ...PATH, description: "project whose .tsift/artifacts/ keeps the output (default: the one holding the working directory)" },
    ...PREVIEW_OPTIONS,
  },
  examples: [
    { command: "tsift run --kind test -- npx vitest run", description: "failing tests digested; full output kept behind a handle" },
    { command: "tsift --envelope run --kind log -- npm run build", description: "a build as a summary-first digest-runner envelope" },
    { command: "tsift run --kind test --runner pytest -- python3 -m pytest -q", description: "force the pytest parser" },
  ],
  async run(options, io): Promise<CommandResult> {
    const { runRun } = await import("../run/run-run");
    return runRun(io, options);
  },
});
