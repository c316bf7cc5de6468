import { readFileSync } from "node:fs";
import { relative, resolve, sep } from "node:path";
import { TsiftError } from "@tsift/core";
import { diffTargetArgs, type DiffTarget } from "@tsift/digest";
import { langFromPath } from "@tsift/graph";
import { checkLimit, openReadIndex, resolveReadTarget, symbolsOfFile, type ImpactSymbol } from "@tsift/index/graph-read";
import { readTransaction } from "@tsift/index/indexer";
import type Database from "better-sqlite3";
import { changedSymbols, followedByCalls, type ChangedSymbol } from "./changed-symbols";
import { loadChanges, type ChangedFile } from "./git-changes";
import { IMPORT_REACH } from "./impact-types";
import type { AffectedTest, ImpactBudget, ImpactCoChange, ImpactOptions, ImpactReason, ImpactResult, ImpactVia, ImportReach } from "./impact-types";
import { callReach, importReach, type TestHit } from "./reverse-reach";
import { testCasesOf, type TestCase } from "./test-cases";
import { hasInlineTests, isInlineTestSymbol, isTestPath } from "./test-files";
import { runnerCommand } from "./test-runner";

export const DEFAULT_IMPACT_DEPTH = 3;
export const DEFAULT_IMPACT_LIMIT = 20;
/** Lists inside one test (names, reasons) and the changed files and symbols, without a budget. */
const DEFAULT_INNER_LIMIT = 10;
const MAX_DEPTH = 50;

const VIA_RANK: Record<ImpactVia, number> = { changed: 0, calls: 1, imports: 2 };

/**
 * `tsift impact` as a library call: from a change to the tests it affects. The changed
 * files come from git; the symbols they touch from the index (brought up to date first,
 * under the read commands' freshness and first-use policy); then the reverse call graph
 * (callers of callers, `depth` hops) and the import graph (importers of importers) are
 * walked back to test files, and each test file gets the tests inside it that reach the
 * change, its reasons, and the command for its runner. A changed method is also reached
 * through the interface and base-class members it implements (`dispatchSourcesOf`).
 * Advisory: it sees what the index sees (static calls and imports), not fixtures, mocks or
 * calls through values the index cannot type.
 */
export async function impact(options: ImpactOptions = {}): Promise<ImpactResult> {
  const depth = options.depth ?? DEFAULT_IMPACT_DEPTH;
  const limit = options.limit ?? DEFAULT_IMPACT_LIMIT;
  checkLimit("limit", limit, "impact");
  if (options.imports !== undefined && !IMPORT_REACH.includes(options.imports))
    throw new TsiftError("usage", `imports expects one of ${IMPORT_REACH.join(", ")}, got ${String(options.imports)}`);
  if (!Number.isInteger(depth) || depth < 1 || depth > MAX_DEPTH)
    throw new TsiftError("usage", `--depth expects a whole number from 1 to ${MAX_DEPTH}, got ${String(depth)}`);
  const target: DiffTarget = options.target ?? { kind: "worktree" };
  const cwd = options.cwd ?? process.cwd();
  // The diff first: outside a repository, or with an unknown revision, nothing is indexed.
  const { location } = resolveReadTarget({ cwd, path: options.path, scope: options.scope });
  const sourceRoot = location.sourceRoot;
  const paths = (options.paths ?? []).map((path) => relative(sourceRoot, resolve(cwd, path)).split(sep).join("/") || ".");
  const changed = await loadChanges(sourceRoot, target, paths, (path) => langFromPath(path) !== null);

  const index = await openReadIndex({ cwd, path: options.path, scope: options.scope });
  try {
    const shown = relative(index.root, sourceRoot).split(sep).join("/");
    const show = (path: string) => (shown ? `${shown}/${path}` : path);
    const settings = { depth, limit, imports: options.imports ?? "fallback", budget: options.budget ?? null, root: index.root, sourceRoot, show };
    const data = readTransaction(index.db, () => analyse(index.db, changed, settings));
    const coChanged = await coChangedWith(index.root, data.changed_files);
    return {
      data: { target: describeTarget(target), ...data, ...(coChanged.length ? { co_changed: coChanged } : {}) },
      root: index.root,
      pathArg: index.place.pathArg,
      notes: index.notes,
    };
  } finally {
    await index.close();
  }
}

