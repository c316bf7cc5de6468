import { defineCommand } from "../definition/define-command";

/** `tsift workflow search`: the handle-preserving recipe from a literal lookup to digests. */
export const workflow = defineCommand({
  name: "workflow",
  summary: "print a recipe of tsift commands for a task (search: from a literal to digests, keeping handles)",
  helpOrder: 520,
  positionals: [{ name: "topic", required: false, description: "the recipe: search (default)" }],
  options: {},
  examples: [{ command: "tsift workflow search --json", description: "the ordered steps, the handles each yields and where the next command comes from" }],
  async run(args) {
    const { runWorkflow } = await import("../workflow/run-workflow");
    return runWorkflow(args.topic ?? "search");
  },
});
