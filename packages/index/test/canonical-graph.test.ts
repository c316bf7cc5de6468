import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  analyzeCallGraph,
  callGraphCommunities,
  communityCacheDir,
  explainSymbol,
  indexWatermark,
  loadCallGraph,
  resolveSymbolArgument,
  shortestCallPath,
  symbolCallGraph,
  symbolHandle,
  updateIndex,
  type GraphSymbol,
} from "../src/index";
import { indexFixture, type IndexedFixture } from "./graph-fixture";
import { bumpMtime } from "./helpers";

/** The canonical call graph's answers on a real index of fixtures/canonical, lines 1-based. */
let fixture: IndexedFixture;
beforeAll(async () => {
  fixture = await indexFixture("canonical");
});
afterAll(async () => {
  await fixture.close();
});

function symbol(argument: string): GraphSymbol {
  const resolution = resolveSymbolArgument(fixture.db, argument);
  if (resolution.status !== "resolved") throw new Error(`${argument}: ${resolution.status}`);
  return resolution.symbol;
}

describe("canonical fixture — symbol arguments", () => {
  it("resolves a name, a file:line, a handle, and a name in another case", () => {
    const alpha = symbol("alpha");
    expect([alpha.name, alpha.file, alpha.line, alpha.end_line, alpha.kind, alpha.signature]).toEqual(["alpha", "main.rs", 6, 9, "function", "fn alpha()"]);
    expect(alpha.handle).toBe(symbolHandle("main.rs", "alpha", 6));
    expect(alpha.handle).toMatch(/^gsym-[0-9a-f]{12}$/);
    expect(symbol("main.rs:7").name).toBe("alpha");
    expect(symbol("./main.rs:29").name).toBe("helper");
    expect(symbol(alpha.handle).id).toBe(alpha.id);
    expect(symbol("ALPHA").id).toBe(alpha.id);
  });

  it("reports unknown names with suggestions, and lines outside any symbol", () => {
    const missing = resolveSymbolArgument(fixture.db, "alpah");
    expect(missing.status).toBe("not_found");
    expect(missing.status === "not_found" && missing.suggestions.map((row) => row.name)).toContain("alpha");
    expect(resolveSymbolArgument(fixture.db, "main.rs:5").status).toBe("not_found");
    expect(resolveSymbolArgument(fixture.db, "gsym-000000000000").status).toBe("not_found");
  });
});

describe("canonical fixture — callers and callees (graph alpha)", () => {
  it("lists callers main (2), beta (12), gamma (17) and callees beta (7), gamma (8)", () => {
    const graph = symbolCallGraph(fixture.db, symbol("alpha"));
    if (!("callers_total" in graph)) throw new Error("expected both directions");
    expect(graph.symbol).toBe("alpha");
    expect(graph.callers.map((edge) => [edge.caller_name, edge.caller_file, edge.call_site_line, edge.caller_line])).toEqual([
      ["main", "main.rs", 2, 1],
      ["beta", "main.rs", 12, 11],
      ["gamma", "main.rs", 17, 16],
    ]);
    expect(graph.callers_total).toBe(3);
    expect(graph.callers_truncated).toBe(false);
    expect(graph.callees.map((edge) => [edge.callee_name, edge.call_site_line, edge.caller_line, edge.callee_line])).toEqual([
      ["beta", 7, 6, 11],
      ["gamma", 8, 6, 16],
    ]);
    expect(graph.callees_total).toBe(2);
    expect(graph.callers[0]).toMatchObject({ caller_handle: symbol("main").handle, callee_handle: symbol("alpha").handle, resolution: "same_file" });
  });

  it("one direction has total and truncated; limit caps, 0 shows all", () => {
    const callers = symbolCallGraph(fixture.db, symbol("alpha"), { callers: true, limit: 1 });
    expect(callers).toMatchObject({ symbol: "alpha", total: 3, truncated: true });
    expect("callers" in callers && callers.callers.map((edge) => edge.caller_name)).toEqual(["main"]);
    expect("callees" in callers).toBe(false);
    const callees = symbolCallGraph(fixture.db, symbol("alpha"), { callees: true, limit: 0 });
    expect(callees).toMatchObject({ total: 2, truncated: false });
  });
});

