import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { indexedProject, tsiftBin } from "./graph-db-helpers";
import { MAP_TREE } from "./map-helpers";
import { countColor, decodePng } from "./png-pixels";

const CHROMIUM = process.env.TSIFT_CHROMIUM ?? "/usr/bin/chromium";

interface PageView {
  tsiftGraphView: {
    model: { nodes: { id: string; label: string; color: string; layer: string }[] };
    graph: { getNodeAttributes(id: string): { x: number; y: number } };
    renderer: { graphToViewport(point: { x: number; y: number }): { x: number; y: number }; getNodeDisplayData(id: string): { hidden?: boolean } | undefined };
  };
}

describe.skipIf(!existsSync(CHROMIUM))(`tsift map's page in headless Chromium (${CHROMIUM}; skipped when there is none)`, () => {
  const root = indexedProject(MAP_TREE);

  it("searches a symbol, focuses it, and shows its properties, edges and commands; nodes click, drag and hide by layer", async () => {
    const written = tsiftBin(root, ["map", "--layer", "symbol", "--out", "map.html"]);
    expect(written.code, written.err).toBe(0);
    const { chromium } = await import("playwright-core");
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--use-gl=swiftshader", "--enable-unsafe-swiftshader", "--no-sandbox"] });
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const requests: string[] = [];
      const errors: string[] = [];
      page.on("request", (request) => requests.push(request.url()));
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(pathToFileURL(join(root, "map.html")).href);
      await page.waitForSelector("body[data-ready=true]");
      await page.waitForTimeout(300);
      const colors = await page.evaluate(() => [...new Set((globalThis as unknown as PageView).tsiftGraphView.model.nodes.map((node) => node.color))]);
      const drawn = decodePng(await page.locator("#graph").screenshot());
      expect(colors.reduce((sum, color) => sum + countColor(drawn, color), 0)).toBeGreaterThan(500);

      // Typing lists matching labels; choosing one selects and focuses the node.
      await page.locator("#search").pressSequentially("parseCon");
      const results = page.locator("#results button");
      await expect.poll(() => results.allInnerTexts()).toEqual([expect.stringMatching(/^parseConfig function · src\/lib\/config\.ts$/)]);
      await results.first().click();
      await expect.poll(() => page.locator("#details-title").innerText()).toBe("parseConfig");
      const details = await page.locator("#details").innerText();
      expect(details).toMatch(/handle\tgsym-[0-9a-f]{12}/);
      expect(details).toContain("file\tsrc/lib/config.ts");
      expect(details).toContain("→ calls readText");
      expect(details).toContain("← calls main");
      expect(details).toContain("← defines lib/config.ts");
      expect(details).toMatch(/tsift explain gsym-[0-9a-f]{12}/);
      expect(details).toContain("tsift source-read src/lib/config.ts --start 3 --end 5");
      expect(await page.locator("#results").isHidden()).toBe(true);

      // A click on the drawn node selects it.
      const at = async (label: string) => {
        const box = (await page.locator("#graph").boundingBox())!;
        const point = await page.evaluate((wanted) => {
          const view = (globalThis as unknown as PageView).tsiftGraphView;
          const id = view.model.nodes.find((node) => node.label === wanted)!.id;
          return view.renderer.graphToViewport(view.graph.getNodeAttributes(id));
        }, label);
        return { x: box.x + point.x, y: box.y + point.y };
      };
      await page.waitForTimeout(400);
      const format = await at("format");
      await page.mouse.click(format.x, format.y);
      await expect.poll(() => page.locator("#details-title").innerText()).toBe("format");

      // Dragging moves the node and leaves the selection alone.
      const render = await at("render");
      await page.mouse.move(render.x, render.y);
      await page.mouse.down();
      await page.mouse.move(render.x + 80, render.y + 60, { steps: 5 });
      await page.mouse.up();
      const moved = await at("render");
      expect(Math.hypot(moved.x - render.x - 80, moved.y - render.y - 60)).toBeLessThan(4);
      expect(await page.locator("#details-title").innerText()).toBe("format");

      // The keyboard walks the results (readText, then render): ArrowDown twice, Enter chooses the second.
      await page.fill("#search", "re");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
      await expect.poll(() => page.locator("#details-title").innerText()).toBe("render");

      // The symbol layer hides; the file layer stays.
      await page.uncheck('input[data-layer="symbol"]');
      const hidden = await page.evaluate(() => {
        const view = (globalThis as unknown as PageView).tsiftGraphView;
        return view.model.nodes.map((node) => [node.layer, view.renderer.getNodeDisplayData(node.id)?.hidden === true] as const);
      });
      expect(hidden.every(([layer, isHidden]) => isHidden === (layer === "symbol"))).toBe(true);
      expect(await page.locator("#details-title").count()).toBe(0);

      expect(errors).toEqual([]);
      expect(requests.every((url) => url.startsWith("file:"))).toBe(true);
    } finally {
      await browser.close();
    }
  });
});
