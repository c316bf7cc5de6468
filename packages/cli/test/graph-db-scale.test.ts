import Database from "better-sqlite3";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chainTree, graphDbInProcess, indexedProject, sym } from "./graph-db-helpers";

const f = (i: number) => sym(`f${String(i).padStart(3, "0")}`);

/**
 * The scale case: `main` plus a 120-function call chain, through the CLI on both SQL backends (in-process, the
 * way the binary routes it; graph-db-conformance runs the compiled binary on both).
 */
describe.each(["sqlite", "libsql"] as const)("graph-db scale case on %s", (backend) => {
  const root = indexedProject(chainTree(120));
  const gdb = (...argv: string[]) => graphDbInProcess(root, backend, ...argv);

  it("pages every symbol, filters by ref_id, caps neighborhoods and bounds paths by --max-hops", async () => {
    expect((await gdb("refresh")).code).toBe(0);
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { nodes: { id: string }[]; page: { next_cursor: string | null } } = (
        await gdb("kind", "symbol", "--property", "path=main.rs", "--limit", "17", ...(cursor ? ["--cursor", cursor] : []))
      ).json() as never;
      ids.push(...page.nodes.map((node) => node.id));
      cursor = page.page.next_cursor;
    } while (cursor);
    expect(ids.length).toBeGreaterThanOrEqual(120);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort());

    expect((await gdb("kind", "symbol", "--property", "ref_id=f042")).json().nodes.map((n: { id: string }) => n.id)).toEqual([f(42)]);

    const hood = (await gdb("neighborhood", f(0), "--depth", "200", "--edge-kind", "calls", "--limit", "13")).json();
    expect(hood.page).toMatchObject({ returned_nodes: 13, truncated: true });
    expect(hood.edges.length).toBeLessThanOrEqual(12);

    const capped = (await gdb("path", f(0), f(80), "--max-hops", "20")).json();
    expect(capped.path).toBeNull();
    expect(capped.warnings.join(" ")).toContain("--max-hops 20");
    expect((await gdb("path", f(0), f(80), "--max-hops", "200")).json().hops).toBe(80);
  });

  // How long doctor takes is a benchmark's question (tools/bench/graph-db); the plans below are why it is fast.
  it("runs doctor, and reads use the kind and from-kind indexes", async () => {
    const doctor = await gdb("doctor");
    expect(doctor.code).toBe(0);
    const db = new Database(join(root, ".tsift", "graph.db"), { readonly: true });
    try {
      const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail).join("\n");
      expect(plan("SELECT id FROM graph_nodes WHERE kind = 'symbol' ORDER BY kind, id LIMIT 18")).toContain("idx_graph_nodes_kind");
      expect(plan("SELECT edge_key, from_id, to_id, kind FROM graph_edges WHERE from_id IN ('a', 'b') AND kind = 'calls'")).toContain(
        "idx_graph_edges_from_kind",
      );
    } finally {
      db.close();
    }
  });
});
