import { shellArg, type CountedItem, type SessionCost, type SessionDigest } from "@tsift/digest";
import { defineOutput } from "../output/output-spec";

/** The report plus where the transcript came from (null: stdin). */
export type SessionDigestData = { input: string | null } & SessionDigest;
export type SessionCostData = { input: string | null } & SessionCost;

const more = (shown: number, total: number) => (total > shown ? [`  (+${total - shown} more; --limit 0 shows all)`] : []);
const counted = (item: CountedItem) => (item.count > 1 ? `${item.text} (x${item.count})` : item.text);
const skipped = (data: { malformed_lines: number; oversized_lines: number }) =>
  data.malformed_lines + data.oversized_lines > 0 ? `, skipped ${data.malformed_lines} malformed and ${data.oversized_lines} oversized lines` : "";

function digestHeadline(data: SessionDigestData): string {
  const open = data.failures.filter((failure) => !failure.resolved).length;
  return `session (${data.source}): ${data.lines} lines, ${data.prompts_total} prompts, ${data.tool_calls} tool calls, ${data.commands_total} distinct commands, ${data.files_total} files, ${data.failures_total} failures (${open} unresolved shown), ${data.restarts.total} restarts${skipped(data)}`;
}

function section(title: string, items: readonly CountedItem[], total: number): string[] {
  if (items.length === 0) return [];
  return [`${title}:`, ...items.map((item) => `  ${counted(item)}`), ...more(items.length, total)];
}

function closeoutLine(data: SessionDigest): string {
  return data.closeout.length ? `closeout: ${data.closeout.map((step) => `${step.kind} ${step.last_status}`).join(", ")}` : "closeout: none";
}

function digestFollowUp(data: SessionDigestData): string[] {
  const commands: string[] = [];
  if (data.input !== null && (data.source === "claude-jsonl" || data.source === "codex-jsonl"))
    commands.push(`tsift session-cost --input ${shellArg(data.input)}`);
  for (const file of data.files.slice(0, 3)) if (!file.text.startsWith("/")) commands.push(`tsift source-read ${shellArg(file.text)} --budget normal`);
  return commands;
}

export const sessionDigestOutput = defineOutput<SessionDigestData>({
  tool: "session-digest",
  pathKeys: [],
  text: (data) =>
    [
      digestHeadline(data),
      ...section("prompt targets (newest first)", data.prompt_targets, data.prompt_targets_total),
      ...section("commands", data.commands, data.commands_total),
      ...section("files", data.files, data.files_total),
      ...section("symbols", data.symbols, data.symbols_total),
      ...(data.failures.length
        ? [
            "failures:",
            ...data.failures.map((failure) => `  ${failure.resolved ? "[resolved] " : ""}${failure.text}${failure.count > 1 ? ` (x${failure.count})` : ""}`),
            ...more(data.failures.length, data.failures_total),
          ]
        : ["failures: none"]),
      ...(data.restarts.events.length
        ? [
            `restarts: ${data.restarts.events.map(counted).join(", ")}${data.restarts.max_restart_count !== null ? `; max restart_count ${data.restarts.max_restart_count}` : ""}`,
          ]
        : []),
      closeoutLine(data),
      `economy: ${data.economy.input_bytes} B of transcript -> ${data.economy.output_bytes} B (${data.economy.saved_percent}% saved)${data.approximate ? "; counts are lower bounds" : ""}`,
    ].join("\n"),
  compact: (data) =>
    [
      digestHeadline(data),
      ...(data.prompt_targets[0] ? [`latest prompt: ${data.prompt_targets[0].text}`] : []),
      ...data.failures.filter((failure) => !failure.resolved).map((failure) => `failure: ${failure.text}`),
      closeoutLine(data),
    ].join("\n"),
  tables: [
    {
      columns: ["kind", "text", "count"],
      rows: (data) => [
        ...data.prompt_targets.map((item) => ["prompt", item.text, item.count]),
        ...data.commands.map((item) => ["command", item.text, item.count]),
        ...data.files.map((item) => ["file", item.text, item.count]),
        ...data.symbols.map((item) => ["symbol", item.text, item.count]),
        ...data.failures.map((failure) => [failure.resolved ? "failure:resolved" : "failure", failure.text, failure.count]),
      ],
    },
  ],
  envelope: {
    view: "report",
    summary: digestHeadline,
    metrics: (data) => [
      { label: "prompts", value: data.prompts_total },
      { label: "tool calls", value: data.tool_calls },
      { label: "commands", value: data.commands_total },
      { label: "files", value: data.files_total },
      { label: "failures", value: data.failures_total },
      { label: "restarts", value: data.restarts.total },
      { label: "skipped lines", value: data.malformed_lines + data.oversized_lines },
      { label: "saved %", value: data.economy.saved_percent },
    ],
    followUp: digestFollowUp,
    truncated: (data) => data.commands.length < data.commands_total || data.files.length < data.files_total || data.failures.length < data.failures_total,
  },
});

