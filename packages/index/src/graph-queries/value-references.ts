import { readFileSync } from "node:fs";
import { join } from "node:path";
import type Database from "better-sqlite3";
import type { GraphSymbol } from "./graph-symbol";

/** Functions used as values, for dead code: who refers to whom without calling. */
export interface ValueReferences {
  /** (referring node, referred node) pairs, each once, in file then line order. */
  edges: Array<[string, string]>;
  /** Nodes named by top-level code (a script body, `create.get = ajaxGet` in an initializer): they may run. */
  topLevel: Set<string>;
}

const IDENTIFIER = /[A-Za-z_$][\w$]*/gu;
/** Comment lines in the languages indexed (`//`, `/*`, ` * `, `#`): a name there is no use. */
const COMMENT_LINE = /^\s*(\/\/|\/\*|\*|#(?!\[))/u;

/**
 * What calls alone miss: a function handed over as a value (`reduce(arrReducer, [])`, a
 * default parameter `compare = defaultCompare`, `create.get = ajaxGet`,
 * `socket.onopen = open`) runs when the code it was handed to calls it. The index records
 * calls, not references, so this reads the source under `root`: in each file, every
 * identifier that names a node defined in the file or imported into it by name
 * (`import { x as y }`, `from m import x`) is a reference from the innermost node whose span
 * holds the line, or from top-level code when none does. Comment lines are skipped; a name
 * inside a string still counts (dead code errs towards live).
 */
export function valueReferences(db: Database.Database, nodes: ReadonlyMap<string, GraphSymbol>, root: string): ValueReferences {
  const byFile = new Map<string, Array<[string, GraphSymbol]>>();
  for (const entry of nodes) {
    const list = byFile.get(entry[1].file);
    if (list) list.push(entry);
    else byFile.set(entry[1].file, [entry]);
  }
  // Top-level nodes by file and name: what an import of that name from that file reaches.
  const exportedByName = new Map<string, string[]>();
  for (const [key, symbol] of nodes) {
    if (symbol.parent !== null) continue;
    const id = `${symbol.file}\0${symbol.name}`;
    const list = exportedByName.get(id);
    if (list) list.push(key);
    else exportedByName.set(id, [key]);
  }
  const imports = db
    .prepare(
      "SELECT file, name, alias, resolved_file FROM imports WHERE resolved_file IS NOT NULL AND name IS NOT NULL AND name <> '*' ORDER BY file, line, id",
    )
    .raw()
    .all() as [string, string, string | null, string][];
  const visibleByFile = new Map<string, Map<string, string[]>>();
  const visible = (file: string) => {
    let names = visibleByFile.get(file);
    if (!names) visibleByFile.set(file, (names = new Map()));
    return names;
  };
  const see = (file: string, name: string, keys: readonly string[]) => {
    const names = visible(file);
    const list = names.get(name);
    if (list) list.push(...keys);
    else names.set(name, [...keys]);
  };
  for (const [file, list] of byFile) {
    const local = new Map<string, string[]>();
    for (const [key, symbol] of list) local.set(symbol.name, [...(local.get(symbol.name) ?? []), key]);
    for (const [name, keys] of local) see(file, name, keys);
  }
  for (const [file, name, alias, target] of imports) {
    const keys = exportedByName.get(`${target}\0${name}`);
    if (keys) see(file, alias ?? name, keys);
  }

  const edges: Array<[string, string]> = [];
  const seenEdges = new Set<string>();
  const topLevel = new Set<string>();
  for (const file of [...visibleByFile.keys()].sort()) {
    const names = visibleByFile.get(file)!;
    let text: string;
    try {
      text = readFileSync(join(root, file), "utf8");
    } catch {
      continue;
    }
    // Innermost span first: the shortest span holding a line is the referring node.
    const spans = (byFile.get(file) ?? [])
      .map(([key, symbol]) => ({ key, line: symbol.line, end: symbol.end_line }))
      .sort((a, b) => a.end - a.line - (b.end - b.line));
    const lines = text.split(/\r?\n/u);
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index]!;
      if (COMMENT_LINE.test(line)) continue;
      const number = index + 1;
      let from: string | null | undefined;
      for (const match of line.matchAll(IDENTIFIER)) {
        const targets = names.get(match[0]);
        if (!targets) continue;
        if (from === undefined) from = spans.find((span) => span.line <= number && number <= span.end)?.key ?? null;
        for (const target of targets) {
          if (target === from) continue;
          if (from === null) {
            // The target's own declaration line is not a use of it.
            const symbol = nodes.get(target)!;
            if (symbol.file !== file || symbol.line > number || number > symbol.end_line) topLevel.add(target);
            continue;
          }
          const id = `${from}\0${target}`;
          if (seenEdges.has(id)) continue;
          seenEdges.add(id);
          edges.push([from, target]);
        }
      }
    }
  }
  return { edges, topLevel };
}
