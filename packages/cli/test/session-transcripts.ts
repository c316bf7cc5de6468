// Transcripts in Claude Code's and Codex's own record shapes, written by the session command tests.
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

let n = 0;
const head = (cwd: string, sessionId: string) => ({
  parentUuid: null,
  isSidechain: false,
  userType: "external",
  cwd,
  sessionId,
  version: "1.0.98",
  uuid: `r-${++n}`,
  timestamp: `2026-05-02T10:00:${String(n % 60).padStart(2, "0")}.000Z`,
});

export const claudeUser = (cwd: string, sid: string, text: string) =>
  JSON.stringify({ ...head(cwd, sid), type: "user", message: { role: "user", content: text } });

export const claudeResult = (cwd: string, sid: string, id: string, content: string, isError = false) =>
  JSON.stringify({
    ...head(cwd, sid),
    type: "user",
    message: { role: "user", content: [{ tool_use_id: id, type: "tool_result", content, is_error: isError }] },
  });

export function claudeTool(
  cwd: string,
  sid: string,
  messageId: string,
  block: Record<string, unknown>,
  usage: [number, number, number, number] = [10, 0, 0, 5],
) {
  const [input, creation, read, output] = usage;
  return JSON.stringify({
    ...head(cwd, sid),
    type: "assistant",
    message: {
      id: messageId,
      type: "message",
      role: "assistant",
      model: "claude-sonnet-4-20250514",
      content: [block],
      usage: { input_tokens: input, cache_creation_input_tokens: creation, cache_read_input_tokens: read, output_tokens: output },
    },
  });
}

export const bash = (id: string, command: string) => ({ type: "tool_use", id, name: "Bash", input: { command } });
export const readTool = (id: string, path: string) => ({ type: "tool_use", id, name: "Read", input: { file_path: path } });

export const codexMeta = (cwd: string, id: string) =>
  JSON.stringify({ timestamp: "2026-05-02T09:00:00Z", type: "session_meta", payload: { id, cwd, originator: "codex_cli_rs", cli_version: "0.46.0" } });
export const codexUser = (text: string) =>
  JSON.stringify({
    timestamp: "2026-05-02T09:00:01Z",
    type: "response_item",
    payload: { type: "message", role: "user", content: [{ type: "input_text", text }] },
  });
export const codexShell = (callId: string, command: string) =>
  JSON.stringify({
    timestamp: "2026-05-02T09:00:02Z",
    type: "response_item",
    payload: { type: "function_call", name: "shell", arguments: JSON.stringify({ command: ["bash", "-lc", command] }), call_id: callId },
  });
export const codexOutput = (callId: string, output: string, exit: number) =>
  JSON.stringify({
    timestamp: "2026-05-02T09:00:03Z",
    type: "response_item",
    payload: { type: "function_call_output", call_id: callId, output: JSON.stringify({ output, metadata: { exit_code: exit } }) },
  });
export function codexTokens(total: [number, number, number], last?: [number, number, number]) {
  const usage = ([input, cached, output]: [number, number, number]) => ({
    input_tokens: input,
    cached_input_tokens: cached,
    output_tokens: output,
    reasoning_output_tokens: 0,
    total_tokens: input + output,
  });
  return JSON.stringify({
    timestamp: "2026-05-02T09:00:04Z",
    type: "event_msg",
    payload: { type: "token_count", info: { total_token_usage: usage(total), ...(last ? { last_token_usage: usage(last) } : {}) } },
  });
}

/** Writes a transcript (a trailing newline unless the last line is meant truncated) with a chosen age. */
export function writeTranscript(path: string, lines: readonly string[], minutesAgo = 0, trailingNewline = true): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, lines.join("\n") + (trailingNewline ? "\n" : ""));
  const at = new Date(Date.UTC(2026, 4, 2, 12, 0) - minutesAgo * 60_000);
  utimesSync(path, at, at);
  return path;
}
