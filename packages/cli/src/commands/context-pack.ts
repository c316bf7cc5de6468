import { defineCommand } from "../definition/define-command";
import { PREVIEW_OPTIONS } from "../definition/common-options";

/** `tsift context-pack <target>`: diff, test and log digests, touched symbols, reminders and follow-ups in one bounded handoff. */
export const contextPack = defineCommand({
  name: "context-pack",
  summary: "one bounded handoff: worktree diff and touched symbols, test and log digests, status reminders, follow-up commands",
  helpOrder: 250,
  positionals: [{ name: "target", required: true, description: "a document (task file, notes) or a directory in the project" }],
  options: {
    diff: { type: "boolean", default: true, description: "include the worktree diff digest and its touched symbols (--no-diff: leave it out)" },
    testInput: { type: "string", description: "captured test-runner output to digest into the pack" },
    runner: {
      type: "string",
      choices: ["auto", "vitest", "jest", "node", "tap", "pytest", "cargo", "go", "junit"],
      default: "auto",
      description: "the runner of --test-input (auto: detect)",
    },
    logInput: { type: "string", description: "a captured build or service log to digest into the pack" },
    transcripts: {
      type: "string",
      description: "read agent sessions from this directory instead of ~/.claude and ~/.codex: a Claude or Codex home, or a directory of *.jsonl transcripts",
    },
    ...PREVIEW_OPTIONS,
  },
  examples: [
    { command: "tsift context-pack .", description: "the uncommitted change, its symbols and what to run next" },
    {
      command: "tsift context-pack tasks/fix-cache.md --test-input test.log --log-input build.log --json",
      description: "everything for the next turn, as JSON",
    },
    { command: "tsift --envelope context-pack . --budget small", description: "a compact handoff envelope" },
    { command: "tsift context-pack . --transcripts ~/saved-sessions", description: "the resume packet from transcripts kept elsewhere" },
  ],
  // An envelope asks for the adaptive budget when no explicit one is given.
  async run(options, context) {
    const { contextPack } = await import("@tsift/digest");
    const data = await contextPack({
      target: options.target,
      cwd: context.cwd,
      diff: options.diff,
      testInput: options.testInput,
      logInput: options.logInput,
      transcriptDir: options.transcripts,
      runner: options.runner,
      budget: await context.budget(),
    });
    // Paths in the pack are already as the caller types them: target and inputs from the working directory, diff files from the root.
    return { data };
  },
  output: async () => (await import("../context-pack/context-pack-output")).contextPackOutput,
});
