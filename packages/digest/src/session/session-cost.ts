import { capList } from "../cap-list";
import { shellArg } from "@tsift/core/light";
import { withEconomy, type DigestEconomy } from "../digest-economy";
import { BoundedCounter } from "./bounded-counter";
import { LoopTracker, type LoopCluster } from "./loop-clusters";
import { readSession } from "./read-session";
import { RestartTally } from "./restart-tally";
import type { FileRead, SessionEvent, SessionReadStats, SessionSourceChoice, TokenUsage } from "./session-types";

/** Deterministic estimate of the tokens one source line costs in a tool result. */
export const TOKENS_PER_LINE = 12;
/** A prompt side (input + cache writes + cache reads) above this in one turn is an oversized turn. */
export const PROMPT_TURN_LIMIT = 150_000;
/** Cache reads above this share of the prompt side, over at least `CACHED_RESEND_MIN` tokens, are mostly resent context. */
export const CACHED_RESEND_RATIO = 0.9;
export const CACHED_RESEND_MIN = 2_000_000;
/** Restart or compaction events from this many on are a restart loop. */
export const RESTART_LOOP_MIN = 3;
/** Duplicate read tokens from this many on are worth a guardrail. */
export const DUPLICATE_READ_MIN = 5_000;
/** Commits with nothing to commit from this many on are no-op closeout churn. */
export const NOOP_CLOSEOUT_MIN = 3;

export interface TurnCost extends TokenUsage {
  turn: number;
  timestamp: string | null;
  total: number;
}

export interface RepeatedRead {
  path: string;
  range: string;
  reads: number;
  estimated_tokens: number;
  duplicate_tokens: number;
  follow_up: string[];
}

export interface CostGuardrail {
  kind: "prompt_budget" | "cached_resend" | "restart_loop" | "noop_closeout" | "repeated_reads";
  message: string;
  action: string;
}

export interface SessionCost {
  source: SessionReadStats["source"];
  lines: number;
  malformed_lines: number;
  oversized_lines: number;
  turns: number;
  totals: TokenUsage & { prompt_side: number; total: number };
  /** Cache reads over the prompt side (input + cache writes + cache reads), 0–1, three decimals. */
  cache_read_ratio: number;
  largest_turns: TurnCost[];
  repeated_reads: RepeatedRead[];
  repeated_reads_total: number;
  duplicate_read_tokens: number;
  runtime: { events: { text: string; count: number }[]; restarts: number; max_restart_count: number | null };
  /** Repeated prompts, repeated command bundles between prompts, no-op commits. */
  loop_clusters: LoopCluster[];
  /** Commits that found nothing to commit (log retries counted once per cycle). */
  noop_closeouts: number;
  guardrails: CostGuardrail[];
  economy: DigestEconomy;
}

export interface SessionCostOptions {
  source?: SessionSourceChoice;
  limit?: number;
}

const promptSide = (usage: TokenUsage) => usage.input + usage.cache_creation + usage.cache_read;
const sum = (usage: TokenUsage) => promptSide(usage) + usage.output;

/** Accumulates token totals, the heaviest turns, repeated file reads and churn from session events. */
export class SessionCoster {
  private readonly totals: TokenUsage = { input: 0, cache_creation: 0, cache_read: 0, output: 0 };
  private turns = 0;
  private lastTurn: TurnCost | null = null;
  private largest: TurnCost[] = [];
  private readonly reads = new BoundedCounter<{ path: string; range: string; tokens: number }>();
  private readonly pendingReads = new Map<string, FileRead>();
  private readonly runtime = new BoundedCounter<object>();
  private readonly restarts = new RestartTally();
  private cwd: string | null = null;
  private readonly loops = new LoopTracker();

  constructor(private readonly keep = 5) {}

  add(event: SessionEvent): void {
    this.loops.add(event);
    if (event.kind === "meta" && event.cwd && this.cwd === null) this.cwd = event.cwd;
    else if (event.kind === "usage") this.usage(event.usage, event.timestamp ?? null, event.replaces_previous === true);
    else if (event.kind === "tool" && event.read) {
      if (event.call_id && event.read.lines === undefined && this.pendingReads.size < 1000) this.pendingReads.set(event.call_id, event.read);
      else this.read(event.read, event.read.lines ?? 50);
    } else if (event.kind === "result" && event.call_id) {
      const read = this.pendingReads.get(event.call_id);
      if (read) {
        this.pendingReads.delete(event.call_id);
        this.read(read, countLines(event.text));
      }
    } else if (event.kind === "runtime") {
      this.runtime.add(event.event, {});
      this.restarts.add(event);
    }
  }

  private usage(usage: TokenUsage, timestamp: string | null, replaces: boolean): void {
    if (replaces && this.lastTurn) {
      for (const key of ["input", "cache_creation", "cache_read", "output"] as const) {
        this.totals[key] += usage[key] - this.lastTurn[key];
        this.lastTurn[key] = usage[key];
      }
      this.lastTurn.total = sum(usage);
      this.rank(this.lastTurn);
      return;
    }
    this.turns++;
    for (const key of ["input", "cache_creation", "cache_read", "output"] as const) this.totals[key] += usage[key];
    this.lastTurn = { turn: this.turns, timestamp, ...usage, total: sum(usage) };
    this.rank(this.lastTurn);
  }

  private rank(turn: TurnCost): void {
    if (!this.largest.includes(turn)) this.largest.push(turn);
    this.largest.sort((a, b) => b.total - a.total || a.turn - b.turn);
    if (this.largest.length > this.keep) this.largest.length = this.keep;
  }

