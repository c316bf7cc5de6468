import { TsiftError } from "@tsift/core/light";
import { isTsiftLauncher, launcherLine, launcherWords, type TsiftLauncher } from "./tsift-launcher";

export interface ClaudeHookEntry {
  type: "command";
  command: string;
  timeout: number;
}

export type TsiftHookEvent = "user-prompt-submit" | "pre-tool-use";

/** `<launcher> hook <event>`: the command a client runs for one of tsift's hooks. */
export function tsiftHookCommand(launcher: TsiftLauncher, event: TsiftHookEvent): string {
  return `${launcherLine(launcher)} hook ${event}`;
}

/** Whether `command` is tsift's hook for `event` under any launcher (so an older entry is replaced, not doubled). */
export function isTsiftHookCommand(command: string, event: TsiftHookEvent): boolean {
  const suffix = ` hook ${event}`;
  if (!command.endsWith(suffix)) return false;
  const words = launcherWords(command.slice(0, -suffix.length));
  return words !== null && isTsiftLauncher(words);
}

/** The events tsift hooks into, with the matcher each needs (`Bash` for the rewrite). */
export function claudeHooks(
  launcher: TsiftLauncher,
): { event: "UserPromptSubmit" | "PreToolUse"; name: TsiftHookEvent; matcher: string | null; hook: ClaudeHookEntry }[] {
  return [
    // Auto-reindex on every prompt: a stat-only check when fresh, an incremental update otherwise.
    {
      event: "UserPromptSubmit",
      name: "user-prompt-submit",
      matcher: null,
      hook: { type: "command", command: tsiftHookCommand(launcher, "user-prompt-submit"), timeout: 60 },
    },
    // High-token shell commands routed through `tsift rewrite` before they run.
    { event: "PreToolUse", name: "pre-tool-use", matcher: "Bash", hook: { type: "command", command: tsiftHookCommand(launcher, "pre-tool-use"), timeout: 10 } },
  ];
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === "object" && !Array.isArray(value);
const isTsiftEntry = (entry: unknown, event: TsiftHookEvent) =>
  isObject(entry) && typeof entry.command === "string" && isTsiftHookCommand(entry.command, event);

export function parseJsonObject(text: string | null, file: string, rerun: string): JsonObject {
  if (text === null) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isObject(parsed)) throw new Error("expected a JSON object");
    return parsed;
  } catch (error) {
    throw new TsiftError("invalid_input", `${file} is not a settings file tsift can merge into: ${(error as Error).message}`, {
      details: { file },
      hint: `fix or move ${file}, then rerun ${rerun}`,
    });
  }
}

/**
 * Merges tsift's hooks into `.claude/settings.json` text (null: no file yet). Each
 * event keeps its other groups and hooks as they are; tsift's entries are recognised by
 * their command (under any launcher), replaced in place and deduplicated, or added to a
 * group with the same matcher. Returns null when the file already holds exactly these hooks.
 */
export function mergeClaudeSettings(text: string | null, file: string, launcher: TsiftLauncher): string | null {
  const document = parseJsonObject(text, file, "tsift init --claude");
  if (document.hooks !== undefined && !isObject(document.hooks)) {
    throw new TsiftError("invalid_input", `${file}: "hooks" is not an object; refusing to overwrite it`, {
      hint: `fix ${file}, then rerun tsift init --claude`,
    });
  }
  const hooks: JsonObject = { ...((document.hooks as JsonObject | undefined) ?? {}) };
  for (const { event, name, matcher, hook } of claudeHooks(launcher)) {
    const groups = Array.isArray(hooks[event]) ? [...(hooks[event] as unknown[])] : [];
    let placed = false;
    const merged = groups.map((group) => {
      if (!isObject(group) || !Array.isArray(group.hooks)) return group;
      const list = (group.hooks as unknown[]).flatMap((entry) => {
        if (!isTsiftEntry(entry, name)) return [entry];
        if (placed) return [];
        placed = true;
        return [hook];
      });
      return { ...group, hooks: list };
    });
    if (!placed) {
      const sameMatcher = merged.findIndex((group) => isObject(group) && Array.isArray(group.hooks) && (group.matcher ?? null) === matcher);
      if (sameMatcher >= 0) {
        const group = merged[sameMatcher] as JsonObject;
        merged[sameMatcher] = { ...group, hooks: [...(group.hooks as unknown[]), hook] };
      } else merged.push(matcher === null ? { hooks: [hook] } : { matcher, hooks: [hook] });
    }
    hooks[event] = merged.filter((group) => !isObject(group) || !Array.isArray(group.hooks) || group.hooks.length > 0);
  }
  const next = { ...document, hooks };
  if (text !== null && JSON.stringify(next) === JSON.stringify(document)) return null;
  return `${JSON.stringify(next, null, 2)}\n`;
}