describe("canonical fixture — path", () => {
  it("main → bridge → shared → helper in 3 hops", () => {
    const path = shortestCallPath(fixture.db, symbol("main"), symbol("helper"));
    expect(path.from).toBe("main");
    expect(path.to).toBe("helper");
    expect(path.hops).toBe(3);
    expect(path.path!.map((step) => step.name)).toEqual(["main", "bridge", "shared", "helper"]);
    expect(path.path![1]).toEqual({ name: "bridge", file: "main.rs", line: 21, handle: symbol("bridge").handle });
  });

  it("asked backwards, answers the reverse chain; null when disconnected, zero hops to itself", () => {
    const back = shortestCallPath(fixture.db, symbol("helper"), symbol("main"));
    expect(back).toMatchObject({ hops: 3, direction: "reverse" });
    expect(back.path!.map((step) => step.name)).toEqual(["helper", "shared", "bridge", "main"]);
    expect(back.path_hops!.map((hop) => hop.direction)).toEqual(["backward", "backward", "backward"]);
    expect(shortestCallPath(fixture.db, symbol("main"), symbol("delta"))).toEqual({
      from: "main",
      to: "delta",
      undirected: false,
      direction: null,
      path: null,
      path_hops: null,
      hops: null,
    });
    expect(shortestCallPath(fixture.db, symbol("gamma"), symbol("gamma")).hops).toBe(0);
  });
});

describe("canonical fixture — communities", () => {
  it("finds {alpha, beta, gamma} and {delta, epsilon}", () => {
    const result = callGraphCommunities(fixture.db);
    const names = result.communities.map((community) => community.members.map((member) => member.name));
    expect(names).toContainEqual(["alpha", "beta", "gamma"]);
    expect(names).toContainEqual(["delta", "epsilon"]);
    expect(result.community_count).toBeGreaterThanOrEqual(2);
    expect([result.node_count, result.edge_count]).toEqual([9, 8]);
    expect(result.modularity).toBeGreaterThan(0);
    const alpha = result.communities.flatMap((community) => community.members).find((member) => member.name === "alpha");
    expect(alpha).toEqual({ name: "alpha", file: "main.rs", line: 6, handle: symbol("alpha").handle });
    // Louvain beats the reference's single-level partition here: {main, bridge, shared, helper} is one
    // community (standard Q 0.4766 against 0.4453 for {main, bridge} + {shared, helper}).
    expect(names).toEqual([
      ["bridge", "helper", "main", "shared"],
      ["alpha", "beta", "gamma"],
      ["delta", "epsilon"],
    ]);
    expect(result.modularity).toBeCloseTo(0.4766, 4);
    expect(result.community_diagnostics).toMatchObject({ cache_hit: false, cache_key: null, edge_count: 8 });
    const limited = callGraphCommunities(fixture.db, { limit: 1 });
    expect(limited.communities).toHaveLength(1);
    expect(limited.truncated).toBe(true);
    expect(callGraphCommunities(fixture.db, { minSize: 3 }).communities.every((community) => community.members.length >= 3)).toBe(true);
  });

  it("caches the partition under .tsift/community-cache/root and reuses it", async () => {
    const cacheDir = communityCacheDir(fixture.location);
    expect(cacheDir).toBe(join(fixture.root, ".tsift", "community-cache", "root"));
    const cold = callGraphCommunities(fixture.db, { cacheDir });
    expect(cold.community_diagnostics.cache_hit).toBe(false);
    expect(existsSync(join(cacheDir, `${cold.community_diagnostics.cache_key}.json`))).toBe(true);
    const warm = callGraphCommunities(fixture.db, { cacheDir });
    expect(warm.community_diagnostics.cache_hit).toBe(true);
    expect({ ...warm, community_diagnostics: null }).toEqual({ ...cold, community_diagnostics: null });
    // Another seed is another entry.
    expect(callGraphCommunities(fixture.db, { cacheDir, seed: 7 }).community_diagnostics.cache_hit).toBe(false);
    expect(readdirSync(cacheDir).filter((name) => name.endsWith(".json"))).toHaveLength(2);
  });

  it("misses after the index changes and hits again after a rebuild of the same source", async () => {
    const cacheDir = communityCacheDir(fixture.location);
    const before = indexWatermark(fixture.db);
    callGraphCommunities(fixture.db, { cacheDir });
    const source = join(fixture.root, "main.rs");
    writeFileSync(join(fixture.root, "extra.rs"), "fn extra() {\n    helper();\n}\n");
    await updateIndex(fixture.location, { workers: 0 });
    await fixture.reopen();
    expect(indexWatermark(fixture.db)).not.toBe(before);
    const changed = callGraphCommunities(fixture.db, { cacheDir });
    expect(changed.community_diagnostics.cache_hit).toBe(false);
    expect(changed.node_count).toBe(10);

    const { rmSync } = await import("node:fs");
    rmSync(join(fixture.root, "extra.rs"));
    bumpMtime(source);
    await updateIndex(fixture.location, { workers: 0, rebuild: true });
    await fixture.reopen();
    expect(indexWatermark(fixture.db)).toBe(before);
    expect(callGraphCommunities(fixture.db, { cacheDir }).community_diagnostics.cache_hit).toBe(true);
  });
});

