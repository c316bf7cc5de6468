import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { CONFORMANCE_TREE, indexedProject, sym, tsiftBin, tsiftInProcess } from "./graph-db-helpers";
import { countColor, decodePng } from "./png-pixels";

const CHROMIUM = process.env.TSIFT_CHROMIUM ?? "/usr/bin/chromium";

describe("tsift traverse", () => {
  const root = indexedProject({
    ...CONFORMANCE_TREE,
    "web/server.ts": 'import express from "express";\nconst app = express();\napp.get("/health", health);\nfunction health(req, res) {\n  res.send("ok");\n}\n',
  });

  it("explains a node's scored neighborhood, with handles and next commands", async () => {
    const result = await tsiftInProcess(root, ["traverse", "alpha", "--format", "json"]);
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
    const byHandle = (await tsiftInProcess(root, ["traverse", json.recommendations[0].handle, "--json"])).json();
    expect(byHandle.target).toMatchObject({ id: json.recommendations[0].id, match: "handle" });
    expect(byHandle.refresh).toBe("cached_source_watermark_reuse");
  });

  it("finds the path between two nodes, a route's handler, and the import overview", async () => {
    const path = (await tsiftInProcess(root, ["traverse", "main", "--to", "helper", "--json"])).json();
    expect(path.path).toMatchObject({ hops: 3, direction: "forward", nodes: ["main", "bridge", "shared", "helper"].map((n) => sym(n)) });
    const reverse = await tsiftInProcess(root, ["traverse", "helper", "--to", "main", "--json"]);
    expect(reverse.json().path.direction).toBe("reverse");
    expect(reverse.err).toContain("showing the path from");
    const route = (await tsiftInProcess(root, ["traverse", "GET /health", "--json"])).json();
    expect(route.target.match).toBe("route");
    expect(route.recommendations.find((r: { reason: string }) => r.reason === "handler")).toMatchObject({ id: sym("health", "web/server.ts") });
    const overview = (await tsiftInProcess(root, ["traverse", "--json"])).json();
    expect(overview.mode).toBe("overview");
    expect(overview.nodes.map((n: { id: string }) => n.id)).toEqual(["file:web/server.ts", "module:express"]);
    expect((await tsiftInProcess(root, ["traverse", "no_such_symbol", "--json"])).code).toBe(3);
  });

  it("writes one self-contained HTML file with the slice embedded", async () => {
    const result = await tsiftInProcess(root, ["traverse", "alpha", "--format", "html", "--out", "alpha.html"]);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain("html: alpha.html");
    const html = readFileSync(join(root, "alpha.html"), "utf8");
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/);
    const model = JSON.parse(/<script type="application\/json" id="tsift-graph-view">(.*?)<\/script>/s.exec(html)![1]!);
    const json = (await tsiftInProcess(root, ["traverse", "alpha", "--json"])).json();
    // The page draws exactly the slice: its nodes, and its edges between them.
    expect(model.nodes.map((node: { id: string }) => node.id)).toEqual(json.nodes.map((node: { id: string }) => node.id));
    expect(model.edges).toHaveLength(json.edges.length);
    const beta = model.nodes.find((node: { id: string }) => node.id === sym("beta"));
    expect(beta).toMatchObject({ layer: "symbol", kind: "function", properties: { path: "main.rs", depth: 1 } });
    expect(beta.commands).toEqual([
      expect.stringMatching(/^tsift explain gsym-[0-9a-f]{12}$/),
      expect.stringMatching(/^tsift traverse gsym-[0-9a-f]{12} --depth 2$/),
      "tsift source-read main.rs --start 11",
    ]);
    expect(model.nodes.find((node: { id: string }) => node.id === "file:main.rs")).toMatchObject({ layer: "file", kind: "file" });
    // The subject is pinned at the centre of the layout.
    expect(model.nodes.find((node: { id: string }) => node.id === sym("alpha"))).toMatchObject({ x: 500, y: 500 });
    // Deterministic: the same slice gives the same bytes, on stdout too, from the compiled binary as well.
    expect(tsiftBin(root, ["traverse", "alpha", "--format", "html"]).out).toBe(html);
    const path = (await tsiftInProcess(root, ["traverse", "main", "--to", "helper", "--format", "html"])).out;
    const line = JSON.parse(/id="tsift-graph-view">(.*?)<\/script>/s.exec(path)![1]!).nodes;
    expect(line).toHaveLength(4);
  });

  // The page is checked in a real browser: sigma must draw with WebGL, and search, layers and details must work.
  it.skipIf(!existsSync(CHROMIUM))(`renders in headless Chromium (${CHROMIUM}): nodes drawn, search, layers and details work`, async () => {
    const { chromium } = await import("playwright-core");
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--use-gl=swiftshader",
        "--enable-unsafe-swiftshader",
        "--no-sandbox",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
      ],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const requests: string[] = [];
      const errors: string[] = [];
      page.on("request", (request) => requests.push(request.url()));
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(pathToFileURL(join(root, "alpha.html")).href);
      await page.waitForSelector("body[data-ready=true]");
      expect(await page.evaluate(() => (globalThis as unknown as { tsiftGraphView: { graph: { order: number } } }).tsiftGraphView.graph.order)).toBeGreaterThan(
        3,
      );
      const colors = await page.evaluate(() =>
        (globalThis as unknown as { tsiftGraphView: { model: { nodes: { color: string }[] } } }).tsiftGraphView.model.nodes.map((node) => node.color),
      );
      await page.waitForTimeout(300);
      const image = decodePng(await page.locator("#graph").screenshot());
      // WebGL drew the nodes in their community colours.
      expect(Math.max(...[...new Set(colors)].map((color) => countColor(image, color)))).toBeGreaterThan(200);

      await page.fill("#search", "gamma");
      expect(await page.locator("#results button").allInnerTexts()).toEqual([expect.stringMatching(/^gamma/)]);
      await page.locator("#results button").first().click();
      await expect.poll(() => page.locator("#details-title").innerText()).toBe("gamma");
      await page.uncheck('input[data-layer="file"]');
      const hidden = await page.evaluate(() => {
        const view = (globalThis as unknown as { tsiftGraphView: { renderer: { getNodeDisplayData(id: string): { hidden?: boolean } } } }).tsiftGraphView;
        return view.renderer.getNodeDisplayData("file:main.rs")?.hidden;
      });
      expect(hidden).toBe(true);
      await page.check('input[data-layer="file"]');

      await page.fill("#search", "beta");
      await page.keyboard.press("Enter");
      const detail = await page.locator("#details").innerText();
      expect(detail).toContain(sym("beta"));
      expect(detail).toContain("tsift-index main.rs:");
      expect(detail).toMatch(/tsift explain gsym-[0-9a-f]{12}/);
      expect(detail).toMatch(/tsift traverse gsym-[0-9a-f]{12} --depth 2/);
      // An edge in the details pane leads to the node at its other end.
      await page.locator("#details .edge button", { hasText: "gamma" }).first().click();
      await expect.poll(() => page.locator("#details-title").innerText()).toBe("gamma");
      expect(errors).toEqual([]);
      expect(requests.every((url) => url.startsWith("file:"))).toBe(true);
    } finally {
      await browser.close();
    }
  });
});

