import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openProject, type Project } from "../src/index";
import { asJson, cliInProcess, fixtureCopy, removeTempDirs } from "./cli-parity";

// Proof that search, related, traverse and graph-db are library calls: the built CLI's
// `--json` stdout deep-equals the JSON of the `Project` method with the same options, on
// the same real project (tree-sitter parses, real index.db and graph.db, real processes).

/** Durations are measured on each side; every other field must match. */
function withoutDurations(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, field: unknown) => (key === "duration_micros" ? 0 : field));
}

let root: string;
let project: Project;

beforeAll(async () => {
  root = fixtureCopy("precise-callers");
  project = openProject(root);
  await project.index({ quiet: true });
}, 120_000);

afterAll(async () => {
  await project.close();
  removeTempDirs();
});

describe("openProject searches and walks the graph as the CLI's --json does", () => {
  it("search, with each strategy the CLI picks or is given", async () => {
    const found = await project.search("store get");
    expect(found.symbols.length).toBeGreaterThan(0);
    expect(found.hits.length).toBeGreaterThan(0);
    expect(asJson(await project.search("Store", { strategy: "lexical", limit: 3, kinds: ["class"] }))).toEqual(
      await cliInProcess(root, ["search", "Store", "--strategy", "lexical", "--limit", "3", "--kind", "class"]),
    );
    expect(asJson(await project.search("cache entries", { strategy: "hybrid", path: "src" }))).toMatchObject({ strategy: "hybrid" });
    const hybrid = (value: unknown) => {
      const copy = asJson(value) as { embedded?: { ms: number } };
      if (copy.embedded) copy.embedded.ms = 0;
      return copy;
    };
    expect(hybrid(await project.search("cache entries", { strategy: "hybrid", path: "src" }))).toEqual(
      hybrid(await cliInProcess(root, ["search", "cache entries", "--strategy", "hybrid", "--path", "src"])),
    );
  });

  it("related", async () => {
    const related = await project.related("src/store.ts:3", { limit: 4 });
    expect(related.hits.length).toBeGreaterThan(0);
    expect(related.hits[0]!.expand).toMatch(/^tsift source-read /);
    expect(asJson(related)).toEqual(await cliInProcess(root, ["related", "src/store.ts:3", "--limit", "4"]));
  });

  it("traverse: overview, neighbourhood and path", async () => {
    // The first traverse builds graph.db; after it both sides reuse the projection.
    await cliInProcess(root, ["traverse", "--format", "json"]);
    expect(asJson(await project.traverse())).toEqual(await cliInProcess(root, ["traverse", "--format", "json"]));
    const neighbourhood = await project.traverse("main", { depth: 1, limit: 10 });
    expect(neighbourhood.refresh).toBe("cached_source_watermark_reuse");
    expect(neighbourhood.nodes.length).toBeGreaterThan(1);
    expect(asJson(neighbourhood)).toEqual(await cliInProcess(root, ["traverse", "main", "--depth", "1", "--limit", "10", "--format", "json"]));
    expect(asJson(await project.traverse("main", { to: "Store.get" }))).toEqual(
      await cliInProcess(root, ["traverse", "main", "--to", "Store.get", "--format", "json"]),
    );
    expect(asJson(await project.traverse("main", { refresh: false }))).toEqual(
      await cliInProcess(root, ["traverse", "main", "--no-refresh", "--format", "json"]),
    );
  });

  it("traverse on a project with no index yet indexes it first, as the CLI does", async () => {
    const fresh = openProject(fixtureCopy("precise-callers"));
    try {
      const slice = await fresh.traverse("main", { depth: 1 });
      expect(slice.refresh).toBe("cold_source_graph_rebuild");
      // Two projects indexed a moment apart: the rows' observation times differ, nothing else.
      const unobserved = (value: unknown) => JSON.parse(JSON.stringify(value), (key, field: unknown) => (key === "observed_at_unix" ? 0 : field));
      expect(unobserved(slice)).toEqual(
        unobserved(await cliInProcess(fixtureCopy("precise-callers"), ["traverse", "main", "--depth", "1", "--format", "json"])),
      );
    } finally {
      await fresh.close();
    }
  });

  it("graph-db status, refresh and doctor", async () => {
    const graphDb = await project.graphDb();
    let status: unknown;
    let refresh: unknown;
    let doctor: unknown;
    try {
      refresh = await graphDb.refresh();
      status = await graphDb.status();
      doctor = await graphDb.doctor();
    } finally {
      await graphDb.close();
    }
    expect(withoutDurations(refresh)).toEqual(withoutDurations(await cliInProcess(root, ["graph-db", "refresh"])));
    expect(asJson(status)).toEqual(await cliInProcess(root, ["graph-db", "status"]));
    expect(withoutDurations(doctor)).toEqual(withoutDurations(await cliInProcess(root, ["graph-db", "doctor"])));
    expect((status as { status: string }).status).toBe("current");
    expect((doctor as { status: string }).status).toBe("ok");
  });
});
