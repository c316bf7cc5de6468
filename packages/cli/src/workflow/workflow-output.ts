import type { WorkflowReport } from "@tsift/search";
import { defineOutput } from "../output/output-spec";

/** `tsift workflow` output: the recipe's steps, each with its command, what it keeps and where the next one starts. */
export const workflowOutput = defineOutput<WorkflowReport>({
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
