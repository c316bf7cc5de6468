import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { PackFile, PackFormat, PackLeftOut, PackSymbol, SkippedEntry, TokenMapRow } from "./pack-types";
import type { RankedSymbol, RepoMapRanking } from "./rank-repo-map";
import { renderFile, renderPack, RENDERERS, symbolLines, type PackDocument } from "./render-pack";
import { scanContent, secretLineReason } from "./secret-screen";
import type { TokenCounter } from "./token-counter";

export interface FillOptions {
  sourceRoot: string;
  format: PackFormat;
  budget: number;
  count: TokenCounter;
  tokenMap: boolean;
  /** `review`: which symbols show the first lines of their body. */
  withBody: (symbol: RankedSymbol) => boolean;
  /** The document's fixed parts; `files`, `leftOut`, `skipped` and `tokenMap` are filled here. */
  doc: Omit<PackDocument, "files" | "leftOut" | "tokenMap">;
}

export interface FilledPack {
  files: PackFile[];
  leftOut: PackLeftOut;
  text: string;
  tokens: number;
  skipped: SkippedEntry[];
  tokenMap?: TokenMapRow[];
}

/** Body lines a `review` symbol shows, and the width each is cut to. */
export const REVIEW_BODY_LINES = 6;
const BODY_LINE_CHARS = 160;
const SIGNATURE_CHARS = 240;
/** Consecutive candidates that did not fit after which the rest are not tried. */
const MAX_MISSES = 400;
const LEFT_OUT_SHOWN = 5;
/** Unused tokens past which a second pass tries to take more, and what it reserves for the footer's numbers growing. */
const TOP_UP_SLACK = 16;
const FOOTER_GROWTH = 6;

interface Entry {
  path: string;
  symbols: PackSymbol[];
}

/**
 * Fills the budget greedily, best-ranked symbol first (Aider's repo map, with a real
 * tokenizer): each symbol is priced by the tokens of the piece it adds (its lines, plus
 * its file's heading and token-map row when the file is new, plus any container it is
 * shown under), and taken when it fits. Files are screened for credentials as they are
 * reached, and each printed line once more. The pieces' sum is an estimate (a BPE merges
 * across their joins), so the whole pack is then rendered and counted exactly, and the
 * last-taken symbols are dropped until it fits.
 */
