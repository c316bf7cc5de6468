import { spawnSync } from "node:child_process";
import { accessSync, constants, readFileSync, statSync } from "node:fs";
import { delimiter, join } from "node:path";
import { langFromPath } from "@tsift/graph";
import { matchesPathFilter, normalizePathFilter } from "./chunk-rows";
import type { SearchFilters, SearchHit } from "./search-types";

export type ExactBackend = "rg" | "scan";

/**
 * How letter case matches, as ripgrep spells it: `sensitive` (rg's default), `ignore`
 * (`rg -i`: Unicode simple case folding) or `smart` (`rg -S`: ignore case unless the
 * literal holds an upper-case letter).
 */
export type ExactCase = "sensitive" | "ignore" | "smart";

export const EXACT_CASES: readonly ExactCase[] = ["sensitive", "ignore", "smart"];

export interface ExactOptions extends SearchFilters {
  /** Directory searched; hit paths are relative to it with `/`. */
  root: string;
  limit: number;
  /** `auto` (default) uses ripgrep when `rg` is on PATH. */
  backend?: ExactBackend | "auto";
  /** Default `sensitive`, like rg. */
  caseMode?: ExactCase;
  /** Root-relative files the in-process scan reads: the walk's live files plus indexed ones. */
  files?: () => readonly string[];
  /** Files larger than this are skipped by the in-process scan. Default 1 MiB, the index's limit. */
  maxFileBytes?: number;
  env?: Readonly<Record<string, string | undefined>>;
  /** Kill ripgrep after this long. */
  timeoutMs?: number;
}

export interface ExactLine {
  path: string;
  line: number;
  text: string;
}

/** Exact hits collapse per file: the best line leads, `match_count` and `lines` say how many more there are. */
export interface ExactHit extends SearchHit {
  match_count: number;
  lines: number[];
}

export interface ExactResult {
  hits: ExactHit[];
  /** Matching lines across all files (before the per-file collapse and the limit). */
  total_matches: number;
  files_matched: number;
  backend: ExactBackend;
  /** False when more lines matched than one search reads (20,000): totals and ranking then cover the first ones. */
  complete: boolean;
}

/** Every matching line, before the per-file collapse: what `rg -F -n` prints, in the backend's order. */
export interface ExactLines {
  lines: ExactLine[];
  backend: ExactBackend;
  complete: boolean;
}

/** Lines read per search; past it totals say so and ranking uses what was read. */
const MAX_LINES = 20_000;

/** `rg` on PATH, or null. */
export function findRipgrep(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, process.platform === "win32" ? "rg.exe" : "rg");
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** The literal backend a search will use: ripgrep when on PATH, unless `TSIFT_EXACT_BACKEND=scan` forces the in-process scan. */
export function exactBackend(env: Readonly<Record<string, string | undefined>> = process.env): ExactBackend {
  return env.TSIFT_EXACT_BACKEND !== "scan" && findRipgrep(env) !== null ? "rg" : "scan";
}

/**
 * Literal search (`--exact`): ripgrep `-F` when it is installed, otherwise an
 * in-process scan of the given files. Needs no index, so it answers even when the
 * index is stale or missing. Case matters unless `caseMode` says otherwise (as in rg).
 * Hits collapse per file and rank definitions of the literal first, then files with
 * more matches, then path order; tests rank after sources.
 */
export function exactSearch(literal: string, options: ExactOptions): ExactResult {
  const found = exactLines(literal, options);
  return {
    ...collapse(found.lines, literal, options.limit, ignoresCase(literal, options.caseMode ?? "sensitive")),
    backend: found.backend,
    complete: found.complete,
  };
}

/**
 * The lines `exactSearch` ranks: each line holding the literal once, with its 1-based
 * number, filtered by `path` and `languages`; at most 20,000 (`complete` says whether that
 * was all of them).
 */
export function exactLines(literal: string, options: ExactOptions): ExactLines {
  const env = options.env ?? process.env;
  const rg = (options.backend ?? "auto") === "scan" ? null : exactBackend(env) === "rg" ? findRipgrep(env) : null;
  const backend: ExactBackend = rg ? "rg" : "scan";
  if (literal === "") return { lines: [], backend, complete: true };
  const insensitive = ignoresCase(literal, options.caseMode ?? "sensitive");
  const prefix = normalizePathFilter(options.path);
  const read = rg ? ripgrepLines(rg, literal, insensitive, options.root, prefix, options.timeoutMs) : scanLines(literal, insensitive, options, prefix);
  const languages = options.languages && options.languages.length > 0 ? new Set(options.languages) : null;
  const lines = read.lines.filter((entry) => matchesPathFilter(entry.path, prefix) && (languages === null || languages.has(langFromPath(entry.path) ?? "")));
  return { lines, backend, complete: read.complete };
}

/** rg's smart case: a literal with no upper-case letter (Unicode `Uppercase`) matches any case. */
function ignoresCase(literal: string, mode: ExactCase): boolean {
  return mode === "ignore" || (mode === "smart" && !/\p{Uppercase}/u.test(literal));
}

/**
 * Synchronous on purpose: the whole search runs under one execution deadline, and
 * spawnSync's own timeout kills ripgrep with it. `-m` caps lines per file so a huge
 * match set stays bounded (the per-file collapse shows at most a few lines anyway).
 */
