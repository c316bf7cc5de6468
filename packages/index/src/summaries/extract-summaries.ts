import { existsSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { TsiftError } from "@tsift/core/light";
import type { SqliteConnection } from "@tsift/sqlite";
import type { IndexOpener } from "../store/open-read-index";
import type { TsiftConfig } from "../walk/config/tsift-config";
import { runGit } from "../walk/git-command";
import { anthropicSummaryProvider, DEFAULT_API_KEY_ENV, DEFAULT_SUMMARY_MODEL, type SummaryProvider, type SummaryRequestItem } from "./summary-provider";
import { acquireSummariesLock, openSummariesWriter, summariesLocation } from "./summaries-store";
import { cacheFile, indexedFiles, symbolSources, type SymbolSource } from "./symbol-sources";

/** Symbols per Messages API request: enough to amortize the prompt, small enough to answer in one go. */
export const DEFAULT_SUMMARY_BATCH_SIZE = 8;
/** `[summarize] max_file_tokens` when unset: larger files are skipped. */
export const DEFAULT_MAX_FILE_TOKENS = 8000;

export interface ExtractSummariesOptions {
  /** Absolute directory or file to extract; default the index's source root. */
  target?: string | undefined;
  /** Only files git reports changed (tracked changes against HEAD, plus untracked files). */
  diff?: boolean | undefined;
  /** Default: the Anthropic Messages API, configured from `[summarize]` and the environment. */
  provider?: SummaryProvider | undefined;
  /** Where the API key and `ANTHROPIC_BASE_URL` are read; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>> | undefined;
  batchSize?: number | undefined;
}

export interface ExtractSkip {
  file: string;
  reason: "too_large" | "unreadable";
}

/** What one `tsift summarize --extract` did. */
export interface ExtractReport {
  /** The extract scope, relative to the project root (`.` for all of it). */
  scope: string;
  diff: boolean;
  files: number;
  symbols: number;
  /** Symbols sent to the provider this run. */
  summarized: number;
  /** Symbols whose cached summary was still current. */
  reused: number;
  /** Cached rows removed: symbols edited, deleted, or in files gone from the scope. */
  pruned: number;
  skipped: ExtractSkip[];
  requests: number;
  model: string;
  tokens_input: number;
  tokens_output: number;
}

/** The provider `[summarize]` and the environment describe; the key must be set. */
export function summaryProviderFromConfig(config: TsiftConfig, env: Readonly<Record<string, string | undefined>>): SummaryProvider {
  const keyEnv = config.summarize.apiKeyEnv ?? DEFAULT_API_KEY_ENV;
  const apiKey = env[keyEnv];
  if (apiKey === undefined || apiKey === "") {
    throw new TsiftError("invalid_input", `no API key for summary extraction: the environment variable ${keyEnv} is not set`, {
      details: { apiKeyEnv: keyEnv },
      hint: `export ${keyEnv}=… (or name another variable with [summarize] api_key_env in .tsift/config.toml)`,
    });
  }
  return anthropicSummaryProvider({ apiKey, model: config.summarize.model ?? DEFAULT_SUMMARY_MODEL, baseUrl: env.ANTHROPIC_BASE_URL || undefined });
}

/** Absolute paths of files git reports changed under `root`; an unborn HEAD has untracked files only. */
export function gitChangedFiles(root: string): Set<string> {
  const top = runGit(root, ["rev-parse", "--show-toplevel"]);
  if (top.status !== 0) throw new TsiftError("invalid_input", `--diff needs a git repository, and ${root} is not in one`, { details: { root } });
  const workTree = top.stdout.trim();
  const lines: string[] = [];
  const head = runGit(root, ["rev-parse", "--verify", "-q", "HEAD"]);
  if (head.status === 0) lines.push(...runGit(workTree, ["diff", "--name-only", "HEAD", "--"]).stdout.split("\n"));
  lines.push(...runGit(workTree, ["ls-files", "--others", "--exclude-standard"]).stdout.split("\n"));
  return new Set(lines.filter((line) => line !== "").map((line) => resolve(workTree, line)));
}

function within(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === "" || (!rel.startsWith("..") && !rel.startsWith(sep) && rel !== "..");
}

/**
 * `tsift summarize --extract`: summarizes the indexed symbols under `target` whose current
 * source has no cached summary. The summaries lock is taken before anything is read or
 * spent (a second extractor fails fast with `lock_held`); every provider answer is
 * collected first and the cache is changed in one transaction at the end, so a failed
 * request (429, 500, a malformed answer) leaves it exactly as it was.
 */
export async function extractSummaries(open: IndexOpener, options: ExtractSummariesOptions = {}): Promise<ExtractReport> {
  const batchSize = options.batchSize ?? DEFAULT_SUMMARY_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new TsiftError("invalid_input", `batch size must be a positive integer, got ${batchSize}`);
  const index = await open();
  const location = summariesLocation(index.root);
  const target = options.target ?? index.location.sourceRoot;
  const changed = options.diff ? gitChangedFiles(index.root) : null;
  const maxChars = 4 * (index.config.summarize.maxFileTokens ?? DEFAULT_MAX_FILE_TOKENS);

  const lock = acquireSummariesLock(location);
  try {
    const scopeFiles = indexedFiles(index.db).filter((file) => within(join(index.location.sourceRoot, file), target));
    const files = changed ? scopeFiles.filter((file) => changed.has(join(index.location.sourceRoot, file))) : scopeFiles;
    // A new cache file is created only once every answer is in: a first extract that fails
    // (no key, a 429) leaves no empty cache behind for the reads to mistake for a real one.
    let writer: SqliteConnection | null = existsSync(location.dbPath) ? openSummariesWriter(location) : null;
    try {
      const lookup = writer?.database.prepare("SELECT 1 FROM summaries WHERE file_path = ? AND symbol_name = ? AND kind = ? AND content_hash = ?");
      const skipped: ExtractSkip[] = [];
      const processed: { file: string; fileHash: string; symbols: SymbolSource[] }[] = [];
      const todo: SymbolSource[] = [];
      let reused = 0;
      for (const file of files) {
        const sources = symbolSources(index.db, index.location, file);
        if (sources === null) {
          skipped.push({ file: cacheFile(index.location, file), reason: "unreadable" });
          continue;
        }
        if (sources.symbols.reduce((sum, symbol) => sum + symbol.source.length, 0) > maxChars) {
          skipped.push({ file: cacheFile(index.location, file), reason: "too_large" });
          continue;
        }
        processed.push({ file: cacheFile(index.location, file), fileHash: sources.fileHash, symbols: sources.symbols });
        for (const symbol of sources.symbols) {
          if (lookup?.get(symbol.file, symbol.qualifiedName, symbol.kind, symbol.hash)) reused += 1;
          else todo.push(symbol);
        }
      }

      const provider = todo.length > 0 ? (options.provider ?? summaryProviderFromConfig(index.config, options.env ?? process.env)) : options.provider;
      const answers = new Map<SymbolSource, { summary: string; concepts: string[]; model: string; tokensInput: number; tokensOutput: number }>();
      let tokensInput = 0;
      let tokensOutput = 0;
      let requests = 0;
      for (let start = 0; start < todo.length; start += batchSize) {
        const slice = todo.slice(start, start + batchSize);
        const batch: SummaryRequestItem[] = slice.map((symbol, i) => ({
          id: `s${i + 1}`,
          file: symbol.file,
          name: symbol.qualifiedName,
          kind: symbol.kind,
          source: symbol.source,
        }));
        const result = await provider!.summarize(batch);
        requests += 1;
        // The batch's tokens are shared out over its symbols exactly, and the report adds up
        // those same shares, so the rows `--stats` sums spend what the extract said it spent.
        const inputShares = shareTokens(result.tokensInput, slice.length);
        const outputShares = shareTokens(result.tokensOutput, slice.length);
        slice.forEach((symbol, i) => {
          const answer = result.summaries.get(batch[i]!.id)!;
          answers.set(symbol, { ...answer, model: result.model, tokensInput: inputShares[i]!, tokensOutput: outputShares[i]! });
          tokensInput += inputShares[i]!;
          tokensOutput += outputShares[i]!;
        });
      }

      const extractedAt = new Date().toISOString();
      const scopeKey = relative(index.root, target).split(sep).join("/") || ".";
      let pruned = 0;
      writer ??= openSummariesWriter(location);
      const db = writer.database;
      db.transaction(() => {
        const insert = db.prepare(
          "INSERT OR REPLACE INTO summaries (file_path, symbol_name, kind, line, content_hash, file_hash, summary, concept_labels, extracted_at, model, tokens_input, tokens_output) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        );
        const rowsOf = db.prepare("SELECT id, symbol_name, kind, content_hash FROM summaries WHERE file_path = ?");
        const remove = db.prepare("DELETE FROM summaries WHERE id = ?");
        for (const entry of processed) {
          const keep = new Set(entry.symbols.map((symbol) => `${symbol.qualifiedName}\0${symbol.kind}\0${symbol.hash}`));
          for (const row of rowsOf.all(entry.file) as { id: number; symbol_name: string; kind: string; content_hash: string }[]) {
            if (!keep.has(`${row.symbol_name}\0${row.kind}\0${row.content_hash}`)) pruned += remove.run(row.id).changes;
          }
          db.prepare("UPDATE summaries SET file_hash = ? WHERE file_path = ?").run(entry.fileHash, entry.file);
          for (const symbol of entry.symbols) {
            const answer = answers.get(symbol);
            if (!answer) continue;
            insert.run(
              symbol.file,
              symbol.qualifiedName,
              symbol.kind,
              symbol.line,
              symbol.hash,
              entry.fileHash,
              answer.summary,
              JSON.stringify(answer.concepts),
              extractedAt,
              answer.model,
              answer.tokensInput,
              answer.tokensOutput,
            );
          }
        }
        // A full extract also drops the rows of files no longer indexed inside its scope.
        if (!changed) {
          const live = new Set(scopeFiles.map((file) => cacheFile(index.location, file)));
          const files = db.prepare("SELECT DISTINCT file_path FROM summaries").pluck().all() as string[];
          for (const file of files) {
            if (live.has(file) || !within(join(index.root, file), target)) continue;
            pruned += db.prepare("DELETE FROM summaries WHERE file_path = ?").run(file).changes;
          }
        }
        db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('extracted_at', ?)").run(extractedAt);
      })();
      return {
        scope: scopeKey,
        diff: changed !== null,
        files: processed.length,
        symbols: processed.reduce((sum, entry) => sum + entry.symbols.length, 0),
        summarized: answers.size,
        reused,
        pruned,
        skipped,
        requests,
        model: provider?.model ?? index.config.summarize.model ?? DEFAULT_SUMMARY_MODEL,
        tokens_input: tokensInput,
        tokens_output: tokensOutput,
      };
    } finally {
      await writer?.close();
    }
  } finally {
    lock.release();
  }
}

/** `total` tokens (rounded to a whole number) shared over `count` rows: whole shares, the first ones one larger, adding up to the total. */
function shareTokens(total: number, count: number): number[] {
  const whole = Math.max(0, Math.round(total));
  const base = Math.floor(whole / count);
  const extra = whole - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
}
