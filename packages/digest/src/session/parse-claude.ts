import type { SessionEvent, TokenUsage } from "./session-types";
import { nativeRead, shellFileReads } from "./shell-reads";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const str = (value: unknown) => (typeof value === "string" ? value : undefined);

/** The text of a `tool_result`'s content: a string or a list of text blocks. */
function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block) => (isObject(block) && block.type === "text" ? String(block.text ?? "") : ""))
    .filter(Boolean)
    .join("\n");
}

/** Paths a tool input names directly (`file_path`, `path`, `notebook_path`). */
function inputPaths(input: Json): string[] {
  return ["file_path", "path", "notebook_path"].map((key) => str(input[key])).filter((path): path is string => path !== undefined);
}

/**
 * Claude Code session JSONL (`~/.claude/projects/<slug>/<session>.jsonl`): one record a
 * line with `type` user/assistant/summary/system. Claude Code writes one record per content
 * block of a streamed assistant message, each repeating the message's `usage`, so a usage
 * carrying the same `message.id` as the one before replaces it instead of adding to it.
 */
export class ClaudeParser {
  private lastMessageId: string | undefined;
  private metaSeen = new Set<string>();

  parse(record: Json): SessionEvent[] {
    const events: SessionEvent[] = [];
    const sessionId = str(record.sessionId);
    const cwd = str(record.cwd);
    if (sessionId && !this.metaSeen.has(sessionId) && this.metaSeen.size < 64) {
      this.metaSeen.add(sessionId);
      events.push({
        kind: "meta",
        session_id: sessionId,
        ...(cwd ? { cwd } : {}),
        ...(str(record.timestamp) ? { timestamp: str(record.timestamp) as string } : {}),
      });
    }
    const type = record.type;
    if (type === "summary") {
      events.push({ kind: "runtime", event: "compact_summary" });
      return events;
    }
    if (type === "system") {
      const subtype = str(record.subtype);
      if (subtype === "compact_boundary") events.push({ kind: "runtime", event: "compact_boundary" });
      return events;
    }
    if (type !== "user" && type !== "assistant") return events;
    const message = isObject(record.message) ? record.message : undefined;
    if (!message) return events;
    const content = message.content;
    if (type === "user") {
      // A session continued from a compacted one opens with the summary as a user message.
      if (record.isCompactSummary === true) {
        events.push({ kind: "runtime", event: "compact_summary" });
        return events;
      }
      if (record.isMeta === true) return events;
      if (typeof content === "string") events.push({ kind: "prompt", text: content });
      else if (Array.isArray(content))
        for (const block of content) {
          if (!isObject(block)) continue;
          if (block.type === "text") events.push({ kind: "prompt", text: String(block.text ?? "") });
          else if (block.type === "tool_result") {
            const text = resultText(block.content);
            const exit = /\bExit code (\d+)\b/.exec(text);
            events.push({
              kind: "result",
              ...(str(block.tool_use_id) ? { call_id: str(block.tool_use_id) as string } : {}),
              text,
              is_error: block.is_error === true,
              ...(exit ? { exit_code: Number(exit[1]) } : {}),
            });
          }
        }
      return events;
    }
    if (Array.isArray(content))
      for (const block of content) {
        if (!isObject(block)) continue;
        if (block.type === "text") events.push({ kind: "assistant", text: String(block.text ?? "") });
        else if (block.type === "tool_use") {
          const name = str(block.name) ?? "tool";
          const input = isObject(block.input) ? block.input : {};
          const command = str(input.command);
          const paths = inputPaths(input);
          const read = name === "Read" && paths[0] ? nativeRead(paths[0], input.offset, input.limit) : undefined;
          events.push({
            kind: "tool",
            name,
            ...(str(block.id) ? { call_id: str(block.id) as string } : {}),
            ...(command !== undefined ? { command } : {}),
            ...(read ? { read } : command !== undefined && shellFileReads(command)[0] ? { read: shellFileReads(command)[0] } : {}),
            paths,
          });
        }
      }
    const usage = isObject(message.usage) ? message.usage : undefined;
    if (usage) {
      const id = str(message.id);
      const tokens: TokenUsage = {
        input: num(usage.input_tokens),
        cache_creation: num(usage.cache_creation_input_tokens),
        cache_read: num(usage.cache_read_input_tokens),
        output: num(usage.output_tokens),
      };
      const replaces = id !== undefined && id === this.lastMessageId;
      this.lastMessageId = id;
      events.push({
        kind: "usage",
        usage: tokens,
        ...(str(record.timestamp) ? { timestamp: str(record.timestamp) as string } : {}),
        ...(replaces ? { replaces_previous: true } : {}),
      });
    }
    return events;
  }
}
