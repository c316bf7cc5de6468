/**
 * Oracles for tsift's graph queries (`path`, `graph --callers/--callees`, `explain`,
 * `traverse`), computed without tsift's query code: the directed call edges are read straight
 * from index.db with SQL, shortest paths come from a plain breadth-first search written here,
 * and every listed call site is checked against the source file's own line. Shared by
 * `tools/bench/oracles/graph-queries.mjs` (rxjs, effect) and `test/graph-queries-oracle.test.ts`
 * (a small real project).
 *
 * `checkGraphQueries({ root, project, cli, ... })` returns `{ checked, mismatches }`:
 * `checked` counts each kind of check, `mismatches` lists every failed one with its detail.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { rng } from "../graphstore/generator.mjs";

const require = createRequire(import.meta.url);

/** The symbols and the directed call edges of `index.db`, read with SQL. */
export function readCallGraph(dbPath) {
  const Database = require("better-sqlite3");
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const symbols = new Map(
      db
        .prepare("SELECT id, name, qualified_name, file, line, handle FROM symbols")
        .all()
        .map((row) => [row.id, row]),
    );
    const byHandle = new Map([...symbols.values()].map((row) => [row.handle, row]));
    const out = new Map();
    const into = new Map();
    const add = (map, a, b) => {
      if (!map.has(a)) map.set(a, new Set());
      map.get(a).add(b);
    };
    const rows = db
      .prepare(
        `SELECT DISTINCT caller_symbol_id AS caller, resolved_symbol_id AS callee FROM calls
          WHERE caller_symbol_id IS NOT NULL AND resolved_symbol_id IS NOT NULL AND caller_symbol_id <> resolved_symbol_id`,
      )
      .all();
    for (const { caller, callee } of rows) {
      add(out, caller, callee);
      add(into, callee, caller);
    }
    // Top-level code: the file is the caller (`<module>`; a `file` node in graph.db).
    const moduleCalls = new Map();
    for (const { file, callee } of db
      .prepare("SELECT DISTINCT file, resolved_symbol_id AS callee FROM calls WHERE caller_symbol_id IS NULL AND resolved_symbol_id IS NOT NULL")
      .all())
      add(moduleCalls, file, callee);
    const incoming = db.prepare("SELECT COUNT(*) AS n FROM calls WHERE resolved_symbol_id = ?");
    const outgoing = db.prepare("SELECT COUNT(*) AS n FROM calls WHERE caller_symbol_id = ?");
    const callerCounts = new Map();
    const calleeCounts = new Map();
    for (const id of symbols.keys()) {
      callerCounts.set(id, incoming.get(id).n);
      calleeCounts.set(id, outgoing.get(id).n);
    }
    return { symbols, byHandle, out, into, moduleCalls, edgeCount: rows.length, callerCounts, calleeCounts };
  } finally {
    db.close();
  }
}

/** Hops from `source` to every node reachable through `next` (a plain queue). */
export function bfs(source, next) {
  const dist = new Map([[source, 0]]);
  const queue = [source];
  for (let i = 0; i < queue.length; i++) {
    const at = queue[i];
    for (const n of next(at)) {
      if (dist.has(n)) continue;
      dist.set(n, dist.get(at) + 1);
      queue.push(n);
    }
  }
  return dist;
}

const sorted = (set) => [...(set ?? [])].sort((a, b) => a - b);

/** Deterministic symbol pairs: ones a call chain connects (at a spread of distances), the same reversed, and random ones. */
export function samplePairs(graph, count, seed = 1) {
  const random = rng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const callers = sorted(new Set(graph.out.keys()));
  const all = sorted(new Set([...graph.out.keys(), ...graph.into.keys()]));
  const pairs = [];
  const third = Math.max(1, Math.floor(count / 3));
  for (let tries = 0; pairs.length < third && tries < third * 20; tries++) {
    const source = pick(callers);
    const dist = bfs(source, (id) => sorted(graph.out.get(id)));
    const levels = new Map();
    for (const [id, hops] of dist) if (hops > 0) (levels.get(hops) ?? levels.set(hops, []).get(hops)).push(id);
    if (levels.size === 0) continue;
    const level = pick(sorted(new Set(levels.keys())));
    const target = pick(levels.get(level).sort((a, b) => a - b));
    pairs.push([source, target]);
  }
  for (const [a, b] of pairs.slice(0, third)) pairs.push([b, a]);
  while (pairs.length < count) pairs.push([pick(all), pick(all)]);
  return pairs;
}

