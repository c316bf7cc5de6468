import { TsiftError } from "@tsift/core/light";
import { searchWorkflow, type WorkflowReport } from "@tsift/search";
import { commandResult, type CommandResult } from "../command-result";
import { defineOutput } from "../output/output-spec";

const workflowOutput = defineOutput<WorkflowReport>({
  tool: "workflow",
  text: (data) =>
    [
      `workflow ${data.topic}: ${data.summary}`,
      ...data.steps.flatMap((step) => [
        `${step.step}. ${step.name} — ${step.purpose}`,
        `   ${step.command}`,
        `   keeps: ${step.yields.join(", ")}; next from: ${step.next_from}`,
      ]),
      ...data.contract.map((rule) => `- ${rule}`),
    ].join("\n"),
  tables: [{ columns: ["step", "name", "command"], rows: (data) => data.steps.map((step) => [step.step, step.name, step.command]) }],
  envelope: {
    view: "report",
    summary: (data) => `${data.steps.length} steps: ${data.steps.map((step) => step.name).join(" → ")}`,
    metrics: (data) => [{ label: "steps", value: data.steps.length }],
    followUp: (data) => data.steps.map((step) => step.command),
  },
});

/** `tsift workflow [topic]`: today one recipe, `search`. */
export async function runWorkflow(topic: string): Promise<CommandResult<WorkflowReport>> {
  if (topic !== "search") throw new TsiftError("usage", `no workflow named ${topic}; the workflows are: search`, { hint: "tsift workflow search" });
  return commandResult(searchWorkflow(), workflowOutput);
}
