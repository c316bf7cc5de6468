// Transcript lines in the clients' own record shapes, for the session tests.
import { Readable } from "node:stream";

let uuid = 0;
const base = (cwd: string, sessionId: string) => ({
  parentUuid: null,
  isSidechain: false,
  userType: "external",
  cwd,
  sessionId,
  version: "1.0.98",
  gitBranch: "main",
});
const stamp = () => `2026-05-02T10:${String(Math.floor(uuid / 60) % 60).padStart(2, "0")}:${String(uuid % 60).padStart(2, "0")}.000Z`;

/** Claude Code `~/.claude/projects/<slug>/<session>.jsonl` records. */
export const claude = {
  user(cwd: string, sessionId: string, text: string): string {
    uuid++;
    return JSON.stringify({ ...base(cwd, sessionId), type: "user", message: { role: "user", content: text }, uuid: `u-${uuid}`, timestamp: stamp() });
  },
  toolResult(cwd: string, sessionId: string, toolUseId: string, content: string, isError = false): string {
    uuid++;
    return JSON.stringify({
      ...base(cwd, sessionId),
      type: "user",
      message: { role: "user", content: [{ tool_use_id: toolUseId, type: "tool_result", content, is_error: isError }] },
      uuid: `u-${uuid}`,
      timestamp: stamp(),
    });
  },
  /** One assistant record; Claude Code writes one such record per content block, repeating `usage`. */
  assistant(
    cwd: string,
    sessionId: string,
    messageId: string,
    content: unknown[],
    usage = { input_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 5 },
  ): string {
    uuid++;
    return JSON.stringify({
      ...base(cwd, sessionId),
      type: "assistant",
      message: {
        id: messageId,
        type: "message",
        role: "assistant",
        model: "claude-sonnet-4-20250514",
        content,
        stop_reason: null,
        usage: { ...usage, service_tier: "standard" },
      },
      requestId: `req_${messageId}`,
      uuid: `a-${uuid}`,
      timestamp: stamp(),
    });
  },
  bash: (id: string, command: string) => ({ type: "tool_use", id, name: "Bash", input: { command, description: "run" } }),
  read: (id: string, filePath: string, offset?: number, limit?: number) => ({
    type: "tool_use",
    id,
    name: "Read",
    input: { file_path: filePath, ...(offset ? { offset } : {}), ...(limit ? { limit } : {}) },
  }),
  edit: (id: string, filePath: string) => ({ type: "tool_use", id, name: "Edit", input: { file_path: filePath, old_string: "a", new_string: "b" } }),
  text: (text: string) => ({ type: "text", text }),
  summary: (text: string) => JSON.stringify({ type: "summary", summary: text, leafUuid: "leaf-1" }),
};

/** Codex `~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl` records. */
export const codex = {
  meta: (cwd: string, id: string) =>
    JSON.stringify({
      timestamp: "2026-05-02T09:00:00.000Z",
      type: "session_meta",
      payload: { id, timestamp: "2026-05-02T09:00:00.000Z", cwd, originator: "codex_cli_rs", cli_version: "0.46.0" },
    }),
  user: (text: string) =>
    JSON.stringify({
      timestamp: "2026-05-02T09:00:01.000Z",
      type: "response_item",
      payload: { type: "message", role: "user", content: [{ type: "input_text", text }] },
    }),
  shell: (callId: string, command: string) =>
    JSON.stringify({
      timestamp: "2026-05-02T09:00:02.000Z",
      type: "response_item",
      payload: { type: "function_call", name: "shell", arguments: JSON.stringify({ command: ["bash", "-lc", command], workdir: "/repo" }), call_id: callId },
    }),
  output: (callId: string, output: string, exitCode: number) =>
    JSON.stringify({
      timestamp: "2026-05-02T09:00:03.000Z",
      type: "response_item",
      payload: { type: "function_call_output", call_id: callId, output: JSON.stringify({ output, metadata: { exit_code: exitCode, duration_seconds: 0.5 } }) },
    }),
  tokens: (total: Usage, last?: Usage) =>
    JSON.stringify({
      timestamp: "2026-05-02T09:00:04.000Z",
      type: "event_msg",
      payload: {
        type: "token_count",
        info: { total_token_usage: full(total), ...(last ? { last_token_usage: full(last) } : {}), model_context_window: 272000 },
      },
    }),
};

interface Usage {
  input_tokens: number;
  cached_input_tokens: number;
  output_tokens: number;
}
const full = (usage: Usage) => ({ ...usage, reasoning_output_tokens: 0, total_tokens: usage.input_tokens + usage.output_tokens });

/** A stream of the lines, cut into small chunks so records straddle chunk boundaries. */
export function streamOf(lines: readonly string[], trailingNewline = true, chunk = 7919): Readable {
  const text = lines.join("\n") + (trailingNewline ? "\n" : "");
  const chunks: string[] = [];
  for (let at = 0; at < text.length; at += chunk) chunks.push(text.slice(at, at + chunk));
  return Readable.from(chunks);
}
