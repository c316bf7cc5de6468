import { readFileSync } from "node:fs";
import { join, posix } from "node:path";
import type Database from "better-sqlite3";
import { LANGS, langInfo, type Lang } from "@tsift/graph/langs";
import { moduleSystemOf } from "../../resolve/language-hooks";
import { TYPE_LIKE } from "./entry-point-facts";
import type { GraphSymbol } from "./graph-symbol";

/** Functions used as values, for dead code: who refers to whom without calling. */
export interface ValueReferences {
  /** (referring node, referred node) pairs, each once, in file then line order. */
  edges: Array<[string, string]>;
  /** Nodes named by top-level code (a script body, `create.get = ajaxGet` in an initializer): they may run. */
  topLevel: Set<string>;
  /**
   * Members whose name some code reads without calling (`request.cookies`, a getter;
   * `sort(VirtualAction.sortActions)`, a method handed over): they may run.
   */
  accessed: Set<string>;
}

const MEMBER_KINDS: ReadonlySet<string> = new Set(["method", "getter", "setter", "constructor"]);
/**
 * `.name` not followed on its line by a call's `(`: a property read or a method handed over
 * (`f = p.parseValueSpec` at the end of a line is one, whatever the next line starts with).
 */
const PROPERTY_READ = /\.\s*([A-Za-z_$][\w$]*)(?![ \t]*[\w$(])/gu;
const IDENTIFIER = /[A-Za-z_$][\w$]*/gu;
/** `Module.member` / `module::member`. */
const MEMBER_ACCESS = /([A-Za-z_$][\w$]*)\s*(?:\.|::)\s*([A-Za-z_$][\w$]*)/gu;
/** Block-comment lines (`/*`, ` * `) and `//`, in any language: a name there is no use. */
const COMMENT_LINE = /^\s*(\/\/|\/\*|\*)/u;
/** `#` starts a comment in the languages that say so (Python, Ruby, Bash), not a C `#define` nor a Rust or PHP `#[attribute]`. */
const HASH_COMMENT_LINE = /^\s*#(?!\[)/u;
const hashComments = (language: string | undefined): boolean =>
  language !== undefined && (LANGS as readonly string[]).includes(language) && langInfo(language as Lang).commentPrefixes.includes("#");

/**
 * What calls alone miss: a function handed over as a value (`reduce(arrReducer, [])`, a
 * default parameter `compare = defaultCompare`, `create.get = ajaxGet`,
 * `socket.onopen = open`) runs when the code it was handed to calls it. The index records
 * calls, not references, so this reads the source under `root`: in each file, every
 * identifier that names a node defined in the file or imported into it by name
 * (`import { x as y }`, `from m import x`), and every `Module.member` of a module imported
 * whole (`import * as Module`, `from . import module`), is a reference from the innermost node whose span
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
    .prepare("SELECT file, name, alias, resolved_file FROM imports WHERE resolved_file IS NOT NULL AND name IS NOT NULL ORDER BY file, line, id")
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
  // Where a directory is a package (Go), a file sees the top-level names of its directory's other files too.
  const packageOf = (file: string, language: string) =>
    moduleSystemOf(language)?.directoryPackages === true ? `${language}\0${posix.dirname(file)}` : `\0${file}`;
  const packages = new Map<string, string[]>();
  for (const [file, list] of byFile) {
    const id = packageOf(file, list[0]![1].language);
    packages.set(id, [...(packages.get(id) ?? []), file]);
  }
  for (const files of packages.values()) {
    const local = new Map<string, string[]>();
    // Members are named through a receiver (`x.get`), which a bare name cannot tell apart.
    for (const file of files) {
      for (const [key, symbol] of byFile.get(file)!) if (!MEMBER_KINDS.has(symbol.kind)) local.set(symbol.name, [...(local.get(symbol.name) ?? []), key]);
    }
    for (const file of files) for (const [name, keys] of local) see(file, name, keys);
  }
  // Module imports (`import * as Internal`, `from . import _impl`): `Internal.isUtc` names the module's top-level node.
  const namespacesByFile = new Map<string, Map<string, string>>();
  // Unaliased `*` imports (`#include "util.h"`, `from m import *`) make every top-level name of
  // the target the file's own, and the target's such imports too: a C file sees what its
  // headers include. Kept as the set of files reached, matched per identifier below.
  const starImports = new Map<string, string[]>();
  for (const [file, name, alias, target] of imports) {
    if (name === "*" && alias === null) {
      starImports.set(file, [...(starImports.get(file) ?? []), target]);
      visible(file);
    }
  }
  const starScopes = new Map<string, Set<string>>();
  const starScope = (file: string): Set<string> => {
    let scope = starScopes.get(file);
    if (scope) return scope;
    scope = new Set();
    const queue = [...(starImports.get(file) ?? [])];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      if (next === file || scope.has(next)) continue;
      scope.add(next);
      queue.push(...(starImports.get(next) ?? []));
    }
    starScopes.set(file, scope);
    return scope;
  };
  // Only star imports (C's #include) look names up here; without them the map stays empty.
  const topLevelByName = new Map<string, Array<[string, string]>>();
  for (const [key, symbol] of starImports.size > 0 ? nodes : []) {
    if (symbol.parent !== null || MEMBER_KINDS.has(symbol.kind)) continue;
    const list = topLevelByName.get(symbol.name);
    if (list) list.push([symbol.file, key]);
    else topLevelByName.set(symbol.name, [[symbol.file, key]]);
  }
  for (const [file, name, alias, target] of imports) {
    const keys = name === "*" ? undefined : exportedByName.get(`${target}\0${name}`);
    if (keys) see(file, alias ?? name, keys);
    else if (name === "*" ? alias !== null : true) {
      let namespaces = namespacesByFile.get(file);
      if (!namespaces) namespacesByFile.set(file, (namespaces = new Map()));
      namespaces.set(alias ?? name, target);
      visible(file);
    }
  }

  const languageOf = new Map(db.prepare("SELECT path, language FROM files").raw().all() as [string, string][]);
  const readNames = new Set<string>();
  const edges: Array<[string, string]> = [];
  const seenEdges = new Set<string>();
  const topLevel = new Set<string>();
  const addEdge = (from: string, to: string) => {
    const id = `${from}\0${to}`;
    if (seenEdges.has(id)) return;
    seenEdges.add(id);
    edges.push([from, to]);
  };

  // Functions defined inline (a callback argument, `socket.onopen = () => …`, an object
  // literal's member) are handed over where they are defined: the innermost node holding
  // one (not a type, whose members are its own) reaches it; one inside a top-level value's
  // initializer (`const EmptyError = createErrorClass(… function EmptyErrorImpl …)`) runs
  // from top-level code.
  const declarationsByFile = new Map<string, Array<[number, number, string]>>();
  for (const [file, line, end, kind] of db.prepare("SELECT file, line, end_line, kind FROM symbols WHERE parent IS NULL").raw().all() as [
    string,
    number,
    number,
    string,
  ][]) {
    declarationsByFile.set(file, [...(declarationsByFile.get(file) ?? []), [line, end, kind]]);
  }
  const values = db.prepare("SELECT file, line, end_line FROM symbols WHERE parent IS NULL AND kind IN ('const', 'variable')").raw().all() as [
    string,
    number,
    number,
  ][];
  const valuesByFile = new Map<string, Array<[number, number]>>();
  for (const [file, line, end] of values) valuesByFile.set(file, [...(valuesByFile.get(file) ?? []), [line, end]]);
  for (const file of [...byFile.keys()].sort()) {
    const list = byFile.get(file)!;
    const containers = list.filter(([, symbol]) => !TYPE_LIKE.has(symbol.kind)).sort((a, b) => a[1].end_line - a[1].line - (b[1].end_line - b[1].line));
    for (const [key, symbol] of list) {
      const size = symbol.end_line - symbol.line;
      const holder = containers.find(
        ([other, span]) => other !== key && span.line <= symbol.line && symbol.end_line <= span.end_line && span.end_line - span.line > size,
      );
      if (holder) addEdge(holder[0], key);
      else if ((valuesByFile.get(file) ?? []).some(([line, end]) => line <= symbol.line && symbol.end_line <= end && end - line > size)) topLevel.add(key);
    }
  }
  for (const file of [...visibleByFile.keys()].sort()) {
    const names = visibleByFile.get(file)!;
    const namespaces = namespacesByFile.get(file);
    let text: string;
    try {
      text = readFileSync(join(root, file), "utf8");
    } catch {
      continue;
    }
    const declared = declarationsByFile.get(file) ?? [];
    // A macro's body runs wherever the macro is expanded, which the index does not follow: what it names may run, like top-level code.
    const topLevelCode = (_file: string, number: number) =>
      declared.every(([line, end, kind]) => number < line || number > end || kind === "const" || kind === "variable" || kind === "macro");
    const included = starImports.has(file) ? starScope(file) : null;
    // Innermost span first: the shortest span holding a line is the referring node.
    const spans = (byFile.get(file) ?? [])
      .map(([key, symbol]) => ({ key, line: symbol.line, end: symbol.end_line }))
      .sort((a, b) => a.end - a.line - (b.end - b.line));
    const lines = text.split(/\r?\n/u);
    const hashIsComment = hashComments(languageOf.get(file));
    for (const match of text.matchAll(PROPERTY_READ)) readNames.add(match[1]!);
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index]!;
      if (COMMENT_LINE.test(line) || (hashIsComment && HASH_COMMENT_LINE.test(line))) continue;
      const number = index + 1;
      let from: string | null | undefined;
      const found: string[] = [];
      for (const match of line.matchAll(IDENTIFIER)) {
        const local = names.get(match[0]);
        if (local) found.push(...local);
        else if (included !== null) for (const [defined, key] of topLevelByName.get(match[0]) ?? []) if (included.has(defined)) found.push(key);
      }
      if (namespaces !== undefined) {
        for (const match of line.matchAll(MEMBER_ACCESS)) {
          const module = namespaces.get(match[1]!);
          if (module !== undefined) found.push(...(exportedByName.get(`${module}\0${match[2]!}`) ?? []));
        }
      }
      if (found.length > 0) {
        if (from === undefined) from = spans.find((span) => span.line <= number && number <= span.end)?.key ?? null;
        for (const target of found) {
          if (target === from) continue;
          if (from === null) {
            // Top-level code: outside every symbol, or in a top-level value's initializer (not
            // in a type or an interface). The target's own declaration line is not a use of it.
            const symbol = nodes.get(target)!;
            const declaring = symbol.file === file && symbol.line <= number && number <= symbol.end_line;
            if (!declaring && topLevelCode(file, number)) topLevel.add(target);
            continue;
          }
          addEdge(from, target);
        }
      }
    }
  }
  const accessed = new Set<string>();
  for (const [key, symbol] of nodes) if (symbol.parent !== null && MEMBER_KINDS.has(symbol.kind) && readNames.has(symbol.name)) accessed.add(key);
  return { edges, topLevel, accessed };
}