export async function fillPack(ranking: RepoMapRanking, options: FillOptions): Promise<FilledPack> {
  const { count, format } = options;
  const renderer = RENDERERS[format];
  const files = new Map<string, PackFile>();
  const contents = new Map<string, string[] | null>();
  const blockedFiles = new Set<string>();
  const blockedSymbols = new Set<RankedSymbol>();
  const included = new Set<RankedSymbol>();
  const skipped = [...options.doc.skipped];
  const entries: Entry[] = [];
  const fileInfo = new Map(ranking.files.map((file, rank) => [file.path, { ...file, rank }]));

  const emptyDoc = (): PackDocument => ({
    ...options.doc,
    files: [],
    leftOut: { files: ranking.files.length, symbols: ranking.symbols.length, top_files: ranking.files.slice(0, LEFT_OUT_SHOWN).map((file) => file.path) },
    skipped,
    ...(options.tokenMap ? { tokenMap: [] } : {}),
  });
  // The footer grows with the skipped list the screens fill; 24 tokens cover two more entries.
  const fixedCost = () => count(renderPack(emptyDoc(), format)) + 24;
  let pieces = 0;
  let used = 0;
  let misses = 0;

  const linesOf = async (path: string): Promise<string[] | null> => {
    if (contents.has(path)) return contents.get(path)!;
    let text: string | null;
    try {
      text = await readFile(join(options.sourceRoot, path), "utf8");
    } catch {
      text = null;
    }
    const finding = text === null ? null : await scanContent(path, text);
    if (finding) {
      skipped.push({ path, reason: "secret_content", detail: finding });
      blockedFiles.add(path);
    }
    const lines = text === null || finding ? null : text.split("\n");
    contents.set(path, lines);
    return lines;
  };

  const starts = new Map<string, number[]>();
  for (const symbol of ranking.symbols) {
    const list = starts.get(symbol.row.file);
    if (list) list.push(symbol.row.line);
    else starts.set(symbol.row.file, [symbol.row.line]);
  }
  for (const lines of starts.values()) lines.sort((a, b) => a - b);

  const packSymbol = (symbol: RankedSymbol, lines: string[] | null): PackSymbol => {
    const { row } = symbol;
    const signature = (row.signature ?? `${row.kind} ${row.qualified_name}`).replace(/\s*\n\s*/g, " ");
    const shown: PackSymbol = {
      handle: symbol.handle,
      name: row.qualified_name,
      kind: row.kind,
      line: row.line,
      end_line: row.end_line,
      signature: cut(signature, SIGNATURE_CHARS),
      depth: symbol.depth,
      score: round(symbol.score),
      changed: symbol.changed,
    };
    if (lines && row.end_line > row.line && options.withBody(symbol)) {
      // A body stops where the next definition starts, so a class does not repeat its methods.
      const next = starts.get(row.file)?.find((start) => start > row.line) ?? Infinity;
      const last = Math.min(row.end_line - 1, row.line + REVIEW_BODY_LINES, next - 1);
      const body = lines.slice(row.line, last).map((line) => cut(line.trimEnd(), BODY_LINE_CHARS));
      if (body.length > 0) shown.body = body;
    }
    const neighbours = ranking.neighbours.get(row.id);
    if (neighbours && symbol.changed) {
      if (neighbours.calls.length) shown.calls = neighbours.calls.slice(0, 5);
      if (neighbours.calledBy.length) shown.called_by = neighbours.calledBy.slice(0, 5);
    }
    return shown;
  };

  const take = async () => {
    for (const candidate of ranking.symbols) {
      if (misses >= MAX_MISSES || used >= options.budget) break;
      if (included.has(candidate) || blockedSymbols.has(candidate)) continue;
      const path = candidate.row.file;
      if (blockedFiles.has(path)) continue;
      const chain: RankedSymbol[] = [];
      for (let symbol: RankedSymbol | null = candidate; symbol && !included.has(symbol); symbol = symbol.parent) chain.unshift(symbol);
      const file = files.get(path) ?? {
        path,
        language: fileInfo.get(path)?.language ?? "",
        score: round(fileInfo.get(path)?.score ?? 0),
        changed: false,
        symbols: [],
      };
      let fileCost = 0;
      if (!files.has(path)) {
        fileCost = count(renderer.fileOpen(file, false) + renderer.fileClose(file));
        if (options.tokenMap)
          fileCost += count(renderer.tokenMap([{ path, pack_tokens: 99999, raw_tokens: 999999, symbols: 999 }])) - count(renderer.tokenMap([]));
      }
      const price = (shown: readonly PackSymbol[]) => fileCost + shown.reduce((sum, symbol) => sum + count(renderer.symbol(symbol, false)), 0);
      // Priced without bodies first (bodies only add), so a file is read and screened only when its symbol may fit.
      let shown = chain.map((symbol) => packSymbol(symbol, null));
      let cost = price(shown);
      if (used + cost <= options.budget) {
        const lines = await linesOf(path);
        if (blockedFiles.has(path)) {
          used = fixedCost() + pieces;
          continue;
        }
        if (chain.some(options.withBody)) {
          shown = chain.map((symbol) => packSymbol(symbol, lines));
          cost = price(shown);
        }
        const leak = shown
          .map((symbol) => ({
            symbol,
            reason: symbolLines(symbol)
              .map(secretLineReason)
              .find((reason) => reason !== null),
          }))
          .find((hit) => hit.reason);
        if (leak) {
          blockedSymbols.add(candidate);
          skipped.push({ path, reason: "secret_line", detail: `line ${leak.symbol.line}: ${leak.reason}` });
          used = fixedCost() + pieces;
          continue;
        }
      }
      if (used + cost > options.budget) {
        misses++;
        continue;
      }
      misses = 0;
      pieces += cost;
      used += cost;
      files.set(path, file);
      file.symbols.push(...shown);
      chain.forEach((symbol) => included.add(symbol));
      entries.push({ path, symbols: shown });
    }
  };

  // Exact: render and count the whole pack, dropping the last-taken symbols until it fits.
  const fit = async (): Promise<FilledPack> => {
    for (;;) {
      const doc = documentOf(options, ranking, files, included, skipped);
      if (options.tokenMap) doc.tokenMap = await tokenMapOf(doc.files, renderer, count, linesOf);
      const text = renderPack(doc, format);
      const tokens = count(text);
      if (tokens <= options.budget || entries.length === 0) {
        return { files: doc.files, leftOut: doc.leftOut, text, tokens, skipped, ...(doc.tokenMap ? { tokenMap: doc.tokenMap } : {}) };
      }
      const last = entries.pop()!;
      const file = files.get(last.path)!;
      file.symbols = file.symbols.filter((symbol) => !last.symbols.includes(symbol));
      if (file.symbols.length === 0) files.delete(last.path);
      for (const symbol of ranking.symbols) if (last.symbols.some((shown) => shown.handle === symbol.handle)) included.delete(symbol);
    }
  };

  used = fixedCost();
  await take();
  const first = await fit();
  if (options.budget - first.tokens <= TOP_UP_SLACK) return first;
  // The estimate left room (it reserves for the footer growing): take more against the exact count.
  pieces = first.tokens + FOOTER_GROWTH - fixedCost();
  used = first.tokens + FOOTER_GROWTH;
  misses = 0;
  const before = [entries.length, skipped.length];
  await take();
  return entries.length === before[0] && skipped.length === before[1] ? first : fit();
}

