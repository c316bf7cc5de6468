import { ClaudeParser } from "./parse-claude";
import { CodexParser } from "./parse-codex";
import { readLines, type LineCounters } from "./read-lines";
import type { SessionEvent, SessionReadStats, SessionSource, SessionSourceChoice } from "./session-types";

const CLAUDE_TYPES = new Set(["user", "assistant", "summary", "system"]);
const CODEX_TYPES = new Set(["session_meta", "response_item", "event_msg", "turn_context", "compacted"]);
const RUNTIME_LINE = /\b(?:event=\S|session[ _](?:start|restart|exit|timeout)|fresh_restart|auto_trigger_timeout|restart_count=)/;
/** Lines looked at before `auto` decides. */
const DETECT_LINES = 50;

function parseRecord(line: string): Record<string, unknown> | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith("{")) return null;
  try {
    const value = JSON.parse(trimmed) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The format of a transcript from its first lines: JSONL record types first, then runtime-log events, else markdown. */
export function detectSessionSource(lines: readonly string[]): SessionSource {
  let runtime = 0;
  for (const line of lines) {
    const record = parseRecord(line);
    if (record) {
      if (CODEX_TYPES.has(String(record.type))) return "codex-jsonl";
      if (CLAUDE_TYPES.has(String(record.type)) && ("message" in record || "sessionId" in record || record.type === "summary")) return "claude-jsonl";
    } else if (RUNTIME_LINE.test(line)) runtime++;
  }
  return runtime > 0 ? "log" : "markdown";
}

type LineParser = (line: string, stats: SessionReadStats) => SessionEvent[];

/** Records an entry's own time as the session's first (once) and last (every time). */
function noteTime(stats: SessionReadStats, value: unknown): void {
  if (typeof value !== "string" || value === "" || Number.isNaN(Date.parse(value))) return;
  stats.first_timestamp ??= value;
  stats.last_timestamp = value;
}

function jsonlParser(parser: ClaudeParser | CodexParser): LineParser {
  return (line, stats) => {
    if (line.trim() === "") return [];
    const record = parseRecord(line);
    if (!record) {
      stats.malformed_lines++;
      return [];
    }
    noteTime(stats, record.timestamp);
    return parser.parse(record);
  };
}

const SHELL_FENCE = /^\s*```(?:bash|sh|shell|console|zsh|terminal)?\s*$/;

/** Markdown session documents: `$ cmd` lines and shell fences are commands, `## User` sections and `do [#id]` / slash-command lines are prompts. */
function markdownParser(): LineParser {
  let fence: "shell" | "other" | null = null;
  let inUser = false;
  return (line) => {
    const fenceOpen = /^\s*```/.test(line);
    if (fenceOpen) {
      fence = fence ? null : SHELL_FENCE.test(line) ? "shell" : "other";
      return [];
    }
    if (fence === "other") return [];
    if (fence === "shell") {
      const command = line.replace(/^\s*\$\s+/, "").trim();
      return command && !command.startsWith("#") ? [{ kind: "tool", name: "shell", command, paths: [] }] : [];
    }
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      inUser = /^(?:user|prompt|human|request)\b/i.test((heading[1] as string).trim());
      return [];
    }
    const dollar = /^\s*\$\s+(\S.*)$/.exec(line);
    if (dollar) return [{ kind: "tool", name: "shell", command: (dollar[1] as string).trim(), paths: [] }];
    const events: SessionEvent[] = [{ kind: "line", text: line }];
    if (inUser || /^\s*(?:[-*]\s+)?(?:do \[#[\w-]+\]|\/[a-z][\w-]*\b)/.test(line)) events.push({ kind: "prompt", text: line });
    return events;
  };
}

/** Runtime logs: every line is a line; `event=X` fields, restart/timeout words and `restart_count=N` are runtime churn. */
function logParser(): LineParser {
  return (line) => {
    const events: SessionEvent[] = [{ kind: "line", text: line }];
    const field = /\bevent=([\w.:-]+)/.exec(line);
    const word = field
      ? null
      : /\b(fresh_restart|auto_trigger_timeout|ctrl_d_restart|quit_after_eof|session[ _]restart|session[ _]start|session[ _]timeout|session[ _]exit|continue)\b/.exec(
          line,
        );
    const count = /\brestart_count=(\d+)/.exec(line);
    // A line that reports only the counter is a restart all the same.
    const event = (field?.[1] ?? word?.[1])?.replace(" ", "_") ?? (count ? "restart_count" : undefined);
    if (event) events.push({ kind: "runtime", event, ...(count ? { restart_count: Number(count[1]) } : {}) });
    return events;
  };
}

function parserFor(source: SessionSource): LineParser {
  if (source === "claude-jsonl") return jsonlParser(new ClaudeParser());
  if (source === "codex-jsonl") return jsonlParser(new CodexParser());
  if (source === "log") return logParser();
  return markdownParser();
}

/**
 * Streams a transcript through the parser for its format, handing each event to `onEvent`.
 * Nothing but the first `DETECT_LINES` lines (for `auto`) and the current line is held, so
 * memory stays bounded; malformed and oversized lines are counted, never fatal.
 */
export async function readSession(
  input: AsyncIterable<string | Buffer> | NodeJS.ReadableStream,
  source: SessionSourceChoice,
  onEvent: (event: SessionEvent) => void,
): Promise<SessionReadStats> {
  const counters: LineCounters = { bytes: 0, oversized: 0 };
  const stats: SessionReadStats = {
    source: source === "auto" ? "markdown" : source,
    lines: 0,
    malformed_lines: 0,
    oversized_lines: 0,
    input_bytes: 0,
    first_timestamp: null,
    last_timestamp: null,
  };
  let parse: LineParser | null = source === "auto" ? null : parserFor(source);
  const head: string[] = [];
  const feed = (line: string) => {
    for (const event of (parse as LineParser)(line, stats)) onEvent(event);
  };
  for await (const line of readLines(input, counters)) {
    stats.lines++;
    if (parse) {
      feed(line);
      continue;
    }
    head.push(line);
    if (head.length < DETECT_LINES) continue;
    stats.source = detectSessionSource(head);
    parse = parserFor(stats.source);
    for (const held of head.splice(0)) feed(held);
  }
  if (!parse) {
    stats.source = detectSessionSource(head);
    parse = parserFor(stats.source);
    for (const held of head.splice(0)) feed(held);
  }
  stats.oversized_lines = counters.oversized;
  stats.lines += counters.oversized;
  stats.input_bytes = counters.bytes;
  return stats;
}
