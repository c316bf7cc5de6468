import { callersOfSymbol, dispatchSourcesOf, importersOfFile, undecidedCallsNamed, type ImpactCaller, type ImpactSymbol } from "@tsift/index/graph-read";
import type Database from "better-sqlite3";
import type { ChangedSymbol } from "./changed-symbols";
import type { ImpactVia } from "./impact-types";

/** A place in a test file that a change reaches: the call site (or import line) and how it got there. */
export interface TestHit {
  file: string;
  line: number;
  via: Exclude<ImpactVia, "changed">;
  /** The changed symbol's qualified name, or the changed file for an import reach. */
  changed: string;
  /** Hops from the change: the changed symbol (or file) first. */
  path: string[];
  hops: number;
  /** For an import: the whole file is affected, not the tests around `line`. */
  whole_file: boolean;
}

/** Whether a call site in `file`, made by `caller`, is test code. */
export type IsTestSite = (file: string, caller: ImpactSymbol | null) => boolean;

/** Where a walk came from: the changed symbol, and the hops so far. */
interface Origin {
  changed: string;
  path: string[];
}

interface Frontier extends Origin {
  symbol: ImpactSymbol;
}

const label = (symbol: { qualified_name: string; file: string; line: number }) => `${symbol.qualified_name} (${symbol.file}:${symbol.line})`;

/**
 * Walks the reverse call graph from the changed symbols, breadth-first and at most `depth`
 * hops (callers of callers), entering each symbol once, and returns every call site in test
 * code it meets. A method is also reached through the interface, trait and base-class
 * members it implements or overrides (`dispatchSourcesOf`), without a hop: a call the
 * resolver left on `Store.save` can run `MemoryStore.save`. Removed symbols have no row
 * any more: the calls the resolver left undecided that still write their name, in the
 * symbol's file or a file importing it, stand in for their callers.
 */
export function callReach(db: Database.Database, changed: readonly ChangedSymbol[], depth: number, isTestSite: IsTestSite): TestHit[] {
  const hits: TestHit[] = [];
  const visited = new Set<number>();
  let frontier: Frontier[] = [];
  for (const symbol of changed) {
    if (symbol.row && !visited.has(symbol.row.id)) {
      visited.add(symbol.row.id);
      frontier.push({ symbol: symbol.row, changed: symbol.qualified_name, path: [label(symbol.row)] });
    }
  }
  const removedSites: { site: ImpactCaller; from: ChangedSymbol }[] = [];
  for (const symbol of changed) {
    if (symbol.row) continue;
    const importers = new Set(importersOfFile(db, symbol.file).map((entry) => entry.file));
    for (const site of undecidedCallsNamed(db, symbol.name))
      if (site.file === symbol.file || importers.has(site.file)) removedSites.push({ site, from: symbol });
  }

  const step = (site: ImpactCaller, from: Origin, hops: number, next: Frontier[]) => {
    const path = [...from.path, site.caller ? label({ ...site.caller, line: site.line }) : `${site.file}:${site.line}`];
    if (isTestSite(site.file, site.caller)) hits.push({ file: site.file, line: site.line, via: "calls", changed: from.changed, path, hops, whole_file: false });
    if (site.caller && hops < depth && !visited.has(site.caller.id)) {
      visited.add(site.caller.id);
      next.push({ symbol: site.caller, changed: from.changed, path });
    }
  };

  let next: Frontier[] = [];
  for (const { site, from } of removedSites) {
    step(site, { changed: from.qualified_name, path: [`${from.qualified_name} (${from.file}:${from.line}, removed)`] }, 1, next);
  }
  for (let hops = 1; hops <= depth && (frontier.length > 0 || next.length > 0); hops++) {
    for (const from of frontier) {
      for (const site of callersOfSymbol(db, from.symbol.id)) step(site, from, hops, next);
      for (const member of dispatchSourcesOf(db, from.symbol.id)) {
        if (visited.has(member.id)) continue;
        visited.add(member.id);
        const via = { changed: from.changed, path: [...from.path, `${label(member)}, by dispatch`] };
        for (const site of callersOfSymbol(db, member.id)) step(site, via, hops, next);
      }
    }
    frontier = next.sort((a, b) => a.symbol.id - b.symbol.id);
    next = [];
  }
  return hits;
}

/**
 * Walks the import graph back from the changed files, at most `depth` hops (importers of
 * importers), and returns each test file it meets with the chain of files.
 */
export function importReach(db: Database.Database, files: readonly string[], depth: number, isTestFile: (file: string) => boolean): TestHit[] {
  const hits: TestHit[] = [];
  const visited = new Set<string>(files);
  let frontier = files.map((file) => ({ file, changed: file, path: [file] }));
  for (let hops = 1; hops <= depth && frontier.length > 0; hops++) {
    const next: typeof frontier = [];
    for (const from of frontier) {
      const seen = new Set<string>();
      for (const entry of importersOfFile(db, from.file)) {
        if (seen.has(entry.file)) continue;
        seen.add(entry.file);
        const path = [...from.path, `${entry.file}:${entry.line}`];
        if (isTestFile(entry.file)) hits.push({ file: entry.file, line: entry.line, via: "imports", changed: from.changed, path, hops, whole_file: true });
        if (!visited.has(entry.file)) {
          visited.add(entry.file);
          next.push({ file: entry.file, changed: from.changed, path });
        }
      }
    }
    frontier = next.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  }
  return hits;
}