describe("canonical fixture — explain alpha", () => {
  it("has the definition, callers, callees, community, PageRank and complexity", () => {
    const cacheDir = communityCacheDir(fixture.location);
    const explained = explainSymbol(fixture.db, symbol("alpha"), { cacheDir });
    expect(explained.symbol).toBe("alpha");
    expect(explained.definitions).toEqual([
      {
        name: "alpha",
        qualified_name: "alpha",
        kind: "function",
        language: "rust",
        signature: "fn alpha()",
        file: "main.rs",
        line: 6,
        end_line: 9,
        parent_module: null,
        visibility: "private",
        handle: symbol("alpha").handle,
        complexity: { cyclomatic: 1, max_nesting: 0, lines: 4 },
      },
    ]);
    expect(explained.callers.map((edge) => edge.caller_name)).toEqual(["main", "beta", "gamma"]);
    expect(explained.callees.map((edge) => edge.callee_name)).toEqual(["beta", "gamma"]);
    expect(explained.community!.members.map((member) => member.name)).toEqual(["alpha", "beta", "gamma"]);
    expect(explained.community_diagnostics.cache_hit).toBe(true);
    expect(explained.pagerank!.node_count).toBe(9);
    expect(explained.pagerank!.rank).toBeLessThanOrEqual(3);
    expect(explained.complexity).toEqual({ cyclomatic: 1, max_nesting: 0, lines: 4 });
    const again = explainSymbol(fixture.db, symbol("alpha"), { cacheDir, limit: 1 });
    expect(again.pagerank).toEqual(explained.pagerank);
    expect(again).toMatchObject({ callers_total: 3, callers_truncated: true, community: { members_total: 3, members_truncated: true } });
  });
});