/** Files changed with each of the first three changed source files, from an existing history index only (never built here). */
async function coChangedWith(root: string, changedFiles: readonly { path: string; test: boolean; status: string }[]): Promise<ImpactCoChange[]> {
  const { topCoChanged } = await import("@tsift/index/history");
  const found: ImpactCoChange[] = [];
  for (const file of changedFiles.filter((entry) => !entry.test && entry.status !== "added").slice(0, 3)) {
    const top = await topCoChanged(root, file.path, 3);
    if (top && top.files.length)
      found.push({ path: file.path, commits: top.commits, files: top.files.map(({ path, count, jaccard }) => ({ path, count, jaccard })) });
  }
  return found;
}

interface Settings {
  depth: number;
  limit: number;
  budget: ImpactBudget | null;
  imports: ImportReach;
  root: string;
  sourceRoot: string;
  show: (path: string) => string;
}

function analyse(db: Database.Database, changed: readonly ChangedFile[], settings: Settings) {
  const { depth, budget, show } = settings;
  const perFile = changed.map((file) => ({ file, symbols: changedSymbols(db, settings.sourceRoot, file) }));
  const symbols: ChangedSymbol[] = perFile.flatMap((entry) => entry.symbols);
  const texts = new Map<string, string | null>();
  const text = (file: string) => {
    if (!texts.has(file)) texts.set(file, readText(resolve(settings.sourceRoot, file)));
    return texts.get(file) ?? null;
  };
  const isTestFile = (file: string) => isTestPath(file) || hasInlineTests(file, text(file) ?? "");
  // An inline test module lives in a source file (Rust's `#[cfg(test)] mod tests`): there only
  // its marked tests and the symbols inside its test module count as tests.
  const isTestSite = (file: string, caller: ImpactSymbol | null) => isTestPath(file) || (caller !== null && isInlineTestSymbol(file, caller));

  const hits: (TestHit | ChangedHit)[] = [...callReach(db, symbols, depth, isTestSite)];
  const sources = perFile
    .filter(
      ({ file, symbols }) => file.status !== "deleted" && !isTestPath(file.path) && reachesByImports(settings.imports, () => followedByCalls(file, symbols)),
    )
    .map(({ file }) => file.path);
  hits.push(...importReach(db, sources, depth, isTestPath));
  for (const file of changed) if (file.status !== "deleted" && isTestPath(file.path)) hits.push({ file: file.path, via: "changed", file_change: file });

  const byFile = new Map<string, (TestHit | ChangedHit)[]>();
  for (const hit of hits) {
    const list = byFile.get(hit.file) ?? [];
    list.push(hit);
    byFile.set(hit.file, list);
  }
  const inner = budget?.maxItems ?? DEFAULT_INNER_LIMIT;
  const cut = (value: string) => truncate(value, budget?.maxBytes ?? null);
  const cache = new Map<string, unknown>();
  const tests: AffectedTest[] = [];
  for (const [file, fileHits] of byFile) {
    const source = text(file);
    if (source === null) continue;
    const cases = testCasesOf(file, source, symbolsOfFile(db, file));
    const selected = selectCases(cases, fileHits);
    const reasons = reasonsOf(fileHits, show);
    const best = fileHits.reduce((a, b) => (VIA_RANK[a.via] <= VIA_RANK[b.via] ? a : b));
    const hops = Math.min(...fileHits.filter((hit) => hit.via === best.via).map((hit) => ("hops" in hit ? hit.hops : 0)));
    const run = runnerCommand(settings.root, show(file), source, selected, cache);
    // A language with test files but no run command yet: nothing to hand the agent to run.
    if (run === null) continue;
    tests.push({
      file: show(file),
      runner: run.runner,
      command: run.command,
      names: selected.slice(0, inner).map((test) => cut(test.name)),
      names_total: selected.length,
      via: best.via,
      hops,
      reasons: reasons.slice(0, Math.min(inner, 3)).map((reason) => ({ ...reason, path: reason.path.map(cut) })),
      reasons_total: reasons.length,
    });
  }
  tests.sort((a, b) => VIA_RANK[a.via] - VIA_RANK[b.via] || a.hops - b.hops || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const cap = budget?.maxItems != null ? (settings.limit === 0 ? budget.maxItems : Math.min(settings.limit, budget.maxItems)) : settings.limit;
  const listed = cap === 0 ? tests : tests.slice(0, cap);

  const changedFiles = changed.map((file) => ({
    path: show(file.path),
    old_path: file.old_path === null ? null : show(file.old_path),
    status: file.status,
    test: isTestFile(file.path),
  }));
  const changedSymbolsOut = symbols
    .map((symbol) => ({ name: cut(symbol.qualified_name), kind: symbol.kind, file: show(symbol.file), line: symbol.line, change: symbol.change }))
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  return {
    depth,
    changed_files: changedFiles.slice(0, inner),
    changed_files_total: changedFiles.length,
    changed_symbols: changedSymbolsOut.slice(0, inner),
    changed_symbols_total: changedSymbolsOut.length,
    tests: listed,
    tests_total: tests.length,
    truncated: listed.length < tests.length,
    commands: listed.map((test) => test.command),
    advisory: `advisory: estimated from the index's static calls and imports (${depth} hop${depth === 1 ? "" : "s"} back); tests reached only at run time (mocks, fixtures, calls through untyped values) are not listed`,
  };
}

/** A changed test file: affected by its own change. */
interface ChangedHit {
  file: string;
  via: "changed";
  file_change: ChangedFile;
}

/**
 * The tests of a file that reach the change: those around a call site the walk met, or
 * overlapping the file's own changed lines. A reach outside every test (top-level code, an
 * import, a hook) affects the whole file: no names, the command runs the file.
 */
function selectCases(cases: readonly TestCase[], hits: readonly (TestHit | ChangedHit)[]): TestCase[] {
  const selected = new Set<TestCase>();
  for (const hit of hits) {
    if (hit.via === "imports") continue;
    const ranges = hit.via === "changed" ? hit.file_change.new_ranges : [{ start: hit.line, end: hit.line }];
    for (const range of ranges) {
      const around = cases.filter((test) => test.line <= range.end && test.end_line >= range.start);
      // Lines removed between tests leave nothing to run there; any other line outside every test affects them all.
      if (around.length === 0 && range.start > range.end) continue;
      if (around.length === 0) return [];
      for (const test of around) selected.add(test);
    }
  }
  if (selected.size === 0) return [];
  return cases.filter((test) => selected.has(test));
}

function reasonsOf(hits: readonly (TestHit | ChangedHit)[], show: (path: string) => string): ImpactReason[] {
  const out: ImpactReason[] = [];
  const seen = new Set<string>();
  const ordered = [...hits].sort((a, b) => VIA_RANK[a.via] - VIA_RANK[b.via] || ("hops" in a ? a.hops : 0) - ("hops" in b ? b.hops : 0));
  for (const hit of ordered) {
    const reason: ImpactReason =
      hit.via === "changed"
        ? { via: "changed", changed: show(hit.file), path: [show(hit.file)] }
        : { via: hit.via, changed: hit.via === "imports" ? show(hit.changed) : hit.changed, path: hit.via === "imports" ? hit.path.map(show) : hit.path };
    const key = `${reason.via}\0${reason.changed}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(reason);
  }
  return out;
}

/** Whether a changed file's importers are walked: always, never, or when the call graph cannot follow its change. */
function reachesByImports(mode: ImportReach, followed: () => boolean): boolean {
  return mode === "always" || (mode === "fallback" && !followed());
}

function describeTarget(target: DiffTarget): string {
  return diffTargetArgs(target).join(" ") || "worktree";
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

/** At most `maxBytes` UTF-8 bytes, ending in `…` when cut (never inside a character). */
function truncate(value: string, maxBytes: number | null): string {
  if (maxBytes === null || Buffer.byteLength(value) <= maxBytes) return value;
  let out = "";
  let bytes = 0;
  for (const char of value) {
    const size = Buffer.byteLength(char);
    if (bytes + size > Math.max(0, maxBytes - 3)) break;
    out += char;
    bytes += size;
  }
  return `${out}…`;
}
