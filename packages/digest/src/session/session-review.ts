import { createReadStream, existsSync } from "node:fs";
import { open, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { TsiftError } from "@tsift/core/light";
import { capList } from "../cap-list";
import type { LoopCluster } from "./loop-clusters";
import { readSession } from "./read-session";
import { SessionCoster, costGuardrails, type CostGuardrail, type RepeatedRead, type SessionCost } from "./session-cost";
import { SessionDigester, type CloseoutStep, type CountedItem, type SessionDigest, type SessionFailure } from "./session-digest";
import { discoverSessions, discoverSessionsIn, isInside, type SessionCandidate, type SessionClient } from "./discover-sessions";
import type { SessionEvent, SessionReadStats, TokenUsage } from "./session-types";
import { buildNextContext, type NextContext } from "./next-context";

export interface SessionReviewOptions {
  /** A repository directory or a document inside one. */
  target: string;
  cwd?: string;
  /** Claude Code's home (default `~/.claude`). */
  claudeDir?: string;
  /** Codex's home (default `~/.codex`). */
  codexDir?: string;
  /**
   * A directory of transcripts to read instead of both homes: a Claude or Codex home is read
   * as the defaults are, any other directory for the `*.jsonl` transcripts of the target.
   */
  transcriptDir?: string;
  /** Newest matched sessions reviewed (default 5). */
  sessions?: number;
  /** Items per list (0 = all). */
  limit?: number;
}

export interface ReviewedSession {
  client: SessionClient;
  path: string;
  session_id: string | null;
  /** The transcript's own times of its first and last entry; null when it records none. */
  started: string | null;
  ended: string | null;
  /** The file's modification time (what picks the newest sessions). */
  modified: string;
  turns: number;
  total_tokens: number;
  largest_turn_total_tokens: number;
  prompts: number;
  commands: number;
  failures: number;
  malformed_lines: number;
  /** How a document target was matched: `mention` (the transcript names it) plus `cwd` when the directory matches too. */
  evidence: string[];
}

export interface ReviewCost extends TokenUsage {
  scope: "bounded_matched_sessions" | "latest_matched_session";
  prompt_side: number;
  total: number;
  cache_read_ratio: number;
  largest_turn_total_tokens: number;
  guardrails: CostGuardrail[];
}

export interface SessionReview {
  target: string;
  root: string;
  target_kind: "directory" | "document";
  candidates: number;
  matched: number;
  sessions: ReviewedSession[];
  /** Aggregate token fields over `sessions`, kept at the top level for older readers. */
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  output_tokens: number;
  aggregate_cost: ReviewCost;
  latest_session_cost: ReviewCost | null;
  latest_session: { path: string; digest: Omit<SessionDigest, "economy">; cost: Omit<SessionCost, "economy"> } | null;
  prompt_targets: CountedItem[];
  commands: CountedItem[];
  files: CountedItem[];
  symbols: CountedItem[];
  failures: SessionFailure[];
  closeout: CloseoutStep[];
  repeated_reads: RepeatedRead[];
  /** Each reviewed session's repeated prompts, command bundles and no-op commits, most repeated first. */
  loop_clusters: LoopCluster[];
  guardrails: CostGuardrail[];
  next_context: NextContext;
}

/** `agent_doc_session: <id>` from a markdown document's frontmatter, read from its first 8 KiB. */
async function frontmatterSession(path: string): Promise<string | null> {
  const handle = await open(path, "r").catch(() => null);
  if (!handle) return null;
  try {
    const buffer = Buffer.alloc(8192);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer.subarray(0, bytesRead).toString("utf8");
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
    const id = front ? /^agent_doc_session:\s*["']?([^"'\s]+)/m.exec(front)?.[1] : undefined;
    return id ?? null;
  } finally {
    await handle.close();
  }
}

/** The repository that owns a path: the nearest ancestor with `.git`, else the directory itself. */
function owningRoot(dir: string): string {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, ".git"))) return at;
    if (dirname(at) === at) return dir;
  }
}

interface Parsed {
  candidate: SessionCandidate;
  digest: SessionDigest;
  cost: SessionCost;
  stats: SessionReadStats;
  mentioned: boolean;
}

