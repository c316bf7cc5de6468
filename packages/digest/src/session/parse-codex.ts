import type { SessionEvent, TokenUsage } from "./session-types";
import { shellFileReads } from "./shell-reads";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const str = (value: unknown) => (typeof value === "string" ? value : undefined);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The shell line of a Codex tool call: `shell` takes an argv (`["bash","-lc","…"]`), `exec_command` a `cmd` string. */
function commandOf(args: Json): string | undefined {
  const command = args.command ?? args.cmd;
  if (typeof command === "string") return command;
  if (Array.isArray(command) && command.every((word) => typeof word === "string")) {
    const argv = command as string[];
    if (argv.length >= 3 && /(?:^|\/)(?:ba|z|)sh$/.test(argv[0] as string) && /^-l?c$/.test(argv[1] as string)) return argv.slice(2).join(" ");
    return argv.join(" ");
  }
  return undefined;
}

/** Files an `apply_patch` body adds, updates or deletes. */
function patchPaths(patch: string): string[] {
  return [...patch.matchAll(/^\*\*\* (?:Add|Update|Delete) File: (.+)$/gm)].map((match) => (match[1] as string).trim());
}

/** Codex `function_call_output.output`: JSON `{output, metadata.exit_code}` in older rollouts, plain text with `Exit code: N` in newer ones. */
function outputOf(raw: unknown): { text: string; exit?: number } {
  const text = typeof raw === "string" ? raw : isObject(raw) ? String(raw.content ?? "") : "";
  const parsed = text.startsWith("{") ? parseJson(text) : undefined;
  if (isObject(parsed) && typeof parsed.output === "string") {
    const metadata = isObject(parsed.metadata) ? parsed.metadata : {};
    return { text: parsed.output, ...(typeof metadata.exit_code === "number" ? { exit: metadata.exit_code } : {}) };
  }
  const exit = /^(?:Exit code|Process exited with code):? (-?\d+)/m.exec(text);
  return { text, ...(exit ? { exit: Number(exit[1]) } : {}) };
}

const sameUsage = (a: Json | undefined, b: Json) =>
  a !== undefined && ["input_tokens", "cached_input_tokens", "output_tokens", "total_tokens"].every((key) => num(a[key]) === num(b[key]));

/** Codex counts cached reads inside `input_tokens`; split them out so both clients mean the same by `input`. */
function normalise(usage: Json): TokenUsage {
  const cached = num(usage.cached_input_tokens);
  return {
    input: Math.max(0, num(usage.input_tokens) - cached),
    cache_creation: num(usage.cache_write_input_tokens),
    cache_read: cached,
    output: num(usage.output_tokens),
  };
}

/**
 * Codex rollout JSONL (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`): `session_meta`,
 * `response_item` (messages, function calls and their outputs) and `event_msg` records.
 * Token counts come from `event_msg` `token_count`: `info.last_token_usage` is the turn's
 * own usage and is preferred, because one file can interleave more than one cumulative
 * `total_token_usage` stream; a snapshot whose cumulative total equals the previous one is
 * the same turn logged twice and is skipped; without `last_token_usage`, the turn is the
 * delta of the cumulative totals.
 */
export class CodexParser {
  private previousTotal: Json | undefined;
  private metas = 0;

  parse(record: Json): SessionEvent[] {
    const payload = isObject(record.payload) ? record.payload : undefined;
    if (!payload) return [];
    const timestamp = str(record.timestamp);
    switch (record.type) {
      case "session_meta": {
        this.metas++;
        const events: SessionEvent[] = [
          {
            kind: "meta",
            ...(str(payload.cwd) ? { cwd: str(payload.cwd) as string } : {}),
            ...(str(payload.id) ? { session_id: str(payload.id) as string } : {}),
            ...(timestamp ? { timestamp } : {}),
          },
        ];
        if (this.metas > 1) events.push({ kind: "runtime", event: "session_resumed" });
        return events;
      }
      case "response_item":
        return this.responseItem(payload);
      case "event_msg":
        return this.eventMsg(payload, timestamp);
      case "compacted":
        return [{ kind: "runtime", event: "compact_summary" }];
      default:
        return [];
    }
  }

  private responseItem(item: Json): SessionEvent[] {
    if (item.type === "message") {
      const texts = Array.isArray(item.content) ? item.content.filter(isObject).map((block) => String(block.text ?? "")) : [];
      const text = texts.join("\n");
      // The harness injects AGENTS.md and environment context as user messages wrapped in tags; they are not prompts.
      if (item.role === "user")
        return /^\s*<(?:environment_context|user_instructions|permissions)|^\s*# AGENTS\.md/.test(text) ? [] : [{ kind: "prompt", text }];
      if (item.role === "assistant") return [{ kind: "assistant", text }];
      return [];
    }
    if (item.type === "function_call" || item.type === "custom_tool_call" || item.type === "local_shell_call") {
      const name = str(item.name) ?? (item.type === "local_shell_call" ? "local_shell" : "tool");
      const rawArgs = typeof item.arguments === "string" ? parseJson(item.arguments) : item.arguments;
      const args = isObject(rawArgs) ? rawArgs : isObject(item.action) ? item.action : {};
      const input = str(item.input) ?? "";
      const command = commandOf(args);
      const read = command !== undefined ? shellFileReads(command)[0] : undefined;
      const paths = [...patchPaths(input), ...(str(args.path) ? [str(args.path) as string] : [])];
      return [
        {
          kind: "tool",
          name,
          ...(str(item.call_id) ? { call_id: str(item.call_id) as string } : {}),
          ...(command !== undefined ? { command } : {}),
          ...(read ? { read } : {}),
          paths,
        },
      ];
    }
    if (item.type === "function_call_output" || item.type === "custom_tool_call_output") {
      const { text, exit } = outputOf(item.output);
      return [
        {
          kind: "result",
          ...(str(item.call_id) ? { call_id: str(item.call_id) as string } : {}),
          text,
          is_error: exit !== undefined && exit !== 0,
          ...(exit !== undefined ? { exit_code: exit } : {}),
        },
      ];
    }
    return [];
  }

  private eventMsg(payload: Json, timestamp: string | undefined): SessionEvent[] {
    if (payload.type === "turn_aborted") return [{ kind: "runtime", event: "turn_aborted" }];
    if (payload.type !== "token_count") return [];
    const info = isObject(payload.info) ? payload.info : undefined;
    if (!info) return [];
    const total = isObject(info.total_token_usage) ? info.total_token_usage : undefined;
    const last = isObject(info.last_token_usage) ? info.last_token_usage : undefined;
    if (total && sameUsage(this.previousTotal, total)) return [];
    const previous = this.previousTotal;
    if (total) this.previousTotal = total;
    const at = timestamp ? { timestamp } : {};
    if (last) return [{ kind: "usage", usage: normalise(last), ...at }];
    if (!total) return [];
    const delta: Json = {};
    for (const key of ["input_tokens", "cached_input_tokens", "output_tokens", "cache_write_input_tokens"])
      delta[key] = Math.max(0, num(total[key]) - num(previous?.[key]));
    return [{ kind: "usage", usage: normalise(delta), ...at }];
  }
}
