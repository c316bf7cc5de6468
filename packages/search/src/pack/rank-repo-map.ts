import { personalizedPageRank } from "@tsift/algorithms";
import { LANGS, langInfo } from "@tsift/graph/langs";
import { symbolHandle, type RepoMapRows, type RepoMapSymbol } from "@tsift/index";
import type { PackProfile } from "./pack-types";

/** A symbol with its place in the ranking. */
export interface RankedSymbol {
  row: RepoMapSymbol;
  handle: string;
  /** Its PageRank score. */
  score: number;
  /** The score the profile orders by (`plan` discounts non-public symbols). */
  priority: number;
  depth: number;
  /** The container it is shown under, when that is a symbol of the same file. */
  parent: RankedSymbol | null;
  changed: boolean;
}

export interface RepoMapRanking {
  /** Symbols best first: priority desc, then file, line, name. */
  symbols: RankedSymbol[];
  /** Every file with a ranked symbol, best first (its symbols' scores summed, then path). */
  files: Array<{ path: string; language: string; score: number }>;
  /** Symbol row id → its callee and caller names (for `debug`). */
  neighbours: Map<number, { calls: string[]; calledBy: string[] }>;
}

/**
 * Languages whose "symbols" are document structure (headings, code blocks), not code: those
 * without calls (Markdown), whose symbols a call graph cannot rank.
 */
const PROSE_LANGUAGES: ReadonlySet<string> = new Set(LANGS.filter((lang) => !langInfo(lang).hasCalls));
/** `plan` shows the API first: a symbol that is not public ranks at this share of its score. */
const NON_PUBLIC_WEIGHT = 0.25;
/** Restart weight of a changed symbol's direct callers and callees under `debug`. */
const NEIGHBOUR_RESTART = 0.5;

const fileNode = (path: string) => `file:${path}`;
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * PageRank over the symbol graph: resolved calls (weighted by call sites; module-level
 * calls start at the file), imports (the importing file → the imported top-level symbol,
 * or the file when the name is not a symbol there), and containment (a member → its
 * container, so a class ranks with its methods). A top-level symbol passes no rank to its
 * file: that made every file's imports soak up the rank of its busiest functions. With `changed`, the random surfer restarts only at the changed
 * symbols (and their files; under `debug` also at their callers and callees), so the map
 * centres on the change. `include` says which files may appear at all.
 */
