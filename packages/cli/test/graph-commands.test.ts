import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureCopy, names } from "./graph-helpers";
import { spawnBuilt, tsift } from "./index-helpers";

/**
 * The canonical call graph through the real CLI on fixtures/canonical (lines 1-based): the
 * commands index the fixture themselves on first use (auto-refresh), then answer from it.
 */
let fixture: ReturnType<typeof fixtureCopy>;
let root: string;
beforeAll(() => {
  fixture = fixtureCopy("canonical");
  root = fixture.root;
});
afterAll(() => fixture.remove());

const json = async (...argv: string[]) => {
  const result = await tsift(root, [...argv, "--json"]);
  expect(result.err, result.err).toBe("");
  expect(result.code).toBe(0);
  return result.json();
};

describe("tsift graph (canonical fixture)", () => {
  it("indexes on first use, then lists callers and callees in file and line order", async () => {
    expect(existsSync(join(root, ".tsift/index.db"))).toBe(false);
    const first = await tsift(root, ["graph", "alpha", "--json"]);
    expect(first.code).toBe(0);
    expect(first.err).toMatch(/^note: no index yet: indexed \d+ files? into \.tsift\/index\.db first\n$/);
    const graph = first.json();
    expect(existsSync(join(root, ".tsift/index.db"))).toBe(true);
    expect(graph).toMatchObject({ symbol: "alpha", kind: "function", file: "main.rs", line: 6, callers_total: 3, callers_truncated: false, callees_total: 2 });
    expect(graph.handle).toMatch(/^gsym-[0-9a-f]{12}$/);
    expect(graph.callers.map((edge: Record<string, unknown>) => [edge.caller_name, edge.caller_file, edge.call_site_line])).toEqual([
      ["main", "main.rs", 2],
      ["beta", "main.rs", 12],
      ["gamma", "main.rs", 17],
    ]);
    expect(graph.callees.map((edge: Record<string, unknown>) => [edge.callee_name, edge.call_site_line, edge.caller_line])).toEqual([
      ["beta", 7, 6],
      ["gamma", 8, 6],
    ]);
    expect(graph).not.toHaveProperty("tagpath_handle");
  });

  it("--callers / --callees give one direction with total and truncated; --limit caps", async () => {
    expect(await json("graph", "alpha", "--callers")).toMatchObject({ symbol: "alpha", total: 3, truncated: false, callers: expect.any(Array) });
    expect(await json("graph", "alpha", "--callees")).not.toHaveProperty("callers");
    const capped = await json("graph", "alpha", "--limit", "1");
    expect([capped.callers.length, capped.callers_total, capped.callers_truncated]).toEqual([1, 3, true]);
    const text = await tsift(root, ["graph", "alpha", "--limit", "1"]);
    expect(text.out).toContain("(+2 more)");
  });

  it("takes Class.method, file:line, a gsym handle, a nested cwd and a trailing directory", async () => {
    const { handle } = await json("graph", "alpha");
    expect((await json("graph", "main.rs:7")).symbol).toBe("alpha");
    expect((await json("graph", handle)).symbol).toBe("alpha");
    mkdirSync(join(root, "nested/deeper"), { recursive: true });
    const nested = await tsift(join(root, "nested/deeper"), ["graph", "alpha", "--json"]);
    expect(nested.json().callers_total).toBe(3);
    expect(existsSync(join(root, "nested/.tsift"))).toBe(false);
    const elsewhere = await tsift(join(root, ".."), ["graph", "alpha", root, "--json"]);
    expect(elsewhere.json().callers[0].caller_file).toBe("main.rs");
  });

  it("an unknown symbol exits 3 with near names; a bad --limit exits 2", async () => {
    const missing = await tsift(root, ["graph", "alpah", "--json"]);
    expect(missing.code).toBe(3);
    expect(missing.json()).toMatchObject({ symbol: "alpah", status: "not_found" });
    expect(names(missing.json().candidates)).toContain("alpha");
    expect(missing.err).toMatch(/^tsift: error\[not_found\]: no indexed symbol matches `alpah` \(next: tsift graph gsym-[0-9a-f]{12}\)\n$/);
    expect((await tsift(root, ["graph", "alpha", "--limit", "-1"])).code).toBe(2);
  });
});

describe("tsift path (canonical fixture)", () => {
  it("main → bridge → shared → helper in 3 hops", async () => {
    const path = await json("path", "main", "helper");
    expect(path).toMatchObject({ from: "main", to: "helper", hops: 3 });
    expect(names(path.path)).toEqual(["main", "bridge", "shared", "helper"]);
    expect(path.path[1]).toMatchObject({ name: "bridge", file: "main.rs", line: 21 });
    expect(path.path[0]).not.toHaveProperty("tagpath_handle");
  });

  it("asked backwards answers the reverse chain, flagged; zero hops to itself; path: null with exit 0 when disconnected", async () => {
    expect(await json("path", "helper", "main")).toMatchObject({ hops: 3, direction: "reverse" });
    const reverse = await tsift(root, ["path", "helper", "main"]);
    expect(reverse.out.split("\n")[0]).toBe("helper ← shared ← bridge ← main (3 hops, reverse: no call chain from helper to main; main reaches helper)");
    expect((await json("path", "alpha", "alpha")).hops).toBe(0);
    expect(await json("path", "main", "delta")).toEqual({
      from: "main",
      to: "delta",
      undirected: false,
      direction: null,
      path: null,
      path_hops: null,
      hops: null,
    });
    const text = await tsift(root, ["path", "main", "delta"]);
    expect([text.code, text.out]).toEqual([0, "no call path between main and delta (not connected by resolved calls in either direction)\n"]);
  });
});

