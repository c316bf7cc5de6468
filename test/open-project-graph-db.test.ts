import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openProject, type Project, type ProjectGraphDb } from "../src/index";
import { asJson, cliInProcess, cliEnv, fixtureCopy, removeTempDirs, repoRoot } from "./cli-parity";

// Proof that every graph-db read, import and export is a library call: on a real indexed
// project with a refreshed graph.db, the built CLI's `--json` stdout deep-equals the JSON
// of the `ProjectGraphDb` method given the same options.

/** Refresh phase timings are measured on each side; every other field must match. */
function withoutDurations(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, field: unknown) => (key === "duration_micros" ? 0 : field));
}

let root: string;
let project: Project;
let db: ProjectGraphDb;
/** Node ids of symbols by label, from the projection itself. */
const symbolIds = new Map<string, string>();

const idOf = (label: string): string => {
  const id = symbolIds.get(label);
  expect(id, `a symbol node labelled ${label}`).toBeDefined();
  return id!;
};

beforeAll(async () => {
  root = fixtureCopy("precise-callers");
  project = openProject(root);
  await project.index({ quiet: true });
  db = await project.graphDb();
  await db.refresh();
  for (const node of (await db.kind("symbol", { limit: 0 })).nodes) if (!symbolIds.has(node.label)) symbolIds.set(node.label, node.id);
});

afterAll(async () => {
  await db?.close();
  await project?.close();
  removeTempDirs();
});

