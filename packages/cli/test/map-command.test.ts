import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readMapView } from "@tsift/index";
import { openReadIndex, type ReadIndex } from "@tsift/index/graph-read";
import { describe, expect, it } from "vitest";
import { run } from "./helpers";
import { indexedProject, tsiftBin, tsiftInProcess } from "./graph-db-helpers";
import { embeddedModel, MAP_TREE } from "./map-helpers";

describe("tsift map", () => {
  const root = indexedProject(MAP_TREE);

  it("maps every file, linked by resolved imports and calls, with the commands to look closer", async () => {
    const result = await tsiftInProcess(root, ["map", "--format", "json"]);
    expect(result.code, result.err).toBe(0);
    const model = result.json();
    expect(model).toMatchObject({ contract_version: "tsift-graph-view-v1", layers: ["file"], notes: [] });
    expect(model.nodes.map((node: { id: string }) => node.id)).toEqual(
      ["index.ts", "src/app/cli.ts", "src/app/main.ts", "src/lib/config.ts", "src/lib/io.ts", "src/ui/format.ts", "src/ui/render.ts"].map(
        (path) => `file:${path}`,
      ),
    );
    const main = model.nodes.find((node: { id: string }) => node.id === "file:src/app/main.ts");
    expect(main).toMatchObject({
      label: "app/main.ts",
      kind: "file",
      layer: "file",
      properties: { path: "src/app/main.ts", language: "typescript", symbols: 1 },
    });
    expect(main.commands).toEqual(["tsift source-read src/app/main.ts", "tsift traverse src/app/main.ts --depth 1", "tsift symbols --file src/app/main.ts"]);
    const links = model.edges.map((edge: { from: string; kind: string; to: string }) => `${edge.from} ${edge.kind} ${edge.to}`);
    expect(links).toContain("file:src/app/main.ts imports file:src/lib/config.ts");
    expect(links).toContain("file:src/app/main.ts calls file:src/ui/render.ts");
    // lib and ui are separate clusters.
    const community = (id: string) => model.nodes.find((node: { id: string }) => node.id === id).community;
    expect(community("file:src/lib/io.ts")).toBe(community("file:src/lib/config.ts"));
    expect(community("file:src/lib/io.ts")).not.toBe(community("file:src/ui/format.ts"));
  });

  it("caps the nodes: past --limit files are grouped by directory, and says so", async () => {
    const model = (await tsiftInProcess(root, ["map", "--format", "json", "--limit", "3"])).json();
    // The top-level file stays a node of its own beside the directory.
    expect(model.nodes.map((node: { id: string }) => node.id)).toEqual(["dir:src/", "file:index.ts"]);
    expect(model.nodes[0]).toMatchObject({ kind: "directory", properties: { path: "src", files: 6, symbols: 6 } });
    expect(model.nodes[0].commands[0]).toBe("tsift map --under src --format html --out map.html");
    expect(model.notes).toEqual([
      "7 files are more than --limit 3: grouped into 1 directories at depth 1, with 1 top-level files as nodes of their own; click a directory for the command that maps it alone.",
    ]);
    const under = (await tsiftInProcess(root, ["map", "--format", "json", "--under", "src", "--limit", "4"])).json();
    expect(under.nodes.map((node: { id: string }) => node.id)).toEqual(["dir:src/app/", "dir:src/lib/", "dir:src/ui/"]);
    expect(under.title).toMatch(/\/src \(file layer\)$/);
  });

  it("maps the most central symbols with their calls and files on the symbol layer", async () => {
    const model = (await tsiftInProcess(root, ["map", "--format", "json", "--layer", "symbol", "--limit", "4"])).json();
    expect(model.layers).toEqual(["file", "symbol"]);
    const symbols = model.nodes.filter((node: { layer: string }) => node.layer === "symbol");
    expect(symbols).toHaveLength(4);
    expect(model.notes).toEqual(["the 4 of 6 called symbols with the highest PageRank (--limit 4), with the files that define them"]);
    const read = symbols.find((node: { label: string }) => node.label === "readText");
    expect(read).toMatchObject({ kind: "function", properties: { file: "src/lib/io.ts", line: 1, end_line: 3 } });
    expect(read.commands).toEqual([`tsift explain ${read.id}`, "tsift source-read src/lib/io.ts --start 1 --end 3", `tsift traverse ${read.id} --depth 1`]);
    // The four with the highest PageRank of the call graph: the leaves, and the callers that reach the most of them.
    expect(symbols.map((node: { label: string }) => node.label).sort()).toEqual(["format", "main", "readText", "render"]);
    expect(model.edges.filter((edge: { kind: string }) => edge.kind === "defines")).toHaveLength(4);
  });

  it("prints the model the library returns with --json (and the other JSON modes); --format html asks for the page", async () => {
    let index: ReadIndex | undefined;
    const model = await readMapView(async () => (index ??= await openReadIndex({ cwd: root })));
    await index?.close();
    expect(model.nodes).toHaveLength(7);
    for (const mode of ["--json", "--pretty"]) {
      const result = await run(root, "map", mode);
      expect(result.code, result.err).toBe(0);
      expect(JSON.parse(result.out)).toEqual(JSON.parse(JSON.stringify(model)));
    }
    // Without a JSON mode the page stays the default; with one, --format html asks for it (as a JSON string).
    const page = (await run(root, "map")).out;
    expect(page).toMatch(/^<!doctype html>/);
    expect(embeddedModel(page)).toEqual(JSON.parse(JSON.stringify(model)));
    expect(JSON.parse((await run(root, "map", "--json", "--format", "html")).out)).toBe(page);
    expect((await run(root, "map", "--format", "html")).out).toBe(page);
  });

  it("writes one self-contained page, byte-identical for the same index", async () => {
    const result = await tsiftInProcess(root, ["map", "--out", "map.html"]);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toMatch(/^html: map\.html\n.*: 7 nodes, \d+ edges, \d+ communities\n$/);
    const html = readFileSync(join(root, "map.html"), "utf8");
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/);
    expect(embeddedModel(html).nodes).toHaveLength(7);
    // The compiled binary prints the same page.
    expect(tsiftBin(root, ["map"]).out).toBe(html);
    expect((await tsiftInProcess(root, ["map", "--format", "json"])).json()).toEqual(embeddedModel(html));
  });

  it("refuses a bad --limit, --layer and an --under with no files", async () => {
    expect((await tsiftInProcess(root, ["map", "--limit", "-1"])).code).toBe(2);
    expect((await tsiftInProcess(root, ["map", "--layer", "route"])).code).toBe(2);
    expect((await tsiftInProcess(root, ["map", "--under", "../elsewhere"])).code).toBe(2);
    expect((await tsiftInProcess(root, ["map", "--under", "nowhere"])).code).toBe(3);
  });
});