describe("canonical fixture — analyze", () => {
  it("from main: SCC, dead code {delta, epsilon}, health table, one module", () => {
    const report = analyzeCallGraph(fixture.db, { entries: ["main"], limit: 0 });
    expect([report.node_count, report.edge_count, report.symbol_count]).toEqual([9, 12, 9]);
    expect(report.entry_points).toEqual(["main"]);
    expect(report.entry_point_details[0]).toMatchObject({ name: "main", line: 1, reasons: ["explicit"] });
    expect(report.scc).toMatchObject({ total_components: 6, non_trivial_count: 2, largest_component_size: 3, node_count: 9, edge_count: 12 });
    expect(report.scc.components.map((component) => component.nodes)).toEqual([
      ["alpha", "beta", "gamma"],
      ["delta", "epsilon"],
      ["bridge"],
      ["helper"],
      ["main"],
      ["shared"],
    ]);
    expect(report.scc.components.map((component) => component.is_trivial)).toEqual([false, false, true, true, true, true]);
    expect(report.dead_code.dead_nodes).toEqual([
      { name: "delta", file: "main.rs", line: 31, handle: symbol("delta").handle, reason: "unreachable", inbound_count: 1, outbound_count: 1 },
      { name: "epsilon", file: "main.rs", line: 35, handle: symbol("epsilon").handle, reason: "unreachable", inbound_count: 1, outbound_count: 1 },
    ]);
    expect(report.dead_code).toMatchObject({ total_nodes: 9, total_edges: 12, dead_count: 2, entry_points: ["main"] });
    expect(report.dead_code.dead_ratio).toBeCloseTo(0.2222, 4);
    const table: Array<[string, number, number, number, number, number]> = [
      ["main", 0.6424, 0.75, 0.375, 0.4444, 0],
      ["bridge", 0.5538, 0.75, 0.1875, 0.2778, 0],
      ["shared", 0.5538, 0.75, 0.1875, 0.2778, 0],
      ["helper", 0.4601, 0.375, 0.1875, 0.2778, 0],
      ["alpha", 0.4253, 1.0, 0.3125, 0.3889, 1],
      ["beta", 0.4253, 1.0, 0.3125, 0.3889, 1],
      ["gamma", 0.4253, 1.0, 0.3125, 0.3889, 1],
      ["delta", 0.2743, 0.75, 0.125, 0.2222, 1],
      ["epsilon", 0.2743, 0.75, 0.125, 0.2222, 1],
    ];
    expect(report.health.scores.map((score) => score.name)).toEqual(table.map(([name]) => name));
    table.forEach(([, overall, connectivity, reachability, centrality, cycleRisk], i) => {
      const score = report.health.scores[i]!;
      expect([score.overall, score.connectivity, score.reachability, score.centrality].map((value) => Number(value.toFixed(4)))).toEqual([
        overall,
        connectivity,
        reachability,
        centrality,
      ]);
      expect(score.cycle_risk).toBe(cycleRisk);
    });
    expect(report.health.avg_overall).toBeCloseTo(0.4483, 4);
    expect(report.coupling).toMatchObject({ total_modules: 1, highly_coupled: [], truncated: false });
    expect(report.coupling.modules[0]).toMatchObject({ module: ".", fan_in: 0, fan_out: 0 });
    expect(report.warnings).toBeUndefined();
  });

  it("infers main as the entry point and caps lists", () => {
    const report = analyzeCallGraph(fixture.db, { limit: 2 });
    expect(report.entry_point_details).toEqual([{ name: "main", file: "main.rs", line: 1, handle: symbol("main").handle, reasons: ["main_like"] }]);
    expect(report.dead_code.dead_count).toBe(2);
    expect(report.health.scores).toHaveLength(2);
    expect(report.health.truncated).toBe(true);
    expect(report.scc.components).toHaveLength(2);
    expect(report.scc.truncated).toBe(true);
  });

  it("warns about an entry that matches nothing", () => {
    const report = analyzeCallGraph(fixture.db, { entries: ["nowhere"] });
    expect(report.warnings).toEqual([
      "entry point `nowhere` matches no indexed symbol",
      "dead-code reachability has no entry point; pass --entry <symbol> for stricter results",
    ]);
    expect(report.dead_code.dead_count).toBe(9);
  });

  it("loads the resolved call graph: 9 nodes, 12 edges", () => {
    const { graph, edge_count, symbols } = loadCallGraph(fixture.db);
    expect([graph.nodes.length, graph.edges.length, edge_count]).toEqual([9, 12, 12]);
    expect([...symbols.values()].map((entry) => entry.name).sort()).toEqual([
      "alpha",
      "beta",
      "bridge",
      "delta",
      "epsilon",
      "gamma",
      "helper",
      "main",
      "shared",
    ]);
  });
});