function ripgrepLines(rg: string, literal: string, insensitive: boolean, root: string, prefix: string | null, timeoutMs: number | undefined): ReadLines {
  // --no-config: a user's RIPGREP_CONFIG_PATH (say --smart-case) must not change the answer.
  const args = ["--no-config", "-F", "--line-number", "--no-heading", "--null", "--color", "never", "--max-columns", "400", "--glob", "!.tsift"];
  args.push(insensitive ? "--ignore-case" : "--case-sensitive");
  args.push("-e", literal, "--", prefix ?? ".");
  const result = spawnSync(rg, args, { cwd: root, encoding: "utf8", maxBuffer: 256 * 1024 * 1024, ...(timeoutMs ? { timeout: timeoutMs } : {}) });
  if (result.error) throw result.error;
  // 1 = no match; 2 = some files unreadable (the rest is still valid).
  if (result.status !== 0 && result.status !== 1 && result.status !== 2) throw new Error(`rg exited ${result.status}: ${result.stderr.trim()}`);
  const out: ExactLine[] = [];
  for (const record of result.stdout.split("\n")) {
    const nul = record.indexOf("\0");
    const colon = record.indexOf(":", nul + 1);
    if (nul < 0 || colon < 0) continue;
    if (out.length >= MAX_LINES) return { lines: out, complete: false };
    out.push({
      path: record.slice(0, nul).replace(/^\.\//, "").replace(/\\/g, "/"),
      line: Number(record.slice(nul + 1, colon)),
      text: record.slice(colon + 1),
    });
  }
  return { lines: out, complete: true };
}

interface ReadLines {
  lines: ExactLine[];
  complete: boolean;
}

/**
 * The in-process backend: the literal (case folded as rg folds it when `insensitive`, by a
 * `iu` regular expression) in each file, one entry per matching line as rg prints it.
 */
function scanLines(literal: string, insensitive: boolean, options: ExactOptions, prefix: string | null): ReadLines {
  const maxBytes = options.maxFileBytes ?? 1_048_576;
  const pattern = new RegExp(escapeRegExp(literal), insensitive ? "giu" : "gu");
  const out: ExactLine[] = [];
  for (const path of options.files?.() ?? []) {
    if (!matchesPathFilter(path, prefix)) continue;
    const absolute = join(options.root, ...path.split("/"));
    let text: string;
    try {
      if (statSync(absolute).size > maxBytes) continue;
      text = readFileSync(absolute, "utf8");
    } catch {
      continue; // deleted since the index saw it
    }
    pattern.lastIndex = 0;
    let line = 1;
    let lineStart = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      let newline = text.indexOf("\n", lineStart);
      while (newline >= 0 && newline < match.index) {
        line++;
        lineStart = newline + 1;
        newline = text.indexOf("\n", lineStart);
      }
      if (out.length >= MAX_LINES) return { lines: out, complete: false };
      out.push({ path, line, text: text.slice(lineStart, newline < 0 ? text.length : newline) });
      // One entry per line, like rg.
      if (newline < 0) break;
      pattern.lastIndex = newline + 1;
    }
  }
  return { lines: out, complete: true };
}

const TEST_PATH = /(^|\/)(tests?|__tests__|spec|e2e)(\/|$)|[._-](test|spec)\.[a-z]+$/i;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function collapse(lines: readonly ExactLine[], literal: string, limit: number, insensitive: boolean): Omit<ExactResult, "backend" | "complete"> {
  const flags = insensitive ? "iu" : "u";
  const name = escapeRegExp(literal);
  const definition = new RegExp(
    // A declaration keyword before the name, or the name at line start followed by `=`/`:` or a method body.
    `\\b(function\\*?|class|interface|type|const|let|var|def|fn|struct|enum|trait|impl|mod|object|fun|val|namespace)\\s+${name}\\b|^\\s*(export\\s+)?(async\\s+)?${name}\\s*(=[^=]|:|\\([^)]*\\)\\s*[{:])`,
    flags,
  );
  const byFile = new Map<string, ExactLine[]>();
  for (const entry of lines) {
    const list = byFile.get(entry.path);
    if (list) list.push(entry);
    else byFile.set(entry.path, [entry]);
  }
  const files = [...byFile.entries()].map(([path, entries]) => {
    entries.sort((a, b) => a.line - b.line);
    const defining = entries.find((entry) => definition.test(entry.text));
    const best = defining ?? entries[0]!;
    const score = (defining ? 2 : 1) + Math.min(entries.length, 20) / 100 - (TEST_PATH.test(path) ? 0.5 : 0);
    return { path, entries, best, score };
  });
  files.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const hits = files.slice(0, Math.max(0, limit)).map((file, index): ExactHit => {
    const second = file.entries.find((entry) => entry !== file.best);
    const snippet = [file.best, ...(second ? [second] : [])].sort((a, b) => a.line - b.line).map((entry) => clip(entry.text.trim()));
    return {
      rank: index + 1,
      artifact_id: `exact:${file.path}:${file.best.line}`,
      path: file.path,
      line: file.best.line,
      start_line: file.best.line,
      end_line: file.best.line,
      location: `line ${file.best.line}`,
      score: Math.round(file.score * 10_000) / 10_000,
      confidence: file.score >= 2 ? "High" : file.score >= 1 ? "Medium" : "Low",
      snippet: snippet.join("\n"),
      language: langFromPath(file.path),
      symbol: null,
      source: "exact",
      match_count: file.entries.length,
      lines: file.entries.slice(0, 8).map((entry) => entry.line),
    };
  });
  return { hits, total_matches: lines.length, files_matched: byFile.size };
}

function clip(line: string): string {
  return line.length <= 160 ? line : `${line.slice(0, 159)}…`;
}
