import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { edgeKey, type SqlValue } from "@tsift/core";
import { chainNodeId, chainProjection, starProjection } from "@tsift/core/testing";
import { openSqliteGraphStore, type SqliteGraphStore } from "../src/index";

/**
 * The plans of the exact statements the store runs (captured through `onQuery`), so a
 * query or schema change that silently falls back to a table scan fails here. The
 * store never runs ANALYZE, so these are the planner's choices without statistics.
 */

interface Captured {
  sql: string;
  params: readonly SqlValue[];
}

const CHAIN = 200;
const SPOKES = 150;
const dir = mkdtempSync(join(tmpdir(), "tsift-sqlite-query-plans-"));
const captured: Captured[] = [];
let store: SqliteGraphStore;
let explainer: Database.Database;

beforeAll(async () => {
  const path = join(dir, "graph.db");
  store = await openSqliteGraphStore(path, { onQuery: (sql, params) => captured.push({ sql, params }) });
  const chain = chainProjection(CHAIN);
  const star = starProjection(SPOKES);
  await store.replaceProjection({ nodes: [...chain.nodes, ...star.nodes], edges: [...chain.edges, ...star.edges] });
  explainer = new Database(path, { readonly: true });
});
afterAll(async () => {
  explainer.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function capture(operation: () => Promise<unknown>): Promise<Captured[]> {
  captured.length = 0;
  await operation();
  return [...captured];
}

function plan(statement: Captured): string[] {
  const rows = explainer.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).all(...statement.params) as { detail: string }[];
  return rows.map((row) => row.detail);
}

const NOT_ALIASES = new Set(["WHERE", "ON", "JOIN", "CROSS", "INNER", "LEFT", "ORDER", "GROUP", "LIMIT", "UNION", "INDEXED", "NOT"]);

/** Graph table names plus the aliases the statement gives them (`graph_edges e` → e). */
function graphTableNames(sql: string): Set<string> {
  const names = new Set<string>();
  for (const match of sql.matchAll(/\b(graph_[a-z_]+)\b(?:[ \t\n]+(?:AS[ \t\n]+)?([A-Za-z_]\w*))?/g)) {
    names.add(match[1]!);
    if (match[2] && !NOT_ALIASES.has(match[2].toUpperCase())) names.add(match[2]);
  }
  return names;
}

/** Plan lines that read a whole graph table (or a whole index of one) instead of seeking. */
function fullScans(statement: Captured, lines: readonly string[]): string[] {
  const tables = graphTableNames(statement.sql);
  return lines.filter((line) => {
    const target = /^SCAN (\S+)/.exec(line)?.[1];
    return target !== undefined && tables.has(target);
  });
}

function describePlans(statements: readonly Captured[]): string {
  return statements.map((statement) => `${statement.sql.replace(/\s+/g, " ")}\n  ${plan(statement).join("\n  ")}`).join("\n");
}

/** Every captured statement: no full scan of a graph table. Returns the plans for further checks. */
function expectNoFullScans(statements: readonly Captured[]): string[][] {
  expect(statements.length).toBeGreaterThan(0);
  return statements.map((statement) => {
    const lines = plan(statement);
    expect(fullScans(statement, lines), describePlans([statement])).toEqual([]);
    return lines;
  });
}

function only(statements: readonly Captured[], pattern: RegExp): Captured {
  const matching = statements.filter((statement) => pattern.test(statement.sql));
  expect(matching, `one statement matching ${pattern} in\n${describePlans(statements)}`).toHaveLength(1);
  return matching[0]!;
}

describe("query plans of SqliteGraphStore reads", () => {
  it("recognizes a full scan when it sees one", () => {
    const statement = { sql: "SELECT * FROM graph_edges e WHERE e.to_id = ?", params: ["x"] };
    expect(fullScans(statement, ["SCAN e"])).toEqual(["SCAN e"]);
    expect(
      fullScans({ sql: "SELECT * FROM graph_nodes WHERE label = ?", params: ["x"] }, plan({ sql: "SELECT * FROM graph_nodes WHERE label = ?", params: ["x"] })),
    ).toEqual(["SCAN graph_nodes"]);
  });

  it("getEdge seeks the edge-key primary key", async () => {
    const id = edgeKey(chainNodeId(0, CHAIN), "calls", chainNodeId(1, CHAIN));
    const statements = await capture(async () => expect(await store.getEdge(id)).not.toBeNull());
    const [lines] = expectNoFullScans(statements);
    expect(lines).toEqual(["SEARCH graph_edges USING PRIMARY KEY (edge_key=?)"]);
  });

  it("nodesByKind pages after a cursor seek idx_graph_nodes_kind, already ordered by id", async () => {
    const statements = await capture(() => store.nodesByKind("symbol", { cursor: chainNodeId(10, CHAIN), limit: 20 }));
    const [lines] = expectNoFullScans(statements);
    expect(lines).toEqual(["SEARCH graph_nodes USING INDEX idx_graph_nodes_kind (kind=? AND id>?)"]);
  });

  // Without a cursor SQLite would otherwise pick idx_graph_nodes_kind_label and sort
  // every node of the kind; `ORDER BY kind, id` keeps the read in index order.
  it("nodesByKind's first page seeks idx_graph_nodes_kind without sorting", async () => {
    const statements = await capture(() => store.nodesByKind("symbol", { limit: 20 }));
    const [lines] = expectNoFullScans(statements);
    expect(lines).toEqual(["SEARCH graph_nodes USING INDEX idx_graph_nodes_kind (kind=?)"]);
  });

  it("nodesByKind with a property filter drives from the property rows' (key, value, node_id) primary key", async () => {
    const statements = await capture(async () =>
      expect((await store.nodesByKind("symbol", { properties: { parity: "even" }, limit: 20 })).items).toHaveLength(20),
    );
    const [lines] = expectNoFullScans(statements);
    expect(lines).toEqual(["SEARCH p USING PRIMARY KEY (key=? AND value=?)", "SEARCH n USING PRIMARY KEY (id=?)"]);

    const twoFilters = await capture(() => store.nodesByKind("symbol", { properties: { parity: "even", path: "spokes/2.rs" }, limit: 20 }));
    const [twoLines] = expectNoFullScans(twoFilters);
    expect(twoLines![0]).toBe("SEARCH p USING PRIMARY KEY (key=? AND value=?)");
    expect(twoLines).toContain("SEARCH n USING PRIMARY KEY (id=?)");
    expect(twoLines).toContain("SEARCH pf EXISTS USING PRIMARY KEY (key=? AND value=? AND node_id=?)");
  });

  it("scanEdges with a property filter drives from the property rows' (key, value, edge_key) primary key, never scanning graph_edges", async () => {
    for (const options of [{ properties: { parity: "odd" } }, { kinds: ["calls"], properties: { parity: "odd" } }]) {
      const statements = await capture(async () => expect((await store.scanEdges({ ...options, limit: 25 })).items).toHaveLength(25));
      const [lines] = expectNoFullScans(statements);
      expect(lines).toEqual(["SEARCH p USING PRIMARY KEY (key=? AND value=?)", "SEARCH e USING PRIMARY KEY (edge_key=?)"]);
    }
  });

  it("outgoingEdges seeks idx_graph_edges_from_kind and incomingEdges idx_graph_edges_to_kind", async () => {
    const outgoing = expectNoFullScans(await capture(() => store.outgoingEdges("hub", { limit: 10 })))[0]!;
    expect(outgoing[0]).toBe("SEARCH graph_edges USING INDEX idx_graph_edges_from_kind (from_id=?)");
    const outgoingCalls = expectNoFullScans(await capture(() => store.outgoingEdges("hub", { kinds: ["calls"], limit: 10 })))[0]!;
    // With the kind bound the index is already in edge-key order: no sort at all.
    expect(outgoingCalls).toEqual(["SEARCH graph_edges USING INDEX idx_graph_edges_from_kind (from_id=? AND kind=?)"]);

    const incoming = expectNoFullScans(await capture(() => store.incomingEdges("hub", { limit: 10 })))[0]!;
    expect(incoming[0]).toBe("SEARCH graph_edges USING INDEX idx_graph_edges_to_kind (to_id=?)");
    const incomingReturns = expectNoFullScans(await capture(() => store.incomingEdges("hub", { kinds: ["returns"], limit: 10 })))[0]!;
    expect(incomingReturns).toEqual(["SEARCH graph_edges USING INDEX idx_graph_edges_to_kind (to_id=? AND kind=?)"]);
  });

  // A hub's page must not sort all of its edges: the node's kinds come from a loose index
  // scan, then one (endpoint, kind) range per direction — each already in edge-key order —
  // is merged by SQLite without a temp b-tree.
  it("incidentEdges merges per-kind ranges of the from- and to-indexes without sorting", async () => {
    const statements = await capture(async () => expect((await store.incidentEdges("hub", { limit: 10 })).items).toHaveLength(10));
    const [kinds, page] = expectNoFullScans(statements);
    expect(statements).toHaveLength(2);
    expect(kinds).toContain("SEARCH graph_edges USING COVERING INDEX idx_graph_edges_from_kind (from_id=?)");
    expect(kinds).toContain("SEARCH graph_edges USING COVERING INDEX idx_graph_edges_to_kind (to_id=?)");
    expect(page!.some((line) => line.includes("MERGE (UNION ALL)"))).toBe(true);
    expect(page).toContain("SEARCH graph_edges USING INDEX idx_graph_edges_from_kind (from_id=? AND kind=?)");
    expect(page).toContain("SEARCH graph_edges USING INDEX idx_graph_edges_to_kind (to_id=? AND kind=?)");
    expect(page!.filter((line) => line.includes("TEMP B-TREE"))).toEqual([]);
  });

  it("shortestPath reads the target's incoming edges through idx_graph_edges_to_kind and expands each frontier through idx_graph_edges_from_kind, including IN lists", async () => {
    // The one statement on to_id reads the target's incoming edges; every other one expands a frontier.
    const split = (statements: Captured[]) => {
      const plans = expectNoFullScans(statements);
      const into = statements.map((statement, i) => (/WHERE to_id = \?/.test(statement.sql) ? i : -1)).filter((i) => i >= 0);
      expect(into).toEqual([0]);
      return { into: plans[0]!, frontier: plans.slice(1) };
    };
    // hub -> 150 spokes -> hub: the second level is one IN (...) query over 150 ids.
    const statements = await capture(async () => expect((await store.shortestPath("hub", chainNodeId(0, CHAIN))).path).toBeNull());
    const star = split(statements);
    expect(star.into).toEqual(["SEARCH graph_edges USING INDEX idx_graph_edges_to_kind (to_id=?)"]);
    expect(statements.some((statement) => statement.sql.includes(" IN ("))).toBe(true);
    for (const lines of star.frontier) expect(lines).toEqual(["SEARCH graph_edges USING INDEX idx_graph_edges_from_kind (from_id=?)"]);

    const chain = split(await capture(() => store.shortestPath(chainNodeId(0, CHAIN), chainNodeId(5, CHAIN), { edgeKinds: ["calls"] })));
    expect(chain.into).toEqual(["SEARCH graph_edges USING INDEX idx_graph_edges_to_kind (to_id=? AND kind=?)"]);
    expect(chain.frontier.length).toBeGreaterThan(0);
    for (const lines of chain.frontier) expect(lines).toEqual(["SEARCH graph_edges USING INDEX idx_graph_edges_from_kind (from_id=? AND kind=?)"]);
  });

  it("neighborhood walks one level per statement through idx_graph_edges_from_kind (and idx_graph_edges_to_kind for both directions)", async () => {
    const statements = await capture(async () => expect((await store.neighborhood(chainNodeId(0, CHAIN), { depth: 3 })).nodes).toHaveLength(4));
    expectNoFullScans(statements);
    const levels = statements.filter((statement) => /FROM json_each\(\?\) f CROSS JOIN graph_edges/.test(statement.sql));
    expect(levels).toHaveLength(3);
    for (const level of levels) expect(plan(level)).toContain("SEARCH e USING INDEX idx_graph_edges_from_kind (from_id=?)");
    expect(plan(only(statements, /WITH matched AS/))).toContain("SEARCH n USING PRIMARY KEY (id=?)");
    // The page's edges filter both endpoints by IN lists, seeking only the from-index.
    expect(plan(only(statements, /^SELECT edge_key.*FROM graph_edges WHERE from_id IN .* AND \+to_id IN/s))).toEqual([
      "SEARCH graph_edges USING INDEX idx_graph_edges_from_kind (from_id=?)",
    ]);

    const both = await capture(() => store.neighborhood("hub", { depth: 1, direction: "both", limit: 5 }));
    expectNoFullScans(both);
    const bothWalk = plan(only(both, /FROM json_each\(\?\) f CROSS JOIN graph_edges/));
    expect(bothWalk).toContain("SEARCH e USING INDEX idx_graph_edges_from_kind (from_id=?)");
    expect(bothWalk).toContain("SEARCH e USING INDEX idx_graph_edges_to_kind (to_id=?)");
  });
});
