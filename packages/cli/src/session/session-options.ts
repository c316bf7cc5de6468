/** `--source` of the session commands: the transcript format, or `auto` to detect it from the first lines. */
export const SOURCE_OPTION = {
  name: "source",
  type: "string",
  choices: ["auto", "markdown", "claude-jsonl", "codex-jsonl", "log"],
  default: "auto",
  description: "transcript format (auto: detect from the first lines)",
} as const;

/** `--limit`, narrowed by the preview budget's `--max-items` when that is smaller. */
export function budgetedLimit(limit: number, budget: { readonly maxItems?: number | null | undefined } | null): number {
  return budget?.maxItems != null && (limit === 0 || budget.maxItems < limit) ? budget.maxItems : limit;
}