  private read(read: FileRead, lines: number): void {
    // Relative to the session's directory, so a native Read (absolute) and a shell read (relative) of one file group together.
    const path = this.cwd && read.path.startsWith(`${this.cwd}/`) ? read.path.slice(this.cwd.length + 1) : read.path;
    const key = `${path}#${read.range}`;
    const tokens = Math.max(1, lines) * TOKENS_PER_LINE;
    const entry = this.reads.add(key, { path, range: read.range, tokens });
    if (entry && entry.count > 1) entry.value.tokens += tokens;
  }

  finish(stats: SessionReadStats, limit: number): SessionCost {
    const prompt = promptSide(this.totals);
    const ratio = prompt > 0 ? Math.round((this.totals.cache_read / prompt) * 1000) / 1000 : 0;
    const repeated = this.reads
      .byCount()
      .filter((entry) => entry.count > 1)
      .map((entry) => {
        const perRead = Math.round(entry.value.tokens / entry.count);
        const { path, range } = entry.value;
        const window = /^(\d+)-(\d+)?$/.exec(range);
        const sourceRead = `tsift source-read ${shellArg(path)}${window ? ` --start ${window[1]}${window[2] ? ` --lines ${Number(window[2]) - Number(window[1]) + 1}` : ""}` : ""} --budget normal`;
        return {
          path,
          range,
          reads: entry.count,
          estimated_tokens: entry.value.tokens,
          duplicate_tokens: entry.value.tokens - perRead,
          follow_up: [sourceRead, `tsift summarize --file ${shellArg(path)}`],
        };
      })
      .sort((a, b) => b.duplicate_tokens - a.duplicate_tokens || a.path.localeCompare(b.path) || a.range.localeCompare(b.range));
    const duplicateTokens = repeated.reduce((total, read) => total + read.duplicate_tokens, 0);
    const capped = capList(repeated, limit);
    const report = {
      source: stats.source,
      lines: stats.lines,
      malformed_lines: stats.malformed_lines,
      oversized_lines: stats.oversized_lines,
      turns: this.turns,
      totals: { ...this.totals, prompt_side: prompt, total: prompt + this.totals.output },
      cache_read_ratio: ratio,
      largest_turns: this.largest.map((turn) => ({ ...turn })),
      repeated_reads: capped.items,
      repeated_reads_total: capped.total,
      duplicate_read_tokens: duplicateTokens,
      runtime: {
        events: capList(
          this.runtime.byCount().map((entry) => ({ text: entry.key, count: entry.count })),
          limit,
        ).items,
        restarts: this.restarts.total,
        max_restart_count: this.restarts.maxRestartCount,
      },
      loop_clusters: capList(this.loops.finish(), limit).items,
      noop_closeouts: this.loops.noopCloseouts,
      guardrails: costGuardrails({
        largest: this.largest[0]?.total ?? 0,
        largestPrompt: Math.max(0, ...this.largest.map(promptSide)),
        prompt,
        ratio,
        restarts: this.restarts.total,
        noopCloseouts: this.loops.noopCloseouts,
        duplicateTokens,
        topRead: repeated[0],
      }),
    };
    return withEconomy(stats.input_bytes, report);
  }
}

function countLines(text: string): number {
  let lines = text === "" ? 0 : 1;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) lines++;
  return lines;
}

interface GuardrailFacts {
  largest: number;
  largestPrompt: number;
  prompt: number;
  ratio: number;
  restarts: number;
  noopCloseouts: number;
  duplicateTokens: number;
  topRead: RepeatedRead | undefined;
}

/** Budget risks with what to do about each, in priority order. */
export function costGuardrails(facts: GuardrailFacts): CostGuardrail[] {
  const guardrails: CostGuardrail[] = [];
  if (facts.largestPrompt > PROMPT_TURN_LIMIT)
    guardrails.push({
      kind: "prompt_budget",
      message: `a turn sent ${facts.largestPrompt} prompt tokens (over ${PROMPT_TURN_LIMIT})`,
      action: "compact the session (/compact) or restart it with a bounded handoff: tsift --envelope session-review . --next-context --budget normal",
    });
  if (facts.prompt >= CACHED_RESEND_MIN && facts.ratio >= CACHED_RESEND_RATIO)
    guardrails.push({
      kind: "cached_resend",
      message: `${Math.round(facts.ratio * 1000) / 10}% of ${facts.prompt} prompt tokens were cached context resent each turn`,
      action: "start a fresh session from a compact packet instead of continuing: tsift --envelope context-pack . --budget normal",
    });
  if (facts.restarts >= RESTART_LOOP_MIN)
    guardrails.push({
      kind: "restart_loop",
      message: `${facts.restarts} restarts, resumes or compactions`,
      action: "stop restarting on the same context; resume from tsift --envelope session-review . --next-context --budget normal",
    });
  if (facts.noopCloseouts >= NOOP_CLOSEOUT_MIN)
    guardrails.push({
      kind: "noop_closeout",
      message: `${facts.noopCloseouts} commits found nothing to commit`,
      action: "check what is already committed before closing out again: git status --short && tsift --envelope diff-digest --budget normal",
    });
  if (facts.duplicateTokens >= DUPLICATE_READ_MIN && facts.topRead)
    guardrails.push({
      kind: "repeated_reads",
      message: `about ${facts.duplicateTokens} tokens went to re-reading the same file ranges`,
      action: facts.topRead.follow_up[0] as string,
    });
  return guardrails;
}

/** A transcript (stream) as a bounded cost report. */
export async function sessionCost(input: AsyncIterable<string | Buffer> | NodeJS.ReadableStream, options: SessionCostOptions = {}): Promise<SessionCost> {
  const coster = new SessionCoster();
  const stats = await readSession(input, options.source ?? "auto", (event) => coster.add(event));
  return coster.finish(stats, options.limit ?? 10);
}
