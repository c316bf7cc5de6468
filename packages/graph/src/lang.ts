/**
 * Every language tsift can index. The id is what `index.db` stores in
 * `files.language` / `symbols.language`, so it never changes once released.
 */
export type Lang =
  | "rust"
  | "python"
  | "typescript"
  | "tsx"
  | "javascript"
  | "jsx"
  | "kotlin"
  | "zig"
  | "bash"
  | "markdown";

/**
 * Languages in the original tool's declaration order. Reports that group by
 * language iterate this list, so the order is part of the output contract.
 */
export const LANGS: readonly Lang[] = Object.freeze([
  "rust",
  "python",
  "typescript",
  "tsx",
  "javascript",
  "jsx",
  "kotlin",
  "zig",
  "bash",
  "markdown",
] as const);