describe("tsift traverse labels each node by its true relation", () => {
  // isPromise calls isFunction; ten other functions call isFunction too, and innerFrom calls isPromise.
  const others = Array.from({ length: 10 }, (_, i) => `other${i}`);
  const root = indexedProject({
    "util.ts": [
      "export function isFunction(x: any): boolean {",
      "  return typeof x === 'function';",
      "}",
      "export function isPromise(x: any): boolean {",
      "  return isFunction(x?.then);",
      "}",
      "export function innerFrom(x: any): boolean {",
      "  return isPromise(x);",
      "}",
      ...others.map((name) => `export function ${name}(x: any): boolean {\n  return isFunction(x);\n}`),
      "",
    ].join("\n"),
  });
  const at = (name: string) => sym(name, "util.ts");

  it("a node two hops out is the caller of the neighbour it was reached through, not of the start", async () => {
    const json = (await tsiftInProcess(root, ["traverse", "isPromise", "--format", "json"])).json();
    const byId = new Map(json.recommendations.map((rec: { id: string }) => [rec.id, rec]));
    expect(byId.get(at("innerFrom"))).toMatchObject({ reason: "caller", depth: 1, via: null });
    expect(byId.get(at("isFunction"))).toMatchObject({ reason: "callee", depth: 1, via: null });
    const far = json.recommendations.filter((rec: { id: string }) => others.some((name) => rec.id === at(name)));
    expect(far.length).toBeGreaterThan(0);
    for (const rec of far) expect(rec).toMatchObject({ reason: "caller of isFunction", depth: 2, via: at("isFunction") });
  });

  it("a capped list says how many were left off, in text and JSON", async () => {
    const json = (await tsiftInProcess(root, ["traverse", "isPromise", "--format", "json"])).json();
    expect(json.recommendations).toHaveLength(8);
    expect(json.recommendations_total).toBe(json.nodes.length - 1);
    expect(json.recommendations_truncated).toBe(true);
    const text = (await tsiftInProcess(root, ["traverse", "isPromise"])).out;
    expect(text).toContain(`  (+${json.recommendations_total - 8} more; --format json lists every node)`);
    expect(text).toMatch(/^ {2}caller of isFunction +gsym-[0-9a-f]{12} other\d \[symbol\]$/m);
  });
});
