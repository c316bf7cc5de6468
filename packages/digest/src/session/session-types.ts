/** Transcript formats a session reader understands; `auto` picks one from the first lines. */
export const SESSION_SOURCES = ["auto", "markdown", "claude-jsonl", "codex-jsonl", "log"] as const;
export type SessionSourceChoice = (typeof SESSION_SOURCES)[number];
export type SessionSource = Exclude<SessionSourceChoice, "auto">;

/** Token counts normalised across clients: `input` excludes cached reads and cache writes. */
export interface TokenUsage {
  input: number;
  cache_creation: number;
  cache_read: number;
  output: number;
}

/**
 * One normalised thing that happened in a session. Parsers emit these one at a time so a
 * transcript of any length is read in bounded memory.
 */
export type SessionEvent =
  | { kind: "meta"; cwd?: string; session_id?: string; timestamp?: string }
  | { kind: "prompt"; text: string }
  | { kind: "assistant"; text: string }
  /** A tool call; `call_id` pairs it with its result. */
  | { kind: "tool"; name: string; call_id?: string; command?: string; read?: FileRead; paths: string[] }
  | { kind: "result"; call_id?: string; text: string; is_error: boolean; exit_code?: number }
  /** One model turn's usage; `replaces_previous` when the client re-logged the same turn. */
  | { kind: "usage"; usage: TokenUsage; timestamp?: string; replaces_previous?: boolean }
  /** Harness churn: compaction summaries, resumed sessions, restarts, aborted turns. */
  | { kind: "runtime"; event: string; restart_count?: number }
  /** A plain line of a markdown document or runtime log. */
  | { kind: "line"; text: string };

/** A read of a source file by a tool (native `Read` or a shell `sed`/`cat`/`head`/`tail`). */
export interface FileRead {
  path: string;
  /** `1-80`, `head:20`, `tail:40`, or `all`. */
  range: string;
  /** Lines the range names, when it names them. */
  lines?: number;
}

/** What the reader skipped instead of failing on. */
export interface SessionReadStats {
  source: SessionSource;
  lines: number;
  /** Lines that were not valid JSON (a truncated last line counts here). */
  malformed_lines: number;
  /** Lines longer than the per-line cap, skipped unparsed. */
  oversized_lines: number;
  input_bytes: number;
  /** The transcript's own time of its first and last entry (a Claude or Codex record's `timestamp`); null when it records none. */
  first_timestamp: string | null;
  last_timestamp: string | null;
}