describe("tsift path --undirected (canonical fixture)", () => {
  it("links two callees of main through it, each hop drawn the way its call goes", async () => {
    expect(await json("path", "alpha", "bridge")).toMatchObject({ path: null, direction: null });
    const either = await json("path", "alpha", "bridge", "--undirected");
    expect(names(either.path)).toEqual(["alpha", "main", "bridge"]);
    expect(either).toMatchObject({ undirected: true, direction: "mixed", hops: 2 });
    expect(either.path_hops.map((hop: { direction: string }) => hop.direction)).toEqual(["backward", "forward"]);
    expect(either.path_hops.map((hop: { file: string; line: number }) => `${hop.file}:${hop.line}`)).toEqual(["main.rs:2", "main.rs:3"]);
    const text = await tsift(root, ["path", "alpha", "bridge", "--undirected"]);
    expect(text.out.split("\n")[0]).toBe("alpha ← main → bridge (2 hops, calls either way)");
  });
});

describe("tsift communities (canonical fixture)", () => {
  it("finds {alpha, beta, gamma} and {delta, epsilon}, and caches the partition", async () => {
    const first = await json("communities");
    expect(first.community_count).toBeGreaterThanOrEqual(2);
    const memberSets = first.communities.map((community: { members: { name: string }[] }) => names(community.members));
    expect(memberSets).toContainEqual(["alpha", "beta", "gamma"]);
    expect(memberSets).toContainEqual(["delta", "epsilon"]);
    expect(first).toMatchObject({ node_count: 9, edge_count: 8 });
    expect(first.communities[0].members[0]).toMatchObject({ file: "main.rs", handle: expect.stringMatching(/^gsym-/) });
    const second = await json("communities");
    expect(second.community_diagnostics.cache_hit).toBe(true);
    expect(second.communities).toEqual(first.communities);
    expect(existsSync(join(root, ".tsift/community-cache/root"))).toBe(true);
  });

  it("--min-size and --limit filter and cap, reporting truncated", async () => {
    const capped = await json("communities", "--limit", "1");
    expect(capped.communities).toHaveLength(1);
    expect(capped.truncated).toBe(true);
    expect((await json("communities", "--min-size", "3")).communities.every((community: { members: unknown[] }) => community.members.length >= 3)).toBe(true);
    expect((await tsift(root, ["communities", "--min-size", "0"])).code).toBe(2);
  });
});

describe("tsift explain (canonical fixture)", () => {
  it("definition, callers, callees, community, PageRank and complexity", async () => {
    const explained = await json("explain", "alpha");
    expect(explained.definitions).toEqual([
      expect.objectContaining({ name: "alpha", file: "main.rs", line: 6, end_line: 9, kind: "function", signature: "fn alpha()" }),
    ]);
    expect(explained.callers.map((edge: { caller_name: string }) => edge.caller_name)).toEqual(expect.arrayContaining(["main", "beta"]));
    expect(explained.callees.map((edge: { callee_name: string }) => edge.callee_name)).toEqual(["beta", "gamma"]);
    expect(names(explained.community.members)).toEqual(expect.arrayContaining(["alpha", "beta", "gamma"]));
    expect(explained.community_diagnostics).toMatchObject({ cache_hit: expect.any(Boolean) });
    expect(explained.pagerank).toMatchObject({ rank: expect.any(Number), node_count: 9 });
    expect(explained.complexity).toMatchObject({ cyclomatic: 1, lines: 4 });
  });

  it("--budget small previews each list with handles and expand commands", async () => {
    const preview = await json("explain", "alpha", "--budget", "small");
    expect(preview.callers).toHaveLength(3);
    expect(preview.callers[0]).toMatchObject({ handle: expect.stringMatching(/^gcal-/), expand: expect.stringMatching(/^tsift explain gsym-/) });
    expect(preview.budget).toEqual({ preset: "small", max_items: 3, max_bytes: 120 });
    const envelope = await tsift(root, ["--envelope", "explain", "alpha"]);
    expect(envelope.json()).toMatchObject({
      tool: "explain",
      view: "preview",
      summary: {
        metrics: [
          { label: "definitions", value: 1 },
          { label: "callers", value: 3 },
          { label: "callees", value: 2 },
        ],
      },
    });
    expect(envelope.json().follow_up.at(-1)).toMatch(/^tsift explain gsym-[0-9a-f]{12} --limit 0$/);
  });
});

