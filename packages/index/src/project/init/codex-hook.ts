import { TsiftError } from "@tsift/core/light";
import { tsiftHookCommand } from "./claude-settings";
import type { TsiftLauncher } from "./tsift-launcher";

/** How tsift recognises its own hook entry among others in `.codex/hooks.json`. */
export const CODEX_HOOK_STATUS = "tsift auto-reindex";

export interface CodexHook {
  type: "command";
  command: string;
  statusMessage: string;
}

/**
 * The `UserPromptSubmit` hook: `tsift hook user-prompt-submit`, which reads the project from
 * the hook input's `cwd` (the directory Codex runs in when there is none) and refreshes its
 * index, every workspace scope's when it declares submodules: a stat-only check on every
 * prompt (about 50 ms when fresh), an incremental update only when something changed. No
 * path is written into the hook, so the project can move.
 */
export function codexHook(launcher: TsiftLauncher): CodexHook {
  return { type: "command", command: tsiftHookCommand(launcher, "user-prompt-submit"), statusMessage: CODEX_HOOK_STATUS };
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * Merges the hook into `.codex/hooks.json` text (null: no file yet). The first tsift
 * entry is replaced in place, later duplicates are dropped, other hooks are kept as
 * they are; with no tsift entry the hook joins the first `UserPromptSubmit` group.
 * Returns null when the file already holds exactly this hook.
 */
export function mergeCodexHook(text: string | null, hook: CodexHook, file: string): string | null {
  let document: JsonObject = { hooks: {} };
  if (text !== null) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (!isObject(parsed) || !isObject(parsed.hooks)) throw new Error('expected an object with a "hooks" object');
      document = parsed;
    } catch (error) {
      throw new TsiftError("invalid_input", `${file} is not a hooks file tsift can merge into: ${(error as Error).message}`, {
        details: { file },
        hint: `fix or move ${file}, then rerun tsift init --codex`,
      });
    }
  }
  const hooks = document.hooks as JsonObject;
  const groups = Array.isArray(hooks.UserPromptSubmit) ? (hooks.UserPromptSubmit as unknown[]) : [];
  let placed = false;
  const merged = groups.map((group) => {
    if (!isObject(group) || !Array.isArray(group.hooks)) return group;
    const list = (group.hooks as unknown[]).flatMap((entry) => {
      if (!isObject(entry) || entry.statusMessage !== CODEX_HOOK_STATUS) return [entry];
      if (placed) return [];
      placed = true;
      return [hook];
    });
    return { ...group, hooks: list };
  });
  if (!placed) {
    const first = merged.findIndex((group) => isObject(group) && Array.isArray(group.hooks));
    if (first >= 0) {
      const group = merged[first] as JsonObject;
      merged[first] = { ...group, hooks: [...(group.hooks as unknown[]), hook] };
    } else merged.push({ hooks: [hook] });
  }
  const next = { ...document, hooks: { ...hooks, UserPromptSubmit: merged } };
  // Compared as data: a hand-formatted file that already holds this hook is left alone.
  if (text !== null && JSON.stringify(next) === JSON.stringify(document)) return null;
  return `${JSON.stringify(next, null, 2)}\n`;
}