/** Deterministic symbols with resolved calls either way, the most called first among a random rest. */
export function sampleSymbols(graph, count, seed = 2) {
  const random = rng(seed);
  const all = sorted(new Set([...graph.out.keys(), ...graph.into.keys()]));
  const byCallers = [...all].sort((a, b) => (graph.into.get(b)?.size ?? 0) - (graph.into.get(a)?.size ?? 0) || a - b);
  const chosen = new Set(byCallers.slice(0, Math.min(3, count)));
  for (let tries = 0; chosen.size < Math.min(count, all.length) && tries < count * 50; tries++) chosen.add(all[Math.floor(random() * all.length)]);
  return [...chosen];
}

const simple = (qualified) => qualified.split(/\.|::/).pop();

/**
 * Whether a source line shows a call of (or the definition of) `symbol`: its name (or the name
 * without leading underscores, as `export { _await as await }` is called), or for a
 * constructor its class (`new Foo`, `super`).
 */
function lineShows(text, symbol) {
  const name = simple(symbol.qualified_name ?? symbol.name);
  // `_await` exported as `await` (a reserved word cannot name a declaration): the call reads the export name.
  const names = [name, symbol.name, name?.replace(/^_+/, "")].filter((n) => n);
  if (name === "constructor" || name === "__init__") {
    const parts = (symbol.qualified_name ?? "").split(/\.|::/);
    if (parts.length > 1) names.push(parts[parts.length - 2]);
    names.push("super");
  }
  return names.some((n) => n && text.includes(n));
}

/** `file:line` of the project, read once per file. */
function lineReader(root) {
  const cache = new Map();
  return (file, line) => {
    if (!cache.has(file)) {
      try {
        cache.set(file, readFileSync(join(root, file), "utf8").split("\n"));
      } catch {
        cache.set(file, null);
      }
    }
    return cache.get(file)?.[line - 1];
  };
}

/** The built CLI's `--json` for `argv` in `root`, parsed; `TSIFT_*` settings of the caller left out. */
export function builtCli(bin, root) {
  return (argv) => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("TSIFT_")));
    env.TSIFT_NO_DAEMON = "1";
    const result = spawnSync(process.execPath, [bin, ...argv, "--json"], { cwd: root, encoding: "utf8", env, maxBuffer: 256 * 1024 * 1024 });
    if (result.status !== 0) throw new Error(`tsift ${argv.join(" ")} exited ${result.status}: ${result.stderr}`);
    return JSON.parse(result.stdout);
  };
}

const asJson = (value) => JSON.parse(JSON.stringify(value));
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Where two JSON values first differ, as a key path with both sides. */
function firstDiff(a, b, at = "") {
  if (same(a, b)) return null;
  if (a && b && typeof a === "object" && typeof b === "object") {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDiff(a[key], b[key], `${at}.${key}`);
      if (found) return found;
    }
  }
  return { at: at || ".", cli: JSON.stringify(a)?.slice(0, 200), library: JSON.stringify(b)?.slice(0, 200) };
}

/**
 * Every check, on `pairs` path queries and `symbols` symbol queries; the CLI's `--json` is compared
 * with the library's result for the first `cliSample` of each (0 = none).
 */
