#!/usr/bin/env node
// Records the README's graph-view screenshots: `tsift map` of this repository as it opens
// (docs/images/map-overview.png) and a `tsift traverse` neighborhood with its subject
// searched and selected (docs/images/traverse-selected.png), each in headless Chromium.
// Run after `npx nx run @tsift/cli:build`:
//
//   node tools/docs/screenshot-graph-view.mjs [--chromium /usr/bin/chromium] [--node <symbol>]
//
// The pages are written to a temp directory; only the PNGs are kept.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const { values } = parseArgs({
  options: {
    chromium: { type: "string", default: process.env.TSIFT_CHROMIUM ?? "/usr/bin/chromium" },
    node: { type: "string", default: "renderGraphView" },
    out: { type: "string", default: join(repo, "docs/images") },
  },
});
const bin = join(repo, "packages/cli/dist/bin.js");
const work = mkdtempSync(join(tmpdir(), "tsift-graph-view-"));
const tsift = (...args) => execFileSync(process.execPath, [bin, ...args], { cwd: repo, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });

const shots = [
  { name: "map", html: join(work, "map.html"), args: ["map", "--out", join(work, "map.html")] },
  {
    name: "traverse",
    html: join(work, "traverse.html"),
    args: ["traverse", values.node, "--depth", "2", "--limit", "60", "--format", "html", "--out", join(work, "traverse.html")],
    search: values.node,
  },
];

const { chromium } = await import("playwright-core");
const browser = await chromium.launch({ executablePath: values.chromium, args: ["--use-gl=swiftshader", "--enable-unsafe-swiftshader", "--no-sandbox"] });
try {
  for (const shot of shots) {
    process.stdout.write(tsift(...shot.args));
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, deviceScaleFactor: 1 });
    await page.goto(pathToFileURL(shot.html).href);
    await page.waitForSelector("body[data-ready=true]");
    await page.waitForTimeout(500);
    let file = `${shot.name}-overview.png`;
    if (shot.search) {
      // A node searched and chosen: its neighbours, edges and next commands.
      await page.fill("#search", shot.search);
      await page.locator("#results button").first().click();
      await page.waitForSelector("#details-title");
      await page.waitForTimeout(600);
      file = `${shot.name}-selected.png`;
    }
    await page.screenshot({ path: join(values.out, file) });
    await page.close();
    console.log(`wrote ${join(values.out, file)}`);
  }
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}
