/**
 * Options and positionals several commands share, declared once. Commands spread them
 * into their own tables (overriding a description where theirs differs).
 */

/** Every command that reads a project takes it as a trailing `[dir]` or as `-p/--path`. */
export const DIR = { name: "dir", required: false, description: "project directory or a path inside it (default: .; same as --path)" } as const;

export const PATH = { name: "path", alias: "p", type: "string", description: "project directory or a path inside it (default: .)" } as const;

export const SCOPE = { name: "scope", alias: "submodule", type: "string", description: "workspace scope whose index to read" } as const;

export const SYMBOL = { name: "symbol", required: true, description: "name, Class.method, Alias.name, file:line, file:name, or a gsym-* handle" } as const;

/** `--limit` of every command: whole numbers from `min` (0 = all where allowed), checked by one message. */
export function limitOption<const D extends number>(defaultValue: D, description: string, min = 0) {
  return { name: "limit", alias: "l", type: "number", default: defaultValue, min, description } as const;
}

/** `--cached`, `--revision REV`, `--base REF`: which diff a diff-reading command compares (none: HEAD against the working tree). */
export const DIFF_TARGET_OPTIONS = [
  { name: "cached", type: "boolean", default: false, description: "compare the staged index with HEAD" },
  { name: "revision", type: "string", description: "compare one commit with its first parent (a root commit with the empty tree)" },
  { name: "base", type: "string", description: "compare the merge base of REF and HEAD with the working tree (untracked files included)" },
] as const;

/** The diff-target flags as `diffTargetFromFlags` reads them. */
export function diffTargetFlags(args: { readonly cached?: boolean | undefined; readonly revision?: string | undefined; readonly base?: string | undefined }) {
  return { cached: args.cached, revision: args.revision, base: args.base };
}

/** `--budget`, `--max-items`, `--max-bytes` of the preview-capable commands. */
export const BUDGET_OPTIONS = [
  {
    name: "budget",
    type: "string",
    choices: ["small", "normal", "deep", "auto"],
    description: "preview preset: small 3 items/120 B, normal 5/160, deep 10/240, auto from the context-window env",
  },
  { name: "max-items", type: "number", description: "preview: at most N items per list, each with a handle and an expand command" },
  { name: "max-bytes", type: "number", description: "preview: cut long fields to N bytes with …" },
] as const;

/** The preview flags as the output pipeline reads them. */
export function budgetFlags(args: {
  readonly budget?: "small" | "normal" | "deep" | "auto" | undefined;
  readonly "max-items"?: number | undefined;
  readonly "max-bytes"?: number | undefined;
}) {
  return { budget: args.budget, maxItems: args["max-items"], maxBytes: args["max-bytes"] };
}

/** `--cached`, `--revision REV`, `--base REF` as a keyed table (see `DIFF_TARGET_OPTIONS`). */
export const DIFF_OPTIONS = {
  cached: DIFF_TARGET_OPTIONS[0],
  revision: DIFF_TARGET_OPTIONS[1],
  base: DIFF_TARGET_OPTIONS[2],
} as const;

/** `--budget`, `--max-items`, `--max-bytes` as a keyed table: the keys are the preview's own names (`BudgetFlags`). */
export const PREVIEW_OPTIONS = {
  budget: BUDGET_OPTIONS[0],
  maxItems: BUDGET_OPTIONS[1],
  maxBytes: BUDGET_OPTIONS[2],
} as const;

/** The preview options as the output pipeline reads them. */
export function previewFlags(options: {
  readonly budget?: "small" | "normal" | "deep" | "auto" | undefined;
  readonly maxItems?: number | undefined;
  readonly maxBytes?: number | undefined;
}) {
  return { budget: options.budget, maxItems: options.maxItems, maxBytes: options.maxBytes };
}