export function rankRepoMap(
  rows: RepoMapRows,
  options: { profile: PackProfile; changed: ReadonlySet<number> | null; include: (path: string) => boolean },
): RepoMapRanking {
  const candidates = rows.symbols.filter((row) => !PROSE_LANGUAGES.has(row.language) && options.include(row.file));
  const byId = new Map<number, RepoMapSymbol>(rows.symbols.map((row) => [row.id, row]));
  const nodeOf = new Map<number, string>();
  for (const row of rows.symbols) nodeOf.set(row.id, symbolHandle(row.file, row.qualified_name, row.line));
  const containers = new Map<string, RepoMapSymbol>();
  for (const row of rows.symbols) {
    const key = `${row.file}\0${row.qualified_name}`;
    if (!containers.has(key)) containers.set(key, row);
  }
  const containerOf = (row: RepoMapSymbol) => (row.parent === null ? undefined : containers.get(`${row.file}\0${row.parent}`));

  const edges: Array<[string, string]> = [];
  const add = (from: string, to: string, times = 1) => {
    for (let i = 0; i < times; i++) edges.push([from, to]);
  };
  for (const call of rows.calls) {
    const to = nodeOf.get(call.target_id);
    if (to === undefined) continue;
    const from = call.caller_id === null ? fileNode(call.file) : nodeOf.get(call.caller_id);
    if (from !== undefined) add(from, to, call.sites);
  }
  const topLevel = new Map<string, string[]>();
  for (const row of rows.symbols) {
    if (row.parent !== null) continue;
    const key = `${row.file}\0${row.name}`;
    const list = topLevel.get(key);
    if (list) list.push(nodeOf.get(row.id)!);
    else topLevel.set(key, [nodeOf.get(row.id)!]);
  }
  for (const imported of rows.imports) {
    const targets = imported.name === null ? undefined : topLevel.get(`${imported.resolved_file}\0${imported.name}`);
    if (targets) for (const target of targets) add(fileNode(imported.file), target, imported.sites);
    else add(fileNode(imported.file), fileNode(imported.resolved_file), imported.sites);
  }
  for (const row of rows.symbols) {
    const container = containerOf(row);
    if (container && container.id !== row.id) add(nodeOf.get(row.id)!, nodeOf.get(container.id)!);
  }

  let personalization: Record<string, number> | undefined;
  const changed = options.changed;
  if (changed && changed.size > 0) {
    personalization = Object.create(null) as Record<string, number>;
    const restart = personalization;
    const neighbours = new Set<number>();
    for (const call of rows.calls) {
      if (call.caller_id === null) continue;
      if (changed.has(call.caller_id)) neighbours.add(call.target_id);
      if (changed.has(call.target_id)) neighbours.add(call.caller_id);
    }
    if (options.profile === "debug") for (const id of neighbours) if (byId.has(id)) restart[nodeOf.get(id)!] = NEIGHBOUR_RESTART;
    for (const id of changed) {
      const row = byId.get(id);
      if (!row) continue;
      restart[nodeOf.get(id)!] = 1;
      restart[fileNode(row.file)] = 1;
    }
  }
  const nodes = [...new Set([...nodeOf.values(), ...rows.files.map((file) => fileNode(file.path))])];
  const report = personalizedPageRank({ nodes, edges }, { ...(personalization ? { personalization } : {}), maxIterations: 200 });

  const ranked = new Map<number, RankedSymbol>();
  const seen = new Set<string>();
  for (const row of candidates) {
    const handle = nodeOf.get(row.id)!;
    // Two rows with one handle (same file, name and line) are one definition.
    if (seen.has(handle)) continue;
    seen.add(handle);
    const score = report.scores[handle] ?? 0;
    const publicApi = row.visibility === null || row.visibility === "public" || row.visibility === "exported";
    const priority = options.profile === "plan" && !publicApi ? score * NON_PUBLIC_WEIGHT : score;
    ranked.set(row.id, { row, handle, score, priority, depth: 0, parent: null, changed: changed?.has(row.id) ?? false });
  }
  for (const symbol of ranked.values()) {
    const container = containerOf(symbol.row);
    symbol.parent = container && container.id !== symbol.row.id ? (ranked.get(container.id) ?? null) : null;
  }
  for (const symbol of ranked.values()) {
    let depth = 0;
    for (let up = symbol.parent; up && depth < 16; up = up.parent) depth++;
    symbol.depth = depth;
  }

  const reviewFirst = options.profile === "review" && changed !== null;
  const symbols = [...ranked.values()].sort(
    (a, b) =>
      (reviewFirst ? Number(b.changed) - Number(a.changed) : 0) ||
      b.priority - a.priority ||
      compareText(a.row.file, b.row.file) ||
      a.row.line - b.row.line ||
      compareText(a.row.name, b.row.name),
  );
  const fileScores = new Map<string, number>();
  const changedFiles = new Set<string>();
  for (const symbol of symbols) {
    fileScores.set(symbol.row.file, (fileScores.get(symbol.row.file) ?? 0) + symbol.score);
    if (symbol.changed) changedFiles.add(symbol.row.file);
  }
  const languages = new Map(rows.files.map((file) => [file.path, file.language]));
  // A centred map shows the changed files first: the rank that flows from a change gathers in what it calls.
  const files = [...fileScores]
    .map(([path, score]) => ({ path, language: languages.get(path) ?? "", score }))
    .sort((a, b) => Number(changedFiles.has(b.path)) - Number(changedFiles.has(a.path)) || b.score - a.score || compareText(a.path, b.path));

  const neighbours = new Map<number, { calls: string[]; calledBy: string[] }>();
  if (options.profile === "debug" && changed) {
    const entry = (id: number) => {
      let value = neighbours.get(id);
      if (!value) neighbours.set(id, (value = { calls: [], calledBy: [] }));
      return value;
    };
    for (const call of rows.calls) {
      const target = byId.get(call.target_id);
      if (!target) continue;
      if (call.caller_id !== null && changed.has(call.caller_id)) entry(call.caller_id).calls.push(target.qualified_name);
      if (changed.has(call.target_id))
        entry(call.target_id).calledBy.push(call.caller_id === null ? `<${call.file}>` : (byId.get(call.caller_id)?.qualified_name ?? "?"));
    }
    for (const value of neighbours.values()) {
      value.calls = [...new Set(value.calls)].sort(compareText);
      value.calledBy = [...new Set(value.calledBy)].sort(compareText);
    }
  }
  return { symbols, files, neighbours };
}
