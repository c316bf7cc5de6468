import { statSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { classifyLine } from "../log-digest/classify-line";

const EXTENSIONS =
  "ts|tsx|mts|cts|js|jsx|mjs|cjs|json|jsonl|md|mdx|py|pyi|rs|go|java|kt|kts|swift|c|h|cc|cpp|hpp|cs|rb|php|sh|bash|zsh|yml|yaml|toml|ini|cfg|sql|html|css|scss|vue|svelte|lua|zig|ex|exs|erl|scala|dart|proto|graphql|txt|lock|log|xml|csv|env";
const KNOWN_NAMES = new Set([
  "Makefile",
  "Dockerfile",
  "Cargo.toml",
  "Cargo.lock",
  "package.json",
  "go.mod",
  "go.sum",
  "Gemfile",
  "Rakefile",
  "Justfile",
  "LICENSE",
  "README",
]);
const PATH_TOKEN = new RegExp(
  String.raw`(?:^|[\s'"\`(\[=:])((?:\.{0,2}/)?[A-Za-z0-9_@.~-][A-Za-z0-9_@./~-]*\.(?:${EXTENSIONS})|(?:[A-Za-z0-9_.-]+/)+[A-Za-z0-9_.-]+)(?::\d+)?(?=$|[\s'"\`),\]:;])`,
  "g",
);

/**
 * File paths mentioned in a line, conservatively: a token with a known source extension or
 * file name, or a slash-separated token that is an existing file under `root`. Redirections
 * (`2>/dev/null`), URLs, existing directories and slash-separated labels ("tests/commit")
 * are not files.
 */
export function filePathsIn(text: string, root: string | undefined, limit = 40, kinds: EntryKinds = new Map()): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(PATH_TOKEN)) {
    if (found.length >= limit) break;
    const token = (match[1] as string).replace(/[.,]+$/, "");
    const at = match.index ?? 0;
    if (/^\d*>/.test(text.slice(at).trimStart()) || token.startsWith("/dev/") || token.startsWith("/proc/")) continue;
    if (/:\/\/|^www\./.test(text.slice(Math.max(0, at - 8), at + match[0].length)) || token.includes("//")) continue;
    const base = token.split("/").pop() ?? token;
    const known = new RegExp(`\\.(?:${EXTENSIONS})$`).test(token) || KNOWN_NAMES.has(base);
    const kind = root ? entryKind(isAbsolute(token) ? token : join(root, token), kinds) : "none";
    if (kind === "dir") continue;
    if (!known && kind !== "file") continue;
    if (/^\d+(?:\.\d+)+$/.test(token)) continue; // version numbers such as 1.2.3
    found.push(token.replace(/^\.\//, ""));
  }
  return found;
}

export type EntryKinds = Map<string, "file" | "dir" | "none">;

/** A long log names the same paths over and over: one stat each per digest (the caller's `kinds`) is enough. */
function entryKind(path: string, kinds: EntryKinds): "file" | "dir" | "none" {
  const known = kinds.get(path);
  if (known) return known;
  let kind: "file" | "dir" | "none" = "none";
  try {
    const info = statSync(path);
    kind = info.isDirectory() ? "dir" : info.isFile() ? "file" : "none";
  } catch {
    kind = "none";
  }
  if (kinds.size >= 10_000) kinds.clear();
  kinds.set(path, kind);
  return kind;
}

const SYMBOL = /`([A-Za-z_$][\w$]*(?:(?:\.|::|#)[A-Za-z_$][\w$]*)*)(?:\(\))?`/g;

/** Symbol-like identifiers in backticks: camelCase, PascalCase, snake_case or qualified names (`Foo.bar`, `mod::fn`). */
export function symbolsIn(text: string): string[] {
  const symbols: string[] = [];
  for (const match of text.matchAll(SYMBOL)) {
    const name = match[1] as string;
    if (name.length < 3 || name.length > 80) continue;
    const shaped = /[a-z][A-Z]|^[A-Z][a-z]+[A-Z]|[a-z]_[a-z]|\.|::|#/.test(name) || /\(\)`$/.test(match[0]);
    if (shaped && !/^(?:npm|git|tsift|cargo|node|npx)\b/.test(name)) symbols.push(name);
  }
  return symbols;
}

// Successful summaries, bare labels, prompt directives and source lines that mention failure words.
const NOT_FAILURE = [
  /^\s*failures?:?\s*$/i,
  /\bno (?:failures|errors)\b/i,
  /\b0 (?:failed|failures|errors)\b/i,
  /\btest result: ok\b/i,
  /^\s*(?:[-*]\s+)?do \[#/i,
  /\b(?:panic!|assert!|assert_eq!|throw new|raise\s+\w|console\.error|log\.error|eprintln!)\s*\(/,
  /^\s*(?:\/\/|#|\*|--)\s/,
  /^\s*(?:if|else|return|const|let|var|fn|def|func|function|catch|except)\b/,
  /\bfalse[- ]positive|\bfailure (?:extraction|classification|lines?)\b/i,
];

/** Whether a line of tool output is real failure evidence (an error, panic, assertion or non-zero exit), not a summary of success or a source line. */
export function isFailureLine(line: string): boolean {
  const text = line.trim();
  if (text.length === 0 || text.length > 2000) return false;
  const kind = classifyLine(text);
  if (kind === null || kind === "warning") return false;
  return !NOT_FAILURE.some((pattern) => pattern.test(text));
}

/** The first words of a command that name it: `npm test`, `cargo test`, `git push`. */
export function commandName(command: string): string {
  const words = command
    .trim()
    .replace(/^(?:(?:cd \S+|export \S+|source \S+)\s*(?:&&|;)\s*)+/, "")
    .replace(/^(?:[A-Z_][A-Z0-9_]*=\S*\s+)+/, "")
    .split(/\s+/);
  const first = (words[0] ?? "").split("/").pop() ?? "";
  const second = words[1] ?? "";
  return /^[a-z][\w:-]*$/.test(second) && !second.startsWith("-") ? `${first} ${second}` : first;
}

export type CloseoutKind = "tests" | "build" | "lint" | "install" | "commit" | "push" | "version";

const CLOSEOUT: readonly [CloseoutKind, RegExp][] = [
  ["tests", /\b(?:(?:npm|pnpm|yarn|bun)(?: run)? test|vitest|jest|pytest|cargo test|go test|mocha|node --test|\.ci\/run)\b/],
  ["lint", /\b(?:eslint|prettier --check|clippy|ruff|tsc\b[^|&;]*--noEmit|(?:npm|pnpm|yarn) run lint)\b/],
  ["build", /\b(?:(?:npm|pnpm|yarn)(?: run)? build|cargo build|go build|tsup|nx run-many -t build)\b/],
  ["install", /\b(?:(?:npm|pnpm|yarn) (?:install|ci|add|i)\b|cargo install|pip install)/],
  ["commit", /\bgit commit\b/],
  ["push", /\bgit push\b/],
  ["version", /\b(?:npm version|changeset version|cargo release|git tag|npm publish|cargo publish)\b/],
];

/** The closeout steps a command performs (tests, build, lint, install, commit, push, version). */
export function closeoutKinds(command: string): CloseoutKind[] {
  return CLOSEOUT.filter(([, pattern]) => pattern.test(command)).map(([kind]) => kind);
}

// Pasted harness instructions: headings, bold imperative labels, placeholder slash commands.
const BALLAST = [/^\s*#{1,6}\s/, /^\s*\*\*[^*]+:?\*\*:?\s*$/, /<[a-z_-]+>|\[(?:file|path|arg|name)\]/i, /^\s*[-*]\s*$/, /^\s*>/];

/** A prompt target worth keeping: the first meaningful line, without copied instruction ballast. */
export function promptTarget(text: string): string | null {
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    // Harness records before ballast: `<command-name>` would pass as a `<placeholder>` line and the text after it would be taken as the ask.
    if (/^<(?:command-|local-command|system-reminder)|^Caveat:|^\[Request interrupted/.test(line)) return null;
    if (line.length < 3 || BALLAST.some((pattern) => pattern.test(line))) continue;
    return line.length > 200 ? `${line.slice(0, 197)}...` : line;
  }
  return null;
}
