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
  // Streamed, never read whole, so a log of any size costs bounded memory. A budget caps the
  // lists (`--max-items`) and the quoted lines (`--max-bytes`) unless `--limit` was narrower.
  async run(options, context) {
    const [{ logDigest }, { openInput }] = await Promise.all([import("@tsift/digest"), import("../input")]);
    const budget = await context.budget();
    const log = await openInput(context, options.input, "log");
    const limit = budget?.maxItems != null && (options.limit === 0 || budget.maxItems < options.limit) ? budget.maxItems : options.limit;
    const data = await logDigest({
      log,
      input: options.input,
      cwd: context.cwd,
      limit,
      context: options.context,
      ...(budget?.maxBytes != null ? { maxLineBytes: Math.max(16, budget.maxBytes) } : {}),
    });
    return { data };
  },
  output: async () => (await import("../log-digest/log-digest-output")).logDigestOutput,
});