export async function checkGraphQueries({ root, dbPath, project, cli, pairs = 60, symbols = 20, cliSample = 5, seed = 1 }) {
  const graph = readCallGraph(dbPath ?? join(root, ".tsift", "index.db"));
  const line = lineReader(root);
  const checked = {
    path_pairs: 0,
    path_forward: 0,
    path_reverse: 0,
    path_none: 0,
    path_undirected: 0,
    path_hops: 0,
    call_sites: 0,
    graph_symbols: 0,
    explain_symbols: 0,
    traverse_symbols: 0,
    traverse_relations: 0,
    cli_equal: 0,
  };
  const mismatches = [];
  const fail = (kind, detail) => mismatches.push({ kind, ...detail });
  const handleOf = (id) => graph.symbols.get(id).handle;
  const idOf = (handle) => graph.byHandle.get(handle)?.id;
  const hasEdge = (caller, callee) => graph.out.get(caller)?.has(callee) === true;
  /** The CLI first, then the library: a read that refreshes a cache (graph.db, communities) finds it warm either way. */
  const compare = async (argv, library) => {
    const printed = cli(argv);
    const diff = firstDiff(printed, asJson(await library()));
    if (diff) fail("cli-json", { command: argv.join(" "), ...diff });
  };

  /** A path answer against the breadth-first oracle: hop count, endpoints, every hop a real edge drawn its true way, its call site. */
  const checkPath = (a, b, found, undirected) => {
    const query = { from: handleOf(a), to: handleOf(b), undirected };
    let expected;
    if (undirected) {
      const hops = bfs(a, (id) => sorted(new Set([...(graph.out.get(id) ?? []), ...(graph.into.get(id) ?? [])]))).get(b);
      expected = hops === undefined ? null : { hops, direction: "mixed" };
    } else {
      const forward = bfs(a, (id) => sorted(graph.out.get(id))).get(b);
      const reverse = forward === undefined ? bfs(b, (id) => sorted(graph.out.get(id))).get(a) : undefined;
      expected = forward !== undefined ? { hops: forward, direction: "forward" } : reverse !== undefined ? { hops: reverse, direction: "reverse" } : null;
    }
    if (a === b) expected = { hops: 0, direction: undirected ? "mixed" : "forward" };
    if (!undirected) checked[`path_${expected?.direction ?? "none"}`]++;
    if (expected === null) {
      if (found.path !== null) fail("path", { ...query, expected: null, got: found.hops });
      return;
    }
    if (found.path === null || found.hops !== expected.hops || found.direction !== expected.direction) {
      fail("path", { ...query, expected, got: { hops: found.hops, direction: found.direction } });
      return;
    }
    if (found.path[0].handle !== query.from || found.path.at(-1).handle !== query.to) fail("path-ends", query);
    found.path_hops.forEach((hop, i) => {
      checked.path_hops++;
      const [left, right] = [idOf(found.path[i].handle), idOf(found.path[i + 1].handle)];
      const [caller, callee] = hop.direction === "forward" ? [left, right] : [right, left];
      const wanted = expected.direction === "forward" ? "forward" : expected.direction === "reverse" ? "backward" : hop.direction;
      if (hop.direction !== wanted || !hasEdge(caller, callee) || hop.caller !== handleOf(caller) || hop.callee !== handleOf(callee))
        fail("path-hop", { ...query, hop: i, direction: hop.direction, caller: hop.caller, callee: hop.callee });
      checked.call_sites++;
      const text = line(hop.file, hop.line);
      if (text === undefined || !lineShows(text, graph.symbols.get(callee))) fail("path-call-site", { ...query, hop: i, at: `${hop.file}:${hop.line}`, text });
    });
  };

  const pairList = samplePairs(graph, pairs, seed);
  for (const [index, [a, b]] of pairList.entries()) {
    const [from, to] = [handleOf(a), handleOf(b)];
    const found = asJson(await project.path(from, to));
    checkPath(a, b, found, false);
    checked.path_pairs++;
    const either = asJson(await project.path(from, to, { undirected: true }));
    checkPath(a, b, either, true);
    checked.path_undirected++;
    if (cli && index < cliSample) {
      await compare(["path", from, to], () => project.path(from, to));
      await compare(["path", from, to, "--undirected"], () => project.path(from, to, { undirected: true }));
      checked.cli_equal += 2;
    }
  }

  /** One call edge of `graph`/`explain`: its call site shows the callee, its caller's and callee's definitions their names. */
  const checkEdge = (edge, subject) => {
    checked.call_sites++;
    const callee = edge.callee_handle ? graph.byHandle.get(edge.callee_handle) : { name: edge.callee_name, qualified_name: edge.callee_name };
    const site = line(edge.caller_file, edge.call_site_line);
    if (site === undefined || !lineShows(site, callee))
      fail("call-site", { subject, at: `${edge.caller_file}:${edge.call_site_line}`, callee: edge.callee_name, text: site });
    if (edge.caller_handle) {
      const caller = graph.byHandle.get(edge.caller_handle);
      const text = line(edge.caller_file, edge.caller_line);
      if (!caller || caller.file !== edge.caller_file || caller.line !== edge.caller_line || text === undefined || !lineShows(text, caller))
        fail("caller-definition", { subject, at: `${edge.caller_file}:${edge.caller_line}`, caller: edge.caller_name, text });
    }
    if (edge.callee_handle) {
      const text = line(edge.callee_file, edge.callee_line);
      if (callee.file !== edge.callee_file || callee.line !== edge.callee_line || text === undefined || !lineShows(text, callee))
        fail("callee-definition", { subject, at: `${edge.callee_file}:${edge.callee_line}`, callee: edge.callee_name, text });
    }
  };

  for (const [index, id] of sampleSymbols(graph, symbols, seed + 1).entries()) {
    const handle = handleOf(id);
    const callers = asJson(await project.callers(handle, { limit: 0 }));
    const callees = asJson(await project.callees(handle, { limit: 0 }));
    checked.graph_symbols++;
    // graph: every call row of index.db, either way, each at a real line.
    if (callers.total !== graph.callerCounts.get(id) || callers.callers.length !== callers.total)
      fail("graph-callers-total", { handle, expected: graph.callerCounts.get(id), got: callers.total });
    const callerIds = new Set(callers.callers.flatMap((edge) => (edge.caller_handle ? [idOf(edge.caller_handle)] : [])));
    if (!same(sorted(callerIds), sorted(graph.into.get(id) ?? new Set()))) fail("graph-callers", { handle });
    const calleeIds = new Set(callees.callees.flatMap((edge) => (edge.callee_handle ? [idOf(edge.callee_handle)] : [])));
    if (!same(sorted(calleeIds), sorted(graph.out.get(id) ?? new Set()))) fail("graph-callees", { handle });
    for (const edge of callers.callers) checkEdge(edge, handle);
    for (const edge of callees.callees) checkEdge(edge, handle);

    // explain: the same callers and callees as graph.
    const explained = asJson(await project.explain(handle, { limit: 0 }));
    checked.explain_symbols++;
    if (!same(explained.callers, callers.callers) || explained.callers_total !== callers.total) fail("explain-callers", { handle });
    if (!same(explained.callees, callees.callees) || explained.callees_total !== callees.total) fail("explain-callees", { handle });

    // traverse: its call neighbours are graph's, and each recommendation's relation holds.
    const slice = asJson(await project.traverse(handle));
    checked.traverse_symbols++;
    const start = slice.target?.id;
    const nodes = new Map(slice.nodes.map((node) => [node.id, node]));
    /** A slice node as the oracle knows it: a symbol id, or a file (its top-level code). */
    const known = (nodeId) => {
      const node = nodes.get(nodeId);
      return node?.kind === "file" ? { file: node.properties?.path } : { symbol: idOf(node?.properties?.handle) };
    };
    /** Whether `a` calls `b` in index.db (a file: from its top-level code). */
    const calls = (a, b) =>
      b.symbol !== undefined && (a.file !== undefined ? graph.moduleCalls.get(a.file)?.has(b.symbol) === true : hasEdge(a.symbol, b.symbol));
    const self = { symbol: id };
    const moduleCallers = new Set(callers.callers.flatMap((edge) => (edge.caller_handle ? [] : [edge.caller_file])));
    for (const edge of slice.edges) {
      if (edge.kind !== "calls" || (edge.from_id !== start && edge.to_id !== start) || edge.from_id === edge.to_id) continue;
      const other = known(edge.from_id === start ? edge.to_id : edge.from_id);
      const ok = edge.from_id === start ? calleeIds.has(other.symbol) : other.file !== undefined ? moduleCallers.has(other.file) : callerIds.has(other.symbol);
      checked.traverse_relations++;
      if (!ok) fail("traverse-edge", { handle, edge: `${edge.from_id} -> ${edge.to_id}` });
    }
    for (const rec of slice.recommendations) {
      const match = /^(caller|callee)(?: of (.+))?$/.exec(rec.reason);
      if (!match) continue;
      checked.traverse_relations++;
      const node = known(rec.id);
      const via = rec.via === null ? self : known(rec.via);
      const ok =
        (match[2] === undefined) === (rec.depth === 1 && rec.via === null) &&
        (match[2] === undefined || match[2] === nodes.get(rec.via)?.label) &&
        (match[1] === "caller" ? calls(node, via) : calls(via, node));
      if (!ok) fail("traverse-relation", { handle, node: rec.id, reason: rec.reason, depth: rec.depth });
    }
    if (
      slice.mode === "neighborhood" &&
      (slice.recommendations_total !== slice.nodes.length - 1 || slice.recommendations_truncated !== slice.recommendations_total > slice.recommendations.length)
    )
      fail("traverse-total", { handle, total: slice.recommendations_total, nodes: slice.nodes.length });

    if (cli && index < cliSample) {
      await compare(["graph", handle, "--callers", "--limit", "0"], () => project.callers(handle, { limit: 0 }));
      await compare(["graph", handle, "--callees", "--limit", "0"], () => project.callees(handle, { limit: 0 }));
      await compare(["graph", handle], () => project.graph(handle));
      await compare(["explain", handle], () => project.explain(handle));
      await compare(["traverse", handle, "--format", "json"], () => project.traverse(handle));
      checked.cli_equal += 5;
    }
  }
  return { checked, mismatches, corpus: { symbols: graph.symbols.size, call_edges: graph.edgeCount } };
}
