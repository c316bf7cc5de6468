import type { Budget } from "@tsift/digest/budget";
import type { Metric, OutputSpec } from "./output-spec";

export interface Envelope {
  tool: string;
  view: string;
  summary: { text: string; metrics: readonly Metric[] };
  truncated: boolean;
  follow_up: readonly string[];
  report: unknown;
}

/** Preview items' `expand` commands, in section order. */
function expandCommands<D>(spec: OutputSpec<D>, data: D): string[] {
  const commands: string[] = [];
  for (const section of spec.preview?.sections ?? []) {
    const items = (data as Record<string, unknown>)[section.key];
    if (!Array.isArray(items)) continue;
    for (const item of items) if (typeof item?.expand === "string") commands.push(item.expand);
  }
  return commands;
}

/**
 * `--envelope`: a summary-first wrapper. Without an envelope spec the summary is the
 * first line of the human text and `follow_up` is the data's `next_commands`.
 */
export function buildEnvelope<D>(spec: OutputSpec<D>, data: D, budget: Budget | null): Envelope {
  const record = data as Record<string, unknown>;
  const declared = spec.envelope;
  const fallbackFollowUp = Array.isArray(record.next_commands) ? (record.next_commands as string[]) : [];
  const followUp = declared?.followUp ? [...declared.followUp(data)] : [...expandCommands(spec, data), ...fallbackFollowUp];
  return {
    tool: spec.tool,
    view: budget && spec.preview ? "preview" : (declared?.view ?? "report"),
    summary: {
      text: declared ? declared.summary(data) : (spec.text(data).split("\n")[0] ?? ""),
      metrics: declared ? declared.metrics(data) : [],
    },
    truncated: declared?.truncated ? declared.truncated(data) : record.truncated === true,
    follow_up: followUp,
    report: data,
  };
}