function costHeadline(data: SessionCostData): string {
  const t = data.totals;
  return `session cost (${data.source}): ${data.turns} turns, ${t.total} tokens (input ${t.input}, cache write ${t.cache_creation}, cache read ${t.cache_read}, output ${t.output}), cache-read ratio ${data.cache_read_ratio}${skipped(data)}`;
}

export const sessionCostOutput = defineOutput<SessionCostData>({
  tool: "session-cost",
  pathKeys: [],
  text: (data) =>
    [
      costHeadline(data),
      ...(data.largest_turns.length
        ? [
            "largest turns:",
            ...data.largest_turns.map(
              (turn) =>
                `  turn ${turn.turn}${turn.timestamp ? ` ${turn.timestamp}` : ""}: ${turn.total} (input ${turn.input}, cache read ${turn.cache_read}, output ${turn.output})`,
            ),
          ]
        : []),
      ...(data.repeated_reads.length
        ? [
            `repeated reads (~${data.duplicate_read_tokens} duplicate tokens):`,
            ...data.repeated_reads.map(
              (read) => `  ${read.path} [${read.range}] x${read.reads}: ~${read.duplicate_tokens} duplicate tokens -> ${read.follow_up[0]}`,
            ),
            ...more(data.repeated_reads.length, data.repeated_reads_total),
          ]
        : []),
      ...(data.runtime.events.length
        ? [
            `runtime: ${data.runtime.events.map(counted).join(", ")}${data.runtime.max_restart_count !== null ? `; max restart_count ${data.runtime.max_restart_count}` : ""}`,
          ]
        : []),
      ...(data.loop_clusters.length ? ["loops:", ...data.loop_clusters.map((cluster) => `  ${cluster.kind} x${cluster.count}: ${cluster.text}`)] : []),
      ...(data.guardrails.length
        ? ["guardrails:", ...data.guardrails.map((guardrail) => `  ${guardrail.kind}: ${guardrail.message}\n    -> ${guardrail.action}`)]
        : ["guardrails: none"]),
    ].join("\n"),
  compact: (data) => [costHeadline(data), ...data.guardrails.map((guardrail) => `guardrail ${guardrail.kind}: ${guardrail.action}`)].join("\n"),
  tables: [
    {
      columns: ["turn", "timestamp", "total", "input", "cache_creation", "cache_read", "output"],
      rows: (data) =>
        data.largest_turns.map((turn) => [turn.turn, turn.timestamp ?? "", turn.total, turn.input, turn.cache_creation, turn.cache_read, turn.output]),
    },
  ],
  envelope: {
    view: "report",
    summary: costHeadline,
    metrics: (data) => [
      { label: "turns", value: data.turns },
      { label: "total tokens", value: data.totals.total },
      { label: "cache read tokens", value: data.totals.cache_read },
      { label: "cache-read ratio", value: data.cache_read_ratio },
      { label: "largest turn", value: data.largest_turns[0]?.total ?? null },
      { label: "duplicate read tokens", value: data.duplicate_read_tokens },
      { label: "guardrails", value: data.guardrails.length },
    ],
    followUp: (data) =>
      [...new Set([...data.guardrails.map((guardrail) => guardrail.action), ...data.repeated_reads.flatMap((read) => read.follow_up)])].slice(0, 6),
    truncated: (data) => data.repeated_reads.length < data.repeated_reads_total,
  },
});