function documentOf(
  options: FillOptions,
  ranking: RepoMapRanking,
  files: Map<string, PackFile>,
  included: Set<RankedSymbol>,
  skipped: SkippedEntry[],
): PackDocument {
  const order = new Map(ranking.files.map((file, rank) => [file.path, rank]));
  const packFiles = [...files.values()]
    .sort((a, b) => order.get(a.path)! - order.get(b.path)!)
    .map((file) => {
      const symbols = [...file.symbols].sort((a, b) => a.line - b.line || a.depth - b.depth || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      return { ...file, symbols, changed: symbols.some((symbol) => symbol.changed) || (options.doc.centre?.files.includes(file.path) ?? false) };
    });
  const blocked = new Set(skipped.map((entry) => entry.path));
  const leftFiles = ranking.files.filter((file) => !files.has(file.path) && !blocked.has(file.path));
  const leftSymbols = ranking.symbols.filter((symbol) => !included.has(symbol) && !blocked.has(symbol.row.file)).length;
  return {
    ...options.doc,
    files: packFiles,
    leftOut: { files: leftFiles.length, symbols: leftSymbols, top_files: leftFiles.slice(0, LEFT_OUT_SHOWN).map((file) => file.path) },
    skipped,
    skippedTotal: skipped.length,
  };
}

async function tokenMapOf(
  files: readonly PackFile[],
  renderer: (typeof RENDERERS)[PackFormat],
  count: TokenCounter,
  linesOf: (path: string) => Promise<string[] | null>,
): Promise<TokenMapRow[]> {
  const rows: TokenMapRow[] = [];
  for (const file of files) {
    const lines = await linesOf(file.path);
    rows.push({
      path: file.path,
      pack_tokens: count(renderFile(renderer, file, false)),
      raw_tokens: lines ? count(lines.join("\n")) : 0,
      symbols: file.symbols.length,
    });
  }
  return rows;
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function round(score: number): number {
  return Math.round(score * 1e6) / 1e6;
}
