import { defineCommand } from "../definition/define-command";

/** `tsift workflow search`: the handle-preserving recipe from a literal lookup to digests. */
export const workflow = defineCommand({
  name: "workflow",
  summary: "print a recipe of tsift commands for a task (search: from a literal to digests, keeping handles)",
  helpOrder: 520,
  positionals: [{ name: "topic", required: false, description: "the recipe: search (default)" }],
  options: {},
  examples: [{ command: "tsift workflow search --json", description: "the ordered steps, the handles each yields and where the next command comes from" }],
  // Today one recipe, `search`.
  async run(args) {
    const topic = args.topic ?? "search";
    const [{ TsiftError }, { searchWorkflow }] = await Promise.all([import("@tsift/core/light"), import("@tsift/search")]);
    if (topic !== "search") throw new TsiftError("usage", `no workflow named ${topic}; the workflows are: search`, { hint: "tsift workflow search" });
    return { data: searchWorkflow() };
  },
  output: async () => (await import("../workflow/workflow-output")).workflowOutput,
});
