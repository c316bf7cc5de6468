import { TsiftError } from "@tsift/core/light";

/** Presets: items per section and bytes per preview field. */
export const BUDGET_PRESETS = {
  small: { maxItems: 3, maxBytes: 120 },
  normal: { maxItems: 5, maxBytes: 160 },
  deep: { maxItems: 10, maxBytes: 240 },
} as const;

export type BudgetPreset = keyof typeof BUDGET_PRESETS;
export const BUDGET_CHOICES = ["small", "normal", "deep", "auto"] as const;
export type BudgetChoice = (typeof BUDGET_CHOICES)[number];

/** Checked in this order; the first parseable one decides `--budget auto`. */
export const CONTEXT_WINDOW_ENV = ["TSIFT_CONTEXT_WINDOW", "CODEX_CONTEXT_WINDOW", "CLAUDE_CONTEXT_WINDOW"] as const;

export interface BudgetFlags {
  budget?: BudgetChoice | undefined;
  maxItems?: number | undefined;
  maxBytes?: number | undefined;
}

export interface Budget {
  /** The preset in force (`auto` resolved), or null when only explicit caps were given. */
  preset: BudgetPreset | null;
  maxItems: number | null;
  maxBytes: number | null;
}

/** `auto`: windows up to 64k tokens get `small`, 200k and up `deep`, anything else `normal`. */
export function autoPreset(env: Readonly<Record<string, string | undefined>>): BudgetPreset {
  for (const name of CONTEXT_WINDOW_ENV) {
    const raw = env[name]?.replaceAll("_", "").trim();
    if (!raw) continue;
    const tokens = Number(raw);
    if (!Number.isFinite(tokens) || tokens <= 0) continue;
    if (tokens <= 64_000) return "small";
    if (tokens >= 200_000) return "deep";
    return "normal";
  }
  return "normal";
}

/**
 * The preview budget, or null when none applies. Explicit `--max-items`/`--max-bytes`
 * win over the preset; `implicitAuto` (an envelope around a preview-capable command)
 * means `auto` when nothing was asked for.
 */
export function resolveBudget(flags: BudgetFlags, env: Readonly<Record<string, string | undefined>>, implicitAuto: boolean): Budget | null {
  for (const [flag, value] of [
    ["--max-items", flags.maxItems],
    ["--max-bytes", flags.maxBytes],
  ] as const) {
    if (value !== undefined && (!Number.isInteger(value) || value < 1))
      throw new TsiftError("usage", `${flag} expects a whole number >= 1, got ${String(value)}`);
  }
  const choice = flags.budget ?? (implicitAuto && flags.maxItems === undefined && flags.maxBytes === undefined ? "auto" : undefined);
  const preset = choice === undefined ? null : choice === "auto" ? autoPreset(env) : choice;
  const maxItems = flags.maxItems ?? (preset ? BUDGET_PRESETS[preset].maxItems : null);
  const maxBytes = flags.maxBytes ?? (preset ? BUDGET_PRESETS[preset].maxBytes : null);
  if (maxItems === null && maxBytes === null) return null;
  return { preset, maxItems, maxBytes };
}