/** One pass over a transcript feeding both the digest and the cost report; a document target also watches for mentions of itself. */
async function parseCandidate(candidate: SessionCandidate, root: string, aliases: readonly string[]): Promise<Parsed> {
  const digester = new SessionDigester(root);
  const coster = new SessionCoster();
  let mentioned = false;
  const watch = (event: SessionEvent) => {
    if (mentioned || aliases.length === 0) return;
    // Only what the user asked and what tools were told: stdout that happens to name the file is no signal.
    const text =
      event.kind === "prompt" ? event.text : event.kind === "tool" ? `${event.command ?? ""} ${event.paths.join(" ")} ${event.read?.path ?? ""}` : "";
    if (text && aliases.some((alias) => text.includes(alias))) mentioned = true;
  };
  const stats = await readSession(createReadStream(candidate.path), candidate.client === "claude" ? "claude-jsonl" : "codex-jsonl", (event) => {
    digester.add(event);
    coster.add(event);
    watch(event);
  });
  return { candidate, digest: digester.finish(stats, 0), cost: coster.finish(stats, 0), stats, mentioned };
}

function tally(lists: readonly (readonly CountedItem[])[], limit: number): CountedItem[] {
  const counts = new Map<string, number>();
  for (const list of lists) for (const item of list) counts.set(item.text, (counts.get(item.text) ?? 0) + item.count);
  const sorted = [...counts].map(([text, count]) => ({ text, count })).sort((a, b) => b.count - a.count);
  return capList(sorted, limit).items;
}

function reviewCost(scope: ReviewCost["scope"], costs: readonly SessionCost[]): ReviewCost {
  const totals: TokenUsage = { input: 0, cache_creation: 0, cache_read: 0, output: 0 };
  for (const cost of costs) for (const key of ["input", "cache_creation", "cache_read", "output"] as const) totals[key] += cost.totals[key];
  const prompt = totals.input + totals.cache_creation + totals.cache_read;
  const ratio = prompt > 0 ? Math.round((totals.cache_read / prompt) * 1000) / 1000 : 0;
  const largest = costs.flatMap((cost) => cost.largest_turns);
  const reads = costs.flatMap((cost) => cost.repeated_reads).sort((a, b) => b.duplicate_tokens - a.duplicate_tokens);
  return {
    scope,
    ...totals,
    prompt_side: prompt,
    total: prompt + totals.output,
    cache_read_ratio: ratio,
    largest_turn_total_tokens: Math.max(0, ...largest.map((turn) => turn.total)),
    guardrails: costGuardrails({
      largest: Math.max(0, ...largest.map((turn) => turn.total)),
      largestPrompt: Math.max(0, ...largest.map((turn) => turn.input + turn.cache_creation + turn.cache_read)),
      prompt,
      ratio,
      restarts: costs.reduce((total, cost) => total + cost.runtime.restarts, 0),
      noopCloseouts: costs.reduce((total, cost) => total + cost.noop_closeouts, 0),
      duplicateTokens: reads.reduce((total, read) => total + read.duplicate_tokens, 0),
      topRead: reads[0],
    }),
  };
}

const strip = <T extends { economy: unknown }>(report: T): Omit<T, "economy"> => {
  const { economy: _economy, ...rest } = report;
  return rest;
};

/**
 * The newest Claude and Codex sessions related to a repository path, reviewed together:
 * the latest session's own digest and cost apart from the aggregate over the bounded set of
 * matched sessions, plus the compact packet to resume from. A document target counts a
 * transcript only when a prompt or tool input names the document.
 */
