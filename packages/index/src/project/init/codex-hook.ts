import { TsiftError } from "@tsift/core/light";

/** How tsift recognises its own hook entry among others in `.codex/hooks.json`. */
export const CODEX_HOOK_STATUS = "tsift auto-reindex";

export interface CodexHook {
  type: "command";
  command: string;
  statusMessage: string;
}

function quote(path: string): string {
  return `"${path.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("$", "\\$").replaceAll("`", "\\`")}"`;
}

/**
 * The `UserPromptSubmit` hook: a stat-only freshness check on every prompt (about
 * 50 ms when fresh) and an incremental index only when something changed. A workspace
 * hook covers every submodule scope with one root command.
 */
export function codexHook(root: string, workspace: boolean): CodexHook {
  const flags = workspace ? " --workspace" : "";
  const dir = quote(root);
  return {
    type: "command",
    command: `tsift index --check --exit-code${flags} ${dir} >/dev/null 2>&1 || tsift index${flags} ${dir} >/dev/null 2>&1`,
    statusMessage: CODEX_HOOK_STATUS,
  };
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
