import { shellArg } from "@tsift/core/light";
import type { CostGuardrail } from "./session-cost";
import type { CloseoutStep, CountedItem, SessionFailure } from "./session-digest";
import type { SessionReview } from "./session-review";

export interface NextContextFailure {
  /** `command` for a command's failure, `error` for other evidence, `guardrail:<kind>` for a budget warning. */
  kind: string;
  text: string;
}

/** The compact packet to resume from: what was asked, where it stands, what is still broken, what to run next. */
export interface NextContext {
  prompt_targets: string[];
  closeout: { kind: string; status: string; command: string }[];
  files: string[];
  symbols: string[];
  unresolved_failures: NextContextFailure[];
  next_token_actions: string[];
  next_commands: string[];
}

const GUARDRAIL_ORDER: readonly CostGuardrail["kind"][] = ["prompt_budget", "cached_resend", "restart_loop", "noop_closeout", "repeated_reads"];

/** Builds the `--next-context` packet from the review's latest session and guardrails. */
export function buildNextContext(
  review: Pick<SessionReview, "prompt_targets" | "closeout" | "files" | "symbols" | "failures" | "guardrails" | "latest_session"> & { target_kind: string },
  target: string,
  limit: number,
): NextContext {
  const cap = <T>(items: readonly T[]) => (limit === 0 ? [...items] : items.slice(0, limit));
  const latest = review.latest_session?.digest;
  const files: CountedItem[] = latest?.files ?? review.files;
  const symbols: CountedItem[] = latest?.symbols ?? review.symbols;
  const failures: SessionFailure[] = review.failures;
  const guardrails = [...review.guardrails].sort((a, b) => GUARDRAIL_ORDER.indexOf(a.kind) - GUARDRAIL_ORDER.indexOf(b.kind));
  const closeout = review.closeout.map((step: CloseoutStep) => ({ kind: step.kind, status: step.last_status, command: step.last_command }));
  const arg = shellArg(target);
  const actions = guardrails.map((guardrail) => guardrail.action);
  const commands = [`tsift --envelope session-review ${arg} --next-context --budget normal`, `tsift --envelope context-pack ${arg} --budget normal`];
  if (closeout.some((step) => step.status === "failed")) commands.push(`tsift --envelope diff-digest --budget normal`);
  return {
    prompt_targets: cap(review.prompt_targets.map((item) => item.text)),
    closeout,
    files: cap(files.map((item) => item.text)),
    symbols: cap(symbols.map((item) => item.text)),
    unresolved_failures: [
      ...cap(failures.map((failure) => ({ kind: failure.command ? "command" : "error", text: failure.text }))),
      ...guardrails.map((guardrail) => ({ kind: `guardrail:${guardrail.kind}`, text: guardrail.message })),
    ],
    next_token_actions: [...new Set(actions)],
    next_commands: commands,
  };
}