export async function sessionReview(options: SessionReviewOptions): Promise<SessionReview> {
  const target = resolve(options.cwd ?? process.cwd(), options.target);
  const info = await stat(target).catch(() => null);
  if (!info) throw new TsiftError("not_found", `session-review: ${options.target} does not exist`);
  const kind = info.isDirectory() ? "directory" : "document";
  const dir = kind === "directory" ? target : dirname(target);
  const root = owningRoot(dir);
  const limit = options.limit ?? 10;
  const wanted = options.sessions ?? 5;
  if (!Number.isInteger(wanted) || wanted < 1) throw new TsiftError("usage", `--sessions expects a whole number >= 1, got ${String(wanted)}`);
  const home = homedir();
  // A document's sessions may have run anywhere in its repository; only a mention counts them, so look at all of it.
  const scope = kind === "document" ? root : dir;
  let candidates: SessionCandidate[];
  if (options.transcriptDir !== undefined) {
    const transcriptDir = resolve(options.cwd ?? process.cwd(), options.transcriptDir);
    if ((await stat(transcriptDir).catch(() => null))?.isDirectory() !== true)
      throw new TsiftError("not_found", `transcript directory ${options.transcriptDir} does not exist or is not a directory`, {
        hint: "pass a Claude Code or Codex home, or a directory holding *.jsonl transcripts",
      });
    candidates = await discoverSessionsIn({ root, dir: scope, transcriptDir });
  } else
    candidates = await discoverSessions({
      root,
      dir: scope,
      claudeDir: options.claudeDir ?? join(home, ".claude"),
      codexDir: options.codexDir ?? join(home, ".codex"),
    });
  const aliases = kind === "document" ? [...new Set([target, relative(root, target), basename(target)])] : [];
  const docSession = kind === "document" ? await frontmatterSession(target) : null;
  const parsed: Parsed[] = [];
  let matched = 0;
  // A document review looks a little further back: not every session in the directory names the document.
  for (const candidate of candidates.slice(0, kind === "document" ? wanted * 4 : wanted)) {
    const result = await parseCandidate(candidate, root, aliases);
    // A transcript of the session the document's frontmatter names belongs to it even when it never spells the path.
    if (docSession !== null && result.digest.session_ids.includes(docSession)) result.mentioned = true;
    if (kind === "document" && !result.mentioned) continue;
    matched++;
    if (parsed.length < wanted) parsed.push(result);
  }
  if (kind === "directory") matched = candidates.length;
  const sessions: ReviewedSession[] = parsed.map(({ candidate, digest, cost, stats, mentioned }) => ({
    client: candidate.client,
    path: candidate.path,
    session_id: digest.session_ids[0] ?? null,
    started: stats.first_timestamp,
    ended: stats.last_timestamp,
    modified: new Date(candidate.mtime_ms).toISOString(),
    turns: cost.turns,
    total_tokens: cost.totals.total,
    largest_turn_total_tokens: cost.largest_turns[0]?.total ?? 0,
    prompts: digest.prompts_total,
    commands: digest.commands_total,
    failures: digest.failures_total,
    malformed_lines: digest.malformed_lines,
    evidence: kind === "document" ? [...(mentioned ? ["mention"] : []), ...(digest.cwd && isInside(digest.cwd, root) ? ["cwd"] : [])] : ["cwd"],
  }));
  const aggregate = reviewCost(
    "bounded_matched_sessions",
    parsed.map((entry) => entry.cost),
  );
  const latest = parsed[0];
  const latestCost = latest ? reviewCost("latest_matched_session", [latest.cost]) : null;
  const failures = capList(
    parsed.flatMap((entry) => entry.digest.failures).filter((failure) => !failure.resolved),
    limit,
  ).items;
  const repeatedReads = capList(
    parsed.flatMap((entry) => entry.cost.repeated_reads).sort((a, b) => b.duplicate_tokens - a.duplicate_tokens),
    limit,
  ).items;
  const review: Omit<SessionReview, "next_context"> = {
    target,
    root,
    target_kind: kind,
    candidates: candidates.length,
    matched,
    sessions,
    input_tokens: aggregate.input,
    cache_creation_input_tokens: aggregate.cache_creation,
    cache_read_input_tokens: aggregate.cache_read,
    output_tokens: aggregate.output,
    aggregate_cost: aggregate,
    latest_session_cost: latestCost,
    latest_session: latest ? { path: latest.candidate.path, digest: capDigest(strip(latest.digest), limit), cost: capCost(strip(latest.cost), limit) } : null,
    prompt_targets: latest ? capList(latest.digest.prompt_targets, limit).items : [],
    commands: tally(
      parsed.map((entry) => entry.digest.commands),
      limit,
    ),
    files: tally(
      parsed.map((entry) => entry.digest.files),
      limit,
    ),
    symbols: tally(
      parsed.map((entry) => entry.digest.symbols),
      limit,
    ),
    failures,
    closeout: latest?.digest.closeout ?? [],
    repeated_reads: repeatedReads,
    loop_clusters: capList(
      parsed.flatMap((entry) => entry.cost.loop_clusters).sort((a, b) => b.count - a.count),
      limit,
    ).items,
    guardrails: aggregate.guardrails,
  };
  return { ...review, next_context: buildNextContext(review, kind === "document" ? relative(root, target) : ".", limit) };
}

function capDigest(digest: Omit<SessionDigest, "economy">, limit: number): Omit<SessionDigest, "economy"> {
  const cap = <T>(items: T[]) => capList(items, limit).items;
  return {
    ...digest,
    prompt_targets: cap(digest.prompt_targets),
    commands: cap(digest.commands),
    files: cap(digest.files),
    symbols: cap(digest.symbols),
    failures: cap(digest.failures),
  };
}

function capCost(cost: Omit<SessionCost, "economy">, limit: number): Omit<SessionCost, "economy"> {
  return { ...cost, repeated_reads: capList(cost.repeated_reads, limit).items };
}
