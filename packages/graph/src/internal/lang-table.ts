import type { Lang } from "../lang";
import type { LangInfo } from "../lang-info";

function info(value: LangInfo): LangInfo {
  return Object.freeze({
    ...value,
    extensions: Object.freeze([...value.extensions]),
    commentPrefixes: Object.freeze([...value.commentPrefixes]),
  });
}

// `hasCalls`: whether call sites are extracted. The original had no call query for
// zig and bash; we extract their calls (zig call expressions, bash commands).
// Markdown has none, so an empty caller list there means "not extracted", not
// "no callers".
export const LANG_TABLE: Readonly<Record<Lang, LangInfo>> = Object.freeze({
  rust: info({
    id: "rust",
    displayName: "Rust",
    extensions: ["rs"],
    grammarPackage: "tree-sitter-rust",
    hasCalls: true,
    commentPrefixes: ["///", "//!", "//"],
  }),
  python: info({
    id: "python",
    displayName: "Python",
    extensions: ["py", "pyi"],
    grammarPackage: "tree-sitter-python",
    hasCalls: true,
    commentPrefixes: ["#"],
  }),
  typescript: info({
    id: "typescript",
    displayName: "TypeScript",
    extensions: ["ts", "mts", "cts"],
    grammarPackage: "tree-sitter-typescript",
    hasCalls: true,
    commentPrefixes: ["//"],
  }),
  tsx: info({
    id: "tsx",
    displayName: "TSX",
    extensions: ["tsx"],
    grammarPackage: "tree-sitter-typescript",
    hasCalls: true,
    commentPrefixes: ["//"],
  }),
  javascript: info({
    id: "javascript",
    displayName: "JavaScript",
    extensions: ["js", "mjs", "cjs"],
    grammarPackage: "tree-sitter-javascript",
    hasCalls: true,
    commentPrefixes: ["//"],
  }),
  jsx: info({
    id: "jsx",
    displayName: "JSX",
    extensions: ["jsx"],
    grammarPackage: "tree-sitter-javascript",
    hasCalls: true,
    commentPrefixes: ["//"],
  }),
  kotlin: info({
    id: "kotlin",
    displayName: "Kotlin",
    extensions: ["kt", "kts"],
    grammarPackage: "@tree-sitter-grammars/tree-sitter-kotlin",
    hasCalls: true,
    commentPrefixes: ["//"],
  }),
  zig: info({
    id: "zig",
    displayName: "Zig",
    extensions: ["zig"],
    grammarPackage: "@tree-sitter-grammars/tree-sitter-zig",
    hasCalls: true,
    commentPrefixes: ["///", "//!", "//"],
  }),
  bash: info({
    id: "bash",
    displayName: "Bash",
    // `zsh` is kept from the original: tree-sitter-bash parses most zsh scripts well
    // enough for function and alias symbols, and dropping it would un-index files
    // existing users already search.
    extensions: ["sh", "bash", "zsh"],
    grammarPackage: "tree-sitter-bash",
    hasCalls: true,
    commentPrefixes: ["#"],
  }),
  markdown: info({
    id: "markdown",
    displayName: "Markdown",
    // `mdx` is kept from the original for the same reason as `zsh`: headings and
    // fenced blocks in MDX parse with the block grammar.
    extensions: ["md", "markdown", "mdx"],
    grammarPackage: "@tree-sitter-grammars/tree-sitter-markdown",
    hasCalls: false,
    // HTML comments are blocks, not line comments.
    commentPrefixes: [],
  }),
});

/**
 * Extension (no dot, exact case) -> language, built once from the table. A unit
 * test guards that no extension is claimed twice, so map order never decides.
 */
export const LANG_BY_EXTENSION: ReadonlyMap<string, Lang> = new Map(
  Object.values(LANG_TABLE).flatMap((entry) => entry.extensions.map((extension) => [extension, entry.id] as const)),
);
