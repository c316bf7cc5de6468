import { closeSync, openSync, readdirSync, readFileSync, readSync, type Dirent } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type ignoreFactory from "ignore";
import { TsiftError } from "@tsift/core/light";

// A CommonJS package: `require` skips Node's ESM export lexer.
const ignore = createRequire(import.meta.url)("ignore") as typeof ignoreFactory;
type Ignore = ReturnType<typeof ignoreFactory>;

/**
 * Directories an agent's search never reads, wherever they appear: dependencies and build
 * output. Hidden entries (`.git`, `.tsift`, `.cache`…) are skipped by name, as ripgrep does.
 */
export const GREP_BASELINE_SKIPPED_DIRS: readonly string[] = ["node_modules", "dist", "build", "coverage"];
/** File suffixes skipped everywhere: source maps are build output. */
export const GREP_BASELINE_SKIPPED_SUFFIXES: readonly string[] = [".map"];

export interface GrepBaselineOptions {
  /** A literal, matched case-sensitively. */
  literal: string;
  /** Whole-word matches only (`rg -w`): the literal is not preceded or followed by a word character. */
  word?: boolean;
  /** Search only files whose name ends with one of these (`-g '*.ts'`). */
  suffixes?: readonly string[];
}

/** The read, and the command line an agent would type for it. */
export interface GrepBaseline {
  command: string;
  text: string;
}

const WORD = /[\p{L}\p{N}_]/u;
const BINARY_PROBE_BYTES = 8192;

/**
 * What an agent reads when it greps a checkout for a literal: `path:line:text` for every
 * matching line, as `rg -n` prints it, over the files ripgrep searches by default in a
 * git work tree — hidden entries (`.git`, `.tsift`), `.gitignore`d paths and binary files
 * skipped — minus dependency and build output (`node_modules`, `dist`, `build`,
 * `coverage`, `*.map`) even where no `.gitignore` names them. Files in code-unit path
 * order, lines in file order, so the text is the same on every machine.
 */
export function grepBaseline(root: string, options: GrepBaselineOptions): GrepBaseline {
  if (options.literal === "") throw new TsiftError("invalid_input", "grepBaseline needs a non-empty literal");
  const lines: string[] = [];
  for (const path of listFiles(root, options.suffixes)) {
    const text = readFileSync(join(root, path), "utf8");
    text.split("\n").forEach((line, index) => {
      if (matches(line, options.literal, options.word === true)) lines.push(`${path}:${index + 1}:${line}`);
    });
  }
  const flags = `${options.word ? "-nw" : "-n"}${(options.suffixes ?? []).map((suffix) => ` -g '*${suffix}'`).join("")}`;
  return { command: `rg ${flags} ${quote(options.literal)}`, text: lines.length ? `${lines.join("\n")}\n` : "" };
}

const quote = (value: string) => (/^[\w./-]+$/.test(value) ? value : `'${value.replace(/'/g, "'\\''")}'`);

function matches(line: string, literal: string, word: boolean): boolean {
  for (let at = line.indexOf(literal); at !== -1; at = line.indexOf(literal, at + 1)) {
    if (!word) return true;
    const before = at > 0 ? line[at - 1]! : "";
    const after = line[at + literal.length] ?? "";
    if (!WORD.test(before) && !WORD.test(after)) return true;
  }
  return false;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Root-relative `/`-separated paths of the searched files, sorted. */
function listFiles(root: string, suffixes: readonly string[] | undefined): string[] {
  const files: string[] = [];
  const walk = (rel: string, rules: readonly { base: string; rules: Ignore }[]) => {
    const abs = rel ? join(root, rel) : root;
    let entries: Dirent[];
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch (error) {
      throw new TsiftError("not_found", `cannot read ${abs}: ${(error as Error).message}`, { cause: error });
    }
    const own = entries.some((entry) => entry.name === ".gitignore" && entry.isFile())
      ? [...rules, { base: rel ? `${rel}/` : "", rules: ignore({ allowRelativePaths: true }).add(readFileSync(join(abs, ".gitignore"), "utf8")) }]
      : rules;
    const ignored = (path: string) => {
      // The deepest .gitignore with a matching rule decides, as in git.
      for (let i = own.length - 1; i >= 0; i--) {
        const layer = own[i]!;
        if (!path.startsWith(layer.base)) continue;
        const result = layer.rules.test(path.slice(layer.base.length));
        if (result.ignored) return true;
        if (result.unignored) return false;
      }
      return false;
    };
    for (const entry of [...entries].sort((a, b) => compare(a.name, b.name))) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.name.startsWith(".")) continue;
      if (entry.isDirectory()) {
        if (!GREP_BASELINE_SKIPPED_DIRS.includes(entry.name) && !ignored(`${path}/`)) walk(path, own);
      } else if (entry.isFile()) {
        if (GREP_BASELINE_SKIPPED_SUFFIXES.some((suffix) => entry.name.endsWith(suffix))) continue;
        if (suffixes && !suffixes.some((suffix) => entry.name.endsWith(suffix))) continue;
        if (!ignored(path) && !isBinary(join(root, path))) files.push(path);
      }
    }
  };
  walk("", []);
  return files.sort(compare);
}

/** ripgrep's test: a NUL byte in the first block makes a file binary, and a recursive search skips it. */
function isBinary(path: string): boolean {
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(BINARY_PROBE_BYTES);
    const read = readSync(fd, buffer, 0, BINARY_PROBE_BYTES, 0);
    return buffer.subarray(0, read).includes(0);
  } finally {
    closeSync(fd);
  }
}
