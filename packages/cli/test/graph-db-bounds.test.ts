import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GRAPH_QUERY_LIMITS } from "@tsift/core";
import { cyclicNodeId, cyclicProjection, starProjection } from "@tsift/core/testing";
import { openSqliteGraphStore } from "@tsift/sqlite";
import { run, tempProject } from "./helpers";

const S = (name: string) => `sym:main.rs:${name}`;
const ERROR_LINE = /^tsift: error\[not_found\]: node (\S+) is not in the graph \(next: tsift graph-db kind <kind>\)\n$/;

/** A project whose graph.db holds `projection`, written through the real SQLite store. */
async function graphProject(projection: Parameters<Awaited<ReturnType<typeof openSqliteGraphStore>>["replaceProjection"]>[0]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "tsift-gdb-bounds-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, ".tsift"));
  const store = await openSqliteGraphStore(join(dir, ".tsift", "graph.db"));
  await store.replaceProjection(projection);
  await store.close();
  return dir;
}

describe("graph-db: missing ids fail in the standard one-line form with exit 3", () => {
  const dir = tempProject();
  beforeAll(async () => expect((await run(dir, "graph-db", "import", "canonical-rows.json")).code).toBe(0));

  it("node and edge keep their null data and print the standard error line", async () => {
    const node = await run(dir, "graph-db", "node", "nope", "--json");
    expect(node.code).toBe(3);
    expect(node.json()).toEqual({ node: null });
    expect(node.err).toMatch(ERROR_LINE);
    const edge = await run(dir, "graph-db", "edge", "edge:nope");
    expect(edge.code).toBe(3);
    expect(edge.err).toBe("tsift: error[not_found]: edge edge:nope is not in the graph (next: tsift graph-db edges --limit 20)\n");
  });

  it("path, incident and neighborhood on a missing id exit 3 with nothing on stdout", async () => {
    for (const argv of [
      ["path", "nope", S("main")],
      ["path", S("main"), "nope"],
      ["incident", "nope"],
      ["neighborhood", "nope"],
      ["path", "nope", "nope", "--json"],
    ]) {
      const result = await run(dir, "graph-db", ...argv);
      expect(result.code, argv.join(" ")).toBe(3);
      expect(result.out, argv.join(" ")).toBe("");
      expect(result.err, argv.join(" ")).toMatch(ERROR_LINE);
      expect(ERROR_LINE.exec(result.err)![1]).toBe("nope");
    }
    // Present ids answer as before: a path that does not exist is still exit 0 with null.
    const none = await run(dir, "graph-db", "path", S("helper"), S("main"), "--json");
    expect(none.code).toBe(0);
    expect(none.json()).toMatchObject({ path: null });
  });

  it("suggests the project's own prefix", async () => {
    const result = await run(tmpdir(), "graph-db", "--path", dir, "incident", "nope");
    expect(result.code).toBe(3);
    expect(result.err).toContain(`(next: tsift graph-db --path ${relative(tmpdir(), dir)} kind <kind>)`);
  });
});

