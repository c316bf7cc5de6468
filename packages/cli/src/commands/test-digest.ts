import { resolve } from "node:path";
import { defineCommand } from "../definition/define-command";
import { PREVIEW_OPTIONS, DIR, PATH, limitOption } from "../definition/common-options";

/** `tsift test-digest [dir]`: captured test-runner output (stdin or --input) as a bounded failure report. */
export const testDigest = defineCommand({
  name: "test-digest",
  readOnly: true,
  summary: "test-runner output (stdin or --input) as failures grouped by file:line and message, with counts and symbols",
  helpOrder: 210,
  positionals: [{ ...DIR, description: "project the tests ran in, for root-relative paths and symbols (default: .; same as --path)" }],
  options: {
    input: { alias: "i", type: "string", description: "read the output from this file instead of stdin" },
    runner: {
      type: "string",
      choices: ["auto", "vitest", "jest", "node", "tap", "pytest", "cargo", "go", "junit"],
      default: "auto",
      description: "the runner whose output it is (auto: detect; node is node:test's spec reporter, junit is JUnit XML)",
    },
    limit: limitOption(10, "failure groups shown (0 = all)"),
    path: { ...PATH, description: "project the tests ran in (default: .)" },
    ...PREVIEW_OPTIONS,
  },
  examples: [
    { command: "npx vitest run 2>&1 | tsift test-digest", description: "the failures of a vitest run, grouped" },
    { command: "tsift test-digest --input report.xml --json", description: "a JUnit XML report from CI, as JSON" },
    { command: "cargo test 2>&1 | tsift --envelope test-digest --budget small", description: "a bounded envelope for a small context window" },
  ],
  // Reads the captured output whole (a digest needs the summary at its end), then digests it for the project.
  async run(options, context) {
    const [{ testDigest }, { readInput }] = await Promise.all([import("@tsift/digest"), import("../input")]);
    const budget = await context.budget();
    const text = (await readInput(context, options.input, "test output")).toString("utf8");
    const { cwd } = context;
    const data = await testDigest({ text, cwd, root: resolve(cwd, options.path ?? "."), runner: options.runner, limit: options.limit, budget });
    return { data, root: data.root };
  },
  output: async ({ data }, _options, { cwd }) => (await import("../test-digest/test-digest-output")).testDigestOutput(cwd, data.root),
});
