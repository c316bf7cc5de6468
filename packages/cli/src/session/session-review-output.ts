import type { NextContext, ReviewCost, SessionReview } from "@tsift/digest";
import { defineOutput } from "../output/output-spec";

export type SessionReviewData = SessionReview;
export type NextContextData = { target: string; sessions: number } & NextContext;

const costLine = (label: string, cost: ReviewCost) =>
  `${label}: ${cost.total} tokens (input ${cost.input}, cache write ${cost.cache_creation}, cache read ${cost.cache_read}, output ${cost.output}), cache-read ratio ${cost.cache_read_ratio}, largest turn ${cost.largest_turn_total_tokens}`;

/** When a session ran, from its transcript's own first and last entry; the file's modification time only when the transcript records none. */
function sessionTime(session: SessionReviewData["sessions"][number]): string {
  if (session.started === null || session.ended === null) return `${session.modified} (file modified)`;
  return session.started === session.ended ? session.started : `${session.started}..${session.ended}`;
}

function headline(data: SessionReviewData): string {
  return `session review of ${data.target} (${data.target_kind}): ${data.sessions.length} of ${data.matched} matched sessions reviewed (${data.candidates} candidates)`;
}

function costLines(data: SessionReviewData): string[] {
  return [
    ...(data.latest_session_cost ? [costLine("latest session tokens", data.latest_session_cost)] : []),
    costLine(`aggregate tokens over ${data.sessions.length} sessions`, data.aggregate_cost),
  ];
}

export const sessionReviewOutput = defineOutput<SessionReviewData>({
  tool: "session-review",
  pathKeys: [],
  text: (data) => {
    const lines = [headline(data)];
    if (data.sessions.length === 0) {
      lines.push("no matching Claude or Codex sessions (see --claude-dir / --codex-dir)");
      return lines.join("\n");
    }
    lines.push("sessions (newest first):");
    for (const session of data.sessions)
      lines.push(
        `  ${sessionTime(session)} ${session.client} ${session.session_id ?? "?"}: ${session.turns} turns, ${session.total_tokens} tokens (largest turn ${session.largest_turn_total_tokens}), ${session.prompts} prompts, ${session.commands} commands, ${session.failures} failures  ${session.path}`,
      );
    lines.push(...costLines(data));
    if (data.prompt_targets.length) lines.push("latest prompt targets:", ...data.prompt_targets.map((item) => `  ${item.text}`));
    if (data.commands.length) lines.push(`commands: ${data.commands.map((item) => (item.count > 1 ? `${item.text} (x${item.count})` : item.text)).join("; ")}`);
    if (data.files.length) lines.push(`files: ${data.files.map((item) => item.text).join(", ")}`);
    lines.push(data.failures.length ? `unresolved failures:\n${data.failures.map((failure) => `  ${failure.text}`).join("\n")}` : "unresolved failures: none");
    if (data.closeout.length) lines.push(`latest closeout: ${data.closeout.map((step) => `${step.kind} ${step.last_status}`).join(", ")}`);
    if (data.repeated_reads.length)
      lines.push(
        "repeated reads:",
        ...data.repeated_reads.map(
          (read) => `  ${read.path} [${read.range}] x${read.reads}: ~${read.duplicate_tokens} duplicate tokens -> ${read.follow_up[0]}`,
        ),
      );
    if (data.loop_clusters.length) lines.push("loops:", ...data.loop_clusters.map((cluster) => `  ${cluster.kind} x${cluster.count}: ${cluster.text}`));
    lines.push(
      data.guardrails.length
        ? `guardrails:\n${data.guardrails.map((guardrail) => `  ${guardrail.kind}: ${guardrail.message}\n    -> ${guardrail.action}`).join("\n")}`
        : "guardrails: none",
    );
    return lines.join("\n");
  },
  compact: (data) => [headline(data), ...costLines(data), ...data.failures.map((failure) => `failure: ${failure.text}`)].join("\n"),
  tables: [
    {
      columns: ["started", "ended", "client", "session_id", "turns", "total_tokens", "largest_turn_total_tokens", "failures", "path"],
      rows: (data) =>
        data.sessions.map((session) => [
          session.started ?? "",
          session.ended ?? "",
          session.client,
          session.session_id ?? "",
          session.turns,
          session.total_tokens,
          session.largest_turn_total_tokens,
          session.failures,
          session.path,
        ]),
    },
  ],
  envelope: {
    view: "report",
    summary: headline,
    metrics: (data) => [
      { label: "sessions", value: data.sessions.length },
      { label: "matched", value: data.matched },
      { label: "aggregate tokens", value: data.aggregate_cost.total },
      { label: "latest session tokens", value: data.latest_session_cost?.total ?? null },
      { label: "latest largest turn", value: data.latest_session_cost?.largest_turn_total_tokens ?? null },
      { label: "unresolved failures", value: data.failures.length },
      { label: "guardrails", value: data.guardrails.length },
    ],
    followUp: (data) => [...data.next_context.next_token_actions, ...data.next_context.next_commands].slice(0, 6),
    truncated: () => false,
  },
});

function nextHeadline(data: NextContextData): string {
  return `resume ${data.target} from ${data.sessions} session${data.sessions === 1 ? "" : "s"}: ${data.prompt_targets.length} prompt targets, ${data.unresolved_failures.length} unresolved`;
}

export const nextContextOutput = defineOutput<NextContextData>({
  tool: "session-review",
  pathKeys: [],
  text: (data) =>
    [
      nextHeadline(data),
      ...(data.prompt_targets.length ? ["prompt targets:", ...data.prompt_targets.map((text) => `  ${text}`)] : []),
      ...(data.closeout.length ? [`closeout: ${data.closeout.map((step) => `${step.kind} ${step.status} (${step.command})`).join("; ")}`] : ["closeout: none"]),
      ...(data.files.length ? [`files: ${data.files.join(", ")}`] : []),
      ...(data.symbols.length ? [`symbols: ${data.symbols.join(", ")}`] : []),
      ...(data.unresolved_failures.length
        ? ["unresolved:", ...data.unresolved_failures.map((failure) => `  [${failure.kind}] ${failure.text}`)]
        : ["unresolved: none"]),
      ...(data.next_token_actions.length ? ["next token actions:", ...data.next_token_actions.map((action) => `  ${action}`)] : []),
      "next:",
      ...data.next_commands.map((command) => `  ${command}`),
    ].join("\n"),
  tables: [
    {
      columns: ["kind", "text"],
      rows: (data) => [
        ...data.prompt_targets.map((text) => ["prompt", text]),
        ...data.files.map((text) => ["file", text]),
        ...data.unresolved_failures.map((failure) => [failure.kind, failure.text]),
        ...data.next_commands.map((text) => ["next", text]),
      ],
    },
  ],
  envelope: {
    view: "report",
    summary: nextHeadline,
    metrics: (data) => [
      { label: "sessions", value: data.sessions },
      { label: "prompt targets", value: data.prompt_targets.length },
      { label: "unresolved", value: data.unresolved_failures.length },
    ],
    followUp: (data) => [...data.next_token_actions, ...data.next_commands].slice(0, 6),
    truncated: () => false,
  },
});