describe("graph-db: depth, hops and page sizes are capped with a warning", () => {
  it("neighborhood --depth 20000 on a cyclic graph returns the depth-5 answer and warns once", async () => {
    const dir = await graphProject(cyclicProjection(30));
    const start = cyclicNodeId(0, 30);
    const shallow = await run(dir, "graph-db", "neighborhood", start, "--depth", "5", "--limit", "0", "--json");
    expect(shallow.err).toBe("");
    expect(shallow.json().page.total).toBe(30);
    const deep = await run(dir, "graph-db", "neighborhood", start, "--depth", "20000", "--limit", "0", "--json");
    expect(deep.code).toBe(0);
    expect(deep.err).toBe("warning: --depth 20000 is above the maximum 1000; used --depth 1000\n");
    const { warnings, ...rest } = deep.json();
    expect(warnings).toEqual(["--depth 20000 is above the maximum 1000; used --depth 1000"]);
    expect(rest).toEqual(shallow.json());
    const huge = await run(dir, "graph-db", "neighborhood", start, "--depth", "1000000", "--direction", "both");
    expect(huge.code).toBe(0);
    expect(huge.err).toBe("warning: --depth 1000000 is above the maximum 1000; used --depth 1000\n");
  });

  it("path --max-hops above the maximum is lowered, and the hop-cap warning keeps its wording", async () => {
    const dir = tempProject();
    expect((await run(dir, "graph-db", "import", "canonical-rows.json")).code).toBe(0);
    const path = await run(dir, "graph-db", "path", S("main"), S("helper"), "--max-hops", "99999", "--json");
    expect(path.code).toBe(0);
    expect(path.json()).toMatchObject({
      hops: 3,
      max_hops: GRAPH_QUERY_LIMITS.maxHops,
      warnings: ["--max-hops 99999 is above the maximum 1000; used --max-hops 1000"],
    });
    expect(path.err).toBe("warning: --max-hops 99999 is above the maximum 1000; used --max-hops 1000\n");
    const capped = await run(dir, "graph-db", "path", S("main"), S("helper"), "--max-hops", "1");
    expect(capped.err).toContain("within --max-hops 1: the search stopped at the hop cap");
  });

  it("--limit 0 pages at 10000 rows with a warning naming the next cursor", async () => {
    const dir = await graphProject(starProjection(6_000));
    const all = await run(dir, "graph-db", "edges", "--limit", "0", "--json");
    expect(all.code).toBe(0);
    const data = all.json();
    expect(data.edges).toHaveLength(GRAPH_QUERY_LIMITS.pageLimit);
    expect(data.page).toMatchObject({ truncated: true, limit: 0 });
    expect(all.err).toBe(`warning: --limit 0 returns at most 10000 rows per page; pass --cursor ${data.page.next_cursor} for the next page\n`);
    const rest = await run(dir, "graph-db", "edges", "--limit", "0", "--cursor", data.page.next_cursor, "--json");
    expect(rest.json().edges).toHaveLength(2_000);
    expect(rest.err).toBe("");
    const kind = await run(dir, "graph-db", "kind", "symbol", "--limit", "20000", "--json");
    expect(kind.json().nodes).toHaveLength(6_001);
    expect(kind.err).toBe("warning: --limit 20000 is above the maximum 10000; used --limit 10000\n");
  });
});

describe("graph-db: filters are bounded", () => {
  it("more than 100 edge kinds are refused with exit 2, not run as a giant query", async () => {
    const dir = tempProject();
    expect((await run(dir, "graph-db", "import", "canonical-rows.json")).code).toBe(0);
    const kinds = Array.from({ length: 40_000 }, (_, i) => `k${i}`).join(",");
    const result = await run(dir, "graph-db", "edges", "--edge-kind", kinds);
    expect(result.code).toBe(2);
    expect(result.err).toBe(
      "tsift: error[invalid_input]: --edge-kind takes at most 100 values in one read (got 40000) (next: split the read into several, or leave the filter out)\n",
    );
  });
});

describe("traverse", () => {
  it("--no-refresh with an index but no graph.db says graph.db is missing, not the index", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tsift-traverse-norefresh-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, "main.ts"), "export function a() {\n  return b();\n}\nexport function b() {\n  return 1;\n}\n");
    expect((await run(dir, "index", "--quiet")).code).toBe(0);
    const result = await run(dir, "traverse", "a", "--no-refresh");
    expect(result.code).toBe(4);
    expect(result.err).toBe(
      "tsift: error[index_missing]: no graph.db under . to read with --no-refresh; the code index has not been projected (next: tsift graph-db refresh)\n",
    );
    expect(result.err).not.toContain("no code index");
  });

  it("caps --depth, --limit and --max-hops with warnings", async () => {
    // graph.db as it is (--no-refresh): the canonical rows, imported.
    const dir = tempProject();
    expect((await run(dir, "graph-db", "import", "canonical-rows.json")).code).toBe(0);
    const hood = await run(dir, "traverse", S("main"), "--no-refresh", "--depth", "5000", "--limit", "99999", "--format", "json");
    expect(hood.code, hood.err).toBe(0);
    expect(hood.err).toBe(
      "warning: --limit 99999 is above the maximum 1000; used --limit 1000\nwarning: --depth 5000 is above the maximum 100; used --depth 100\n",
    );
    expect(JSON.parse(hood.out).warnings).toHaveLength(2);
    const path = await run(dir, "traverse", S("main"), "--to", S("helper"), "--no-refresh", "--max-hops", "5000", "--format", "json");
    expect(path.code, path.err).toBe(0);
    expect(JSON.parse(path.out).path.hops).toBe(3);
    expect(path.err).toBe("warning: --max-hops 5000 is above the maximum 1000; used --max-hops 1000\n");
  });
});
