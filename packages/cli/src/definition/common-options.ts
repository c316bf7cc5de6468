/**
 * Options and positionals several commands share, declared once. Commands spread them
 * into their own tables (overriding a description where theirs differs).
 */

/** Every command that reads a project takes it as a trailing `[dir]` or as `-p/--path`. */
export const DIR = { name: "dir", required: false, description: "project directory or a path inside it (default: .; same as --path)" } as const;

export const PATH = { alias: "p", type: "string", description: "project directory or a path inside it (default: .)" } as const;

export const SCOPE = { alias: "submodule", type: "string", description: "workspace scope whose index to read" } as const;

export const SYMBOL = { name: "symbol", required: true, description: "name, Class.method, Alias.name, file:line, file:name, or a gsym-* handle" } as const;

/** `--limit` of every command: whole numbers from `min` (0 = all where allowed), checked by one message. */
export function limitOption<const D extends number>(defaultValue: D, description: string, min = 0) {
  return { alias: "l", type: "number", default: defaultValue, min, description } as const;
}

/** `--cached`, `--revision REV`, `--base REF`: which diff a diff-reading command compares (none: HEAD against the working tree). */
export const DIFF_OPTIONS = {
  cached: { type: "boolean", default: false, description: "compare the staged index with HEAD" },
  revision: { type: "string", description: "compare one commit with its first parent (a root commit with the empty tree)" },
  base: { type: "string", description: "compare the merge base of REF and HEAD with the working tree (untracked files included)" },
} as const;

/** `--budget`, `--max-items`, `--max-bytes` of the preview-capable commands: the keys are the preview's own names (`BudgetFlags`). */
export const PREVIEW_OPTIONS = {
  budget: {
    type: "string",
    choices: ["small", "normal", "deep", "auto"],
    description: "preview preset: small 3 items/120 B, normal 5/160, deep 10/240, auto from the context-window env",
  },
  maxItems: { type: "number", description: "preview: at most N items per list, each with a handle and an expand command" },
  maxBytes: { type: "number", description: "preview: cut long fields to N bytes with …" },
} as const;
