import type { CommandResult } from "../command-result";
import { defineCommand } from "../definition/define-command";
import { PREVIEW_OPTIONS, limitOption } from "../definition/common-options";

/** `tsift log-digest`: a captured log (stdin or --input, streamed) as signals, repeats and anchors. */
export const logDigest = defineCommand({
  name: "log-digest",
  readOnly: true,
  summary: "a captured log (stdin or --input) as grouped errors and warnings, collapsed repeats and file:line anchors",
  helpOrder: 220,
  positionals: [],
  options: {
    input: { alias: "i", type: "string", description: "read the log from this file instead of stdin (streamed: any size)" },
    limit: limitOption(10, "signal groups, repeats, anchors and exit codes shown (0 = all)"),
    context: { type: "number", default: 2, min: 0, description: "lines kept before and after each signal's first occurrence" },
    ...PREVIEW_OPTIONS,
  },
  examples: [
    { command: "cargo build 2>&1 | tsift log-digest", description: "the errors of a build, grouped, with the first one anchored" },
    { command: "tsift log-digest --input ci.log --json", description: "a CI log as JSON" },
    { command: "npm ci 2>&1 | tsift --envelope log-digest --budget small", description: "a bounded envelope for a small context window" },
  ],
  async run(options, io): Promise<CommandResult> {
    const { runLogDigest } = await import("../log-digest/run-log-digest");
    return runLogDigest(io, options);
  },
});
