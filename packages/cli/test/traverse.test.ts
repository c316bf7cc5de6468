import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { CONFORMANCE_TREE, indexedProject, sym, tsiftBin } from "./graph-db-helpers";
import { countColor, decodePng } from "./png-pixels";

const CHROMIUM = process.env.TSIFT_CHROMIUM ?? "/usr/bin/chromium";
const SYMBOL_GREEN = "#59a14f";
const FILE_BLUE = "#4e79a7";

describe("tsift traverse", () => {
  const root = indexedProject({
    ...CONFORMANCE_TREE,
    "web/server.ts": 'import express from "express";\nconst app = express();\napp.get("/health", health);\nfunction health(req, res) {\n  res.send("ok");\n}\n',
  });

  it("explains a node's scored neighborhood, with handles and next commands", () => {
    const result = tsiftBin(root, ["traverse", "alpha", "--format", "json"]);
    expect(result.code, result.err).toBe(0);
    const json = result.json();
    expect(json).toMatchObject({ contract_version: "tsift-traverse-v1", mode: "neighborhood", target: { input: "alpha", id: sym("alpha"), match: "name" } });
    expect(json.refresh).toBe("cold_source_graph_rebuild");
    const ids = json.nodes.map((node: { id: string }) => node.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toEqual(expect.arrayContaining([sym("main"), sym("beta"), sym("gamma"), "file:main.rs"]));
    const reasons = Object.fromEntries(json.recommendations.map((r: { id: string; reason: string }) => [r.id, r.reason]));
    expect(reasons).toMatchObject({ [sym("main")]: "caller", [sym("beta")]: "callee", [sym("gamma")]: "callee" });
    const callerRank = json.recommendations.findIndex((r: { id: string }) => r.id === sym("main"));
    const fileRank = json.recommendations.findIndex((r: { id: string }) => r.id === "file:main.rs");
    expect(callerRank).toBeLessThan(fileRank);
    expect(json.recommendations[0].commands[0]).toMatch(/^tsift traverse gsym-[0-9a-f]{12} --depth 2$/);

    // The handle finds the same node; the second traverse reuses the projection.
    const byHandle = tsiftBin(root, ["traverse", json.recommendations[0].handle, "--json"]).json();
    expect(byHandle.target).toMatchObject({ id: json.recommendations[0].id, match: "handle" });
    expect(byHandle.refresh).toBe("cached_source_watermark_reuse");
  });

  it("finds the path between two nodes, a route's handler, and the import overview", () => {
    const path = tsiftBin(root, ["traverse", "main", "--to", "helper", "--json"]).json();
    expect(path.path).toMatchObject({ hops: 3, direction: "forward", nodes: ["main", "bridge", "shared", "helper"].map((n) => sym(n)) });
    const reverse = tsiftBin(root, ["traverse", "helper", "--to", "main", "--json"]);
    expect(reverse.json().path.direction).toBe("reverse");
    expect(reverse.err).toContain("showing the path from");
    const route = tsiftBin(root, ["traverse", "GET /health", "--json"]).json();
    expect(route.target.match).toBe("route");
    expect(route.recommendations.find((r: { reason: string }) => r.reason === "handler")).toMatchObject({ id: sym("health", "web/server.ts") });
    const overview = tsiftBin(root, ["traverse", "--json"]).json();
    expect(overview.mode).toBe("overview");
    expect(overview.nodes.map((n: { id: string }) => n.id)).toEqual(["file:web/server.ts", "module:express"]);
    expect(tsiftBin(root, ["traverse", "no_such_symbol", "--json"]).code).toBe(3);
  });

  it("writes one self-contained HTML file with the slice embedded", () => {
    const result = tsiftBin(root, ["traverse", "alpha", "--format", "html", "--out", "alpha.html"]);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain("html: alpha.html");
    const html = readFileSync(join(root, "alpha.html"), "utf8");
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/);
    const embedded = JSON.parse(/<script type="application\/json" id="tsift-graph">(.*?)<\/script>/s.exec(html)![1]!);
    expect(embedded.nodes.length).toBe((html.match(/<g class="node"/g) ?? []).length);
    expect(tsiftBin(root, ["traverse", "alpha", "--format", "html"]).out).toMatch(/^<!doctype html>[\s\S]*<\/html>\n$/);
  });

  // The page is checked in a real browser: it must draw nodes, filter them and show details.
  it.skipIf(!existsSync(CHROMIUM))(`renders in headless Chromium (${CHROMIUM}): nodes drawn, filter and detail panel work`, async () => {
    const { chromium } = await import("playwright-core");
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const requests: string[] = [];
      page.on("request", (request) => requests.push(request.url()));
      await page.goto(pathToFileURL(join(root, "alpha.html")).href);
      const nodes = await page.locator("svg .node").count();
      expect(nodes).toBeGreaterThan(3);
      const image = decodePng(await page.locator("svg#graph").screenshot());
      expect(countColor(image, SYMBOL_GREEN)).toBeGreaterThan(200);
      expect(countColor(image, FILE_BLUE)).toBeGreaterThan(50);

      await page.fill("#filter", "gamma");
      expect(await page.locator("svg .node:not(.hidden)").count()).toBe(1);
      await page.fill("#filter", "");
      await page.uncheck('input[data-kind="file"]');
      expect(await page.locator('svg .node.hidden[data-kind="file"]').count()).toBeGreaterThan(0);
      await page.check('input[data-kind="file"]');

      await page.locator(`svg .node[data-id="${sym("beta")}"] circle`).click();
      const detail = await page.locator("#detail").innerText();
      expect(detail).toContain(sym("beta"));
      expect(detail).toContain("tsift-index main.rs:");
      expect(detail).toMatch(/tsift traverse 'gsym-[0-9a-f]{12}' --depth 2/);
      expect(requests.every((url) => url.startsWith("file:"))).toBe(true);
    } finally {
      await browser.close();
    }
  });
});