describe("tsift analyze (canonical fixture)", () => {
  it("SCC, dead code from main, health table and coupling (derived values)", async () => {
    const report = await json("analyze", "--entry", "main", "--limit", "0");
    expect(report).toMatchObject({ node_count: 9, edge_count: 12, symbol_count: 9, entry_points: ["main"] });
    expect(report.scc).toMatchObject({ total_components: 6, non_trivial_count: 2, largest_component_size: 3 });
    expect(report.scc.components.map((component: { nodes: string[] }) => component.nodes)).toEqual([
      ["alpha", "beta", "gamma"],
      ["delta", "epsilon"],
      ["bridge"],
      ["helper"],
      ["main"],
      ["shared"],
    ]);
    expect(report.dead_code).toMatchObject({ dead_count: 2, total_nodes: 9 });
    expect(report.dead_code.dead_ratio).toBeCloseTo(0.2222, 4);
    expect(report.dead_code.dead_nodes.map((node: Record<string, unknown>) => [node.name, node.reason, node.inbound_count, node.outbound_count])).toEqual([
      ["delta", "unreachable", 1, 1],
      ["epsilon", "unreachable", 1, 1],
    ]);
    const round = (value: number) => Math.round(value * 10_000) / 10_000;
    type Score = { name: string; overall: number; connectivity: number; reachability: number; centrality: number; cycle_risk: number };
    const table = Object.fromEntries(
      (report.health.scores as Score[]).map((score) => [
        score.name,
        [score.overall, score.connectivity, score.reachability, score.centrality, score.cycle_risk].map(round),
      ]),
    );
    expect(table).toEqual({
      main: [0.6424, 0.75, 0.375, 0.4444, 0],
      bridge: [0.5538, 0.75, 0.1875, 0.2778, 0],
      shared: [0.5538, 0.75, 0.1875, 0.2778, 0],
      helper: [0.4601, 0.375, 0.1875, 0.2778, 0],
      alpha: [0.4253, 1, 0.3125, 0.3889, 1],
      beta: [0.4253, 1, 0.3125, 0.3889, 1],
      gamma: [0.4253, 1, 0.3125, 0.3889, 1],
      delta: [0.2743, 0.75, 0.125, 0.2222, 1],
      epsilon: [0.2743, 0.75, 0.125, 0.2222, 1],
    });
    expect(round(report.health.avg_overall)).toBe(0.4483);
    expect(report.coupling).toMatchObject({ total_modules: 1, highly_coupled: [] });
  });

  it("infers main as the entry point without --entry", async () => {
    const report = await json("analyze");
    expect(report.entry_points).toEqual(["main"]);
    expect(report.dead_code.dead_nodes.map((node: { name: string }) => node.name)).toEqual(["delta", "epsilon"]);
  });
});

describe("freshness and locks", () => {
  it("refreshes a stale index before reading, incrementally", async () => {
    const project = fixtureCopy("canonical");
    try {
      await tsift(project.root, ["index", "-q"]);
      writeFileSync(join(project.root, "extra.rs"), "fn extra() {\n    alpha();\n}\n");
      const graph = await tsift(project.root, ["graph", "alpha", "--callers", "--json"]);
      expect(graph.code).toBe(0);
      expect(graph.json().callers.map((edge: { caller_name: string }) => edge.caller_name)).toContain("extra");
    } finally {
      project.remove();
    }
  });

  it("reads the current index with one note when another writer holds the lock", async () => {
    const { holdIndexLock } = await import("./index-helpers");
    const project = fixtureCopy("canonical");
    try {
      await tsift(project.root, ["index", "-q"]);
      writeFileSync(join(project.root, "extra.rs"), "fn extra() {\n    alpha();\n}\n");
      const lock = await holdIndexLock(join(project.root, ".tsift/index.lock"));
      try {
        const graph = await tsift(project.root, ["graph", "alpha", "--callers", "--json"]);
        expect(graph.code).toBe(0);
        expect(graph.json().total).toBe(3);
        expect(graph.err.trim().split("\n")).toEqual([
          expect.stringMatching(/^note: another tsift writer holds .*index\.lock; read the current index \(1 stale file\)/),
        ]);
      } finally {
        await lock.release();
      }
    } finally {
      project.remove();
    }
  });

  it("reads a snapshot copy while a writer has the database locked", async () => {
    const { holdSqliteLock } = await import("./index-helpers");
    const project = fixtureCopy("canonical");
    try {
      await tsift(project.root, ["index", "-q"]);
      const lock = await holdSqliteLock(join(project.root, ".tsift/index.db"));
      try {
        const path = spawnBuilt(project.root, ["path", "main", "helper", "--json"]);
        expect(path.code).toBe(0);
        expect(JSON.parse(path.out).hops).toBe(3);
        expect(path.err).toMatch(/read a snapshot copy/);
      } finally {
        await lock.release();
      }
    } finally {
      project.remove();
    }
  });
});
