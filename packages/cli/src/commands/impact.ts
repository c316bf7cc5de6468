import { defineCommand } from "../definition/define-command";
import { PREVIEW_OPTIONS, DIFF_OPTIONS, DIR, PATH, SCOPE, limitOption } from "../definition/common-options";

/** `tsift impact [dir]`: from a change (worktree, `--cached`, `--revision`, `--base`) to the tests it affects, with commands to run them. */
export const impact = defineCommand({
  name: "impact",
  readOnly: true,
  summary: "tests a change affects (changed symbols → callers and importers → test files and names), with run commands",
  helpOrder: 125,
  readsIndex: true,
  positionals: [DIR],
  options: {
    ...DIFF_OPTIONS,
    depth: { type: "number", default: 3, min: 1, description: "call and import hops walked back from a change" },
    imports: {
      type: "string",
      choices: ["fallback", "always", "never"],
      default: "fallback",
      description:
        "walk a changed file's importers: only when calls cannot follow its change (a constant, property or class changed, a symbol removed), always, or never",
    },
    only: { type: "array", description: "only changes under these paths" },
    limit: limitOption(20, "test files listed (0 = all)"),
    path: PATH,
    scope: SCOPE,
    ...PREVIEW_OPTIONS,
  },
  examples: [
    { command: "tsift impact", description: "tests the uncommitted changes affect" },
    { command: "tsift impact --revision HEAD --json", description: "tests the last commit affects, as JSON" },
    { command: "tsift impact --base main --budget small", description: "a bounded list for a branch" },
  ],
  async run(options, context) {
    const [{ diffTargetFromFlags }, { impact }] = await Promise.all([import("@tsift/digest"), import("@tsift/search")]);
    const { data, root, notes } = await impact({
      cwd: context.cwd,
      path: options.path,
      scope: options.scope,
      target: diffTargetFromFlags(options),
      depth: options.depth,
      imports: options.imports,
      limit: options.limit,
      ...(options.only && options.only.length > 0 ? { paths: options.only } : {}),
      budget: await context.budget(),
    });
    return { data, root, notes };
  },
  output: async () => (await import("../impact/impact-output")).impactOutput,
});
