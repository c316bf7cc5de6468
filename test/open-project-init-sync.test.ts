import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isTsiftError, openProject, type Project } from "../src/index";
import { asJson, cliInProcess, fixtureCopy, removeTempDirs, repoRoot } from "./cli-parity";

// Proof that init and convex-sync are library calls: the built CLI's `--json` stdout
// deep-equals the JSON of the `Project` method with the same options (real files written,
// real index.db and graph.db, real processes).

afterAll(() => removeTempDirs());

describe("openProject initialises a project as `tsift init --json` does", () => {
  // Init writes files, so each side gets its own copy of the same fixture.
  it("with the defaults, then again when already up to date", async () => {
    const [viaCli, viaLibrary] = [fixtureCopy("canonical"), fixtureCopy("canonical")];
    const project = openProject(viaLibrary);
    const first = await project.init();
    expect(first.changed).toBe(true);
    expect(first.changes.map((change) => change.file)).toContain("AGENTS.md");
    expect(asJson(first)).toEqual(await cliInProcess(viaCli, ["init"]));
    expect(readFileSync(join(viaLibrary, "AGENTS.md"), "utf8")).toBe(readFileSync(join(viaCli, "AGENTS.md"), "utf8"));

    const again = await project.init();
    expect(again.changed).toBe(false);
    expect(asJson(again)).toEqual(await cliInProcess(viaCli, ["init"]));
  });

  it("with the agent flags: the Codex hook and the OpenCode shortcuts", async () => {
    const [viaCli, viaLibrary] = [fixtureCopy("canonical"), fixtureCopy("canonical")];
    const report = await openProject(viaLibrary).init({ codex: true, opencode: true });
    expect(report.changes.map((change) => change.file)).toContain(".codex/hooks.json");
    expect(asJson(report)).toEqual(await cliInProcess(viaCli, ["init", "--codex", "--opencode"]));
    // The hook names no project path; only how tsift is started may differ (the CLI knows its own bin, the library does not).
    const hook = (root: string) => readFileSync(join(root, ".codex", "hooks.json"), "utf8");
    for (const root of [viaLibrary, viaCli]) {
      expect(hook(root)).toMatch(/hook user-prompt-submit"/);
      expect(hook(root)).not.toContain(root);
    }
  });
});

describe("openProject plans the Convex sync as `tsift convex-sync --json` does", () => {
  let root: string;
  let project: Project;

  beforeAll(async () => {
    root = fixtureCopy("canonical");
    copyFileSync(join(repoRoot, "fixtures", "graph-db", "canonical-convex-snapshot.json"), join(root, "snapshot.json"));
    project = openProject(root);
    await project.index({ quiet: true });
    // The first sync builds graph.db; after it both sides reuse the projection.
    await cliInProcess(root, ["convex-sync"]);
  });

  afterAll(() => project.close());

  it("plan only, with every row an upsert", async () => {
    const plan = await project.convexSync({ chunkSize: 5, env: {} });
    expect(plan.local.refresh).toBe("cached_source_watermark_reuse");
    expect(plan.snapshot.provided).toBe(false);
    expect(plan.summary.node_upserts).toBe(plan.local.nodes);
    expect(plan.chunks_total).toBeGreaterThan(1);
    expect(asJson(plan)).toEqual(await cliInProcess(root, ["convex-sync", "--chunk-size", "5"]));
    expect(asJson(await project.convexSync({ limit: 1, env: {} }))).toEqual(await cliInProcess(root, ["convex-sync", "--limit", "1"]));
  });

  it("against a snapshot file, with rows and the plan written out", async () => {
    const plan = await project.convexSync({ snapshot: "snapshot.json", includeRows: true, limit: 0, out: "library-plan.json", env: {} });
    expect(plan.snapshot_source).toBe("snapshot.json");
    expect(plan.summary.node_tombstones + plan.summary.edge_tombstones).toBeGreaterThan(0);
    expect(plan.chunks[0]!.rows).toBeDefined();
    const printed = (await cliInProcess(root, ["convex-sync", "--snapshot", "snapshot.json", "--include-rows", "--limit", "0", "--out", "cli-plan.json"])) as {
      out: string;
    };
    expect(printed.out).toBe("cli-plan.json");
    expect(asJson({ ...plan, out: "cli-plan.json" })).toEqual(printed);
    expect(readFileSync(join(root, "library-plan.json"), "utf8")).toBe(readFileSync(join(root, "cli-plan.json"), "utf8"));
  });

  it("refuses apply without an endpoint with the code the CLI exits 2 for", async () => {
    const refused = await project.convexSync({ apply: true, env: {} }).catch((error: unknown) => error);
    expect(isTsiftError(refused, "usage")).toBe(true);
    expect(refused).toMatchObject({ hint: "tsift convex-sync --json" });
  });

  it("applies the chunks in order through an injected fetch", async () => {
    const operations: string[] = [];
    const fetch: typeof globalThis.fetch = async (_url, init) => {
      operations.push((JSON.parse(String(init?.body)) as { operation: string }).operation);
      return new Response(JSON.stringify({ ok: true }), { status: 200, headers: { "content-type": "application/json" } });
    };
    const applied = await project.convexSync({ apply: true, endpoint: "http://127.0.0.1:9/graph", authToken: "secret-token", fetch, env: {} });
    expect(applied.apply).toMatchObject({ chunks_applied: applied.chunks_total, failed_chunk: null, error: null });
    expect(operations).toHaveLength(applied.chunks_total);
    expect(operations.lastIndexOf("upsertNodes")).toBeLessThan(operations.indexOf("upsertEdges"));
    expect(JSON.stringify(applied)).not.toContain("secret-token");
  });
});