describe("openProject().graphDb() reads as `tsift graph-db --json` does", () => {
  it("node and edge, found and not found (exit 3)", async () => {
    const main = idOf("main");
    const node = await db.node(main);
    expect(node.node?.label).toBe("main");
    expect(asJson(node)).toEqual(await cliInProcess(root, ["graph-db", "node", main]));

    expect(await db.node("gsym-000000000000")).toEqual({ node: null });
    expect(await cliInProcess(root, ["graph-db", "node", "gsym-000000000000"], 3)).toEqual({ node: null });

    const key = (await db.edges({ edgeKinds: ["calls"], limit: 1 })).edges[0]!.id;
    const edge = await db.edge(key);
    expect(edge.edge?.kind).toBe("calls");
    expect(asJson(edge)).toEqual(await cliInProcess(root, ["graph-db", "edge", key]));
    expect(await db.edge("edge:missing")).toEqual({ edge: null });
    expect(await cliInProcess(root, ["graph-db", "edge", "edge:missing"], 3)).toEqual({ edge: null });
  });

  it("edges: an edge kind, a page and the page after its cursor, a property filter", async () => {
    const first = await db.edges({ edgeKinds: ["calls"], limit: 2 });
    expect(first.page.truncated).toBe(true);
    expect(asJson(first)).toEqual(await cliInProcess(root, ["graph-db", "edges", "--edge-kind", "calls", "--limit", "2"]));

    const cursor = first.page.next_cursor!;
    const second = await db.edges({ edgeKinds: ["calls"], limit: 2, cursor });
    expect(second.edges[0]!.id > cursor).toBe(true);
    expect(asJson(second)).toEqual(await cliInProcess(root, ["graph-db", "edges", "--edge-kind", "calls", "--limit", "2", "--cursor", cursor]));

    const [property, value] = Object.entries(first.edges[0]!.properties ?? {})[0]!;
    const filtered = await db.edges({ properties: { [property]: value } });
    expect(filtered.edges.length).toBeGreaterThan(0);
    expect(filtered.edges.every((edge) => edge.properties?.[property] === value)).toBe(true);
    expect(asJson(filtered)).toEqual(await cliInProcess(root, ["graph-db", "edges", "--property", `${property}=${value}`]));
    expect(asJson(await db.edges())).toEqual(await cliInProcess(root, ["graph-db", "edges"]));
  });

  it("incident and kind", async () => {
    const get = idOf("Store.get");
    const incident = await db.incident(get, { edgeKinds: ["calls"] });
    expect(incident.edges.length).toBeGreaterThan(0);
    expect(asJson(incident)).toEqual(await cliInProcess(root, ["graph-db", "incident", get, "--edge-kind", "calls"]));
    expect(asJson(await db.incident(get, { limit: 1 }))).toEqual(await cliInProcess(root, ["graph-db", "incident", get, "--limit", "1"]));

    const files = await db.kind("file", { limit: 3 });
    expect(files.nodes).toHaveLength(3);
    expect(asJson(files)).toEqual(await cliInProcess(root, ["graph-db", "kind", "file", "--limit", "3"]));
    const next = files.page.next_cursor!;
    expect(asJson(await db.kind("file", { limit: 3, cursor: next }))).toEqual(
      await cliInProcess(root, ["graph-db", "kind", "file", "--limit", "3", "--cursor", next]),
    );

    const inStore = await db.kind("symbol", { properties: { path: "src/store.ts" } });
    expect(inStore.nodes.length).toBeGreaterThan(0);
    expect(inStore.nodes.every((node) => node.properties?.path === "src/store.ts")).toBe(true);
    expect(asJson(inStore)).toEqual(await cliInProcess(root, ["graph-db", "kind", "symbol", "--property", "path=src/store.ts"]));
  });

  it("neighborhood with depth, direction, edge kinds and paging; an unknown node fails not_found (exit 3)", async () => {
    const main = idOf("main");
    const flags = ["--depth", "2", "--direction", "both", "--edge-kind", "calls", "--limit", "2"];
    const around = await db.neighborhood(main, { depth: 2, direction: "both", edgeKinds: ["calls"], limit: 2 });
    expect(around.page.truncated).toBe(true);
    expect(around.ranked_neighbors.length).toBeGreaterThan(0);
    expect(asJson(around)).toEqual(await cliInProcess(root, ["graph-db", "neighborhood", main, ...flags]));
    const cursor = around.page.next_cursor!;
    const after = await db.neighborhood(main, { depth: 2, direction: "both", edgeKinds: ["calls"], limit: 2, cursor });
    expect(after.nodes.length).toBeGreaterThan(0);
    expect(asJson(after)).toEqual(await cliInProcess(root, ["graph-db", "neighborhood", main, ...flags, "--cursor", cursor]));
    expect(asJson(await db.neighborhood(main))).toEqual(await cliInProcess(root, ["graph-db", "neighborhood", main]));
    await expect(db.neighborhood("gsym-000000000000")).rejects.toMatchObject({ code: "not_found" });
    const missing = spawnSync(
      process.execPath,
      [join(repoRoot, "packages", "cli", "dist", "bin.js"), "graph-db", "neighborhood", "gsym-000000000000", "--json"],
      { cwd: root, encoding: "utf8", env: cliEnv() },
    );
    expect(missing.status).toBe(3);
    expect(missing.stderr).toMatch(/error\[not_found\]/);
  });

  it("path, found and cut by --max-hops", async () => {
    const [from, to] = [idOf("main"), idOf("Store.get")];
    const found = await db.path(from, to, { edgeKinds: ["calls"] });
    expect(found.hops).toBeGreaterThan(0);
    expect(asJson(found)).toEqual(await cliInProcess(root, ["graph-db", "path", from, to, "--edge-kind", "calls"]));
    const capped = await db.path(from, to, { maxHops: 0 });
    expect(capped.path).toBeNull();
    expect(asJson(capped)).toEqual(await cliInProcess(root, ["graph-db", "path", from, to, "--max-hops", "0"]));
  });

  it("compact: the plan, the tombstone guard (exit 2), and --apply", async () => {
    const plan = await db.compact();
    expect(plan.applied).toBe(false);
    expect(asJson(plan)).toEqual(await cliInProcess(root, ["graph-db", "compact"]));
    await expect(db.compact({ apply: true, pruneTombstones: true })).rejects.toMatchObject({ code: "usage" });
    const refused = spawnSync(process.execPath, [join(repoRoot, "packages", "cli", "dist", "bin.js"), "graph-db", "compact", "--apply", "--prune-tombstones"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(refused.status).toBe(2);
    const applied = await db.compact({ apply: true });
    expect(applied).toMatchObject({ applied: true, next_commands: ["tsift graph-db doctor"] });
    // The file sizes before and after differ run to run; the rest is the command's.
    const command = (await cliInProcess(root, ["graph-db", "compact", "--apply"])) as typeof applied;
    expect({ ...command, result: null, policy: null }).toEqual({ ...(asJson(applied) as typeof applied), result: null, policy: null });
  });

  it("export, then import from a file and from the document itself", async () => {
    const document = await db.export();
    expect(document.nodes.length).toBeGreaterThan(0);
    expect(asJson(document)).toEqual(await cliInProcess(root, ["graph-db", "export"]));

    writeFileSync(join(root, "rows.json"), JSON.stringify(document));
    const viaCli = await cliInProcess(root, ["graph-db", "import", "rows.json"]);
    const fromFile = await db.import("rows.json");
    expect(fromFile).toMatchObject({ operation: "import", source_format: "tsift-graph-rows/v1", location: ".tsift/graph.db" });
    expect(fromFile.nodes.unchanged).toBe(document.nodes.length);
    expect(withoutDurations(fromFile)).toEqual(withoutDurations(viaCli));
    expect(withoutDurations(await db.import(document))).toEqual(withoutDurations(viaCli));
    expect(asJson(await db.export())).toEqual(asJson(document));

    await expect(db.import({ format: "tsift-graph-rows/v1", nodes: [], edges: [{ from_id: "a" }] } as never)).rejects.toMatchObject({ code: "invalid_input" });
    await expect(db.import("missing.json")).rejects.toMatchObject({ code: "not_found" });
  });
});
