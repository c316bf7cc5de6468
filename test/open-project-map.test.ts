import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openProject, renderGraphView } from "../src/index";
import { asJson, cliInProcess, removeTempDirs, tempDir } from "./cli-parity";

// `tsift map` is a library call: `openProject().map()` is the model `tsift map --format json` prints, and
// `renderGraphView` of it is the page `tsift map` writes.

afterAll(() => removeTempDirs());

const TREE: Record<string, string> = {
  "src/app/main.ts": 'import { parseConfig } from "../lib/config";\n\nexport function main(): string {\n  return parseConfig("x");\n}\n',
  "src/lib/config.ts": 'import { readText } from "./io";\n\nexport function parseConfig(path: string): string {\n  return readText(path);\n}\n',
  "src/lib/io.ts": "export function readText(path: string): string {\n  return path;\n}\n",
};

describe("openProject().map()", () => {
  it("answers as `tsift map --format json` does, and renders to the same page", async () => {
    const root = tempDir("tsift-open-project-map-");
    for (const [path, text] of Object.entries(TREE)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const project = openProject(root);
    try {
      await project.index();
      const model = await project.map();
      expect(model.nodes.map((node) => node.id)).toEqual(["file:src/app/main.ts", "file:src/lib/config.ts", "file:src/lib/io.ts"]);
      expect(asJson(model)).toEqual(await cliInProcess(root, ["map", "--format", "json"]));
      const symbols = await project.map({ layer: "symbol", limit: 2 });
      expect(asJson(symbols)).toEqual(await cliInProcess(root, ["map", "--format", "json", "--layer", "symbol", "--limit", "2"]));
      // With --json and no --format, map prints the model; --format html is the page, as a JSON string.
      expect(asJson(model)).toEqual(await cliInProcess(root, ["map"]));
      expect(renderGraphView(model)).toBe(await cliInProcess(root, ["map", "--format", "html"]));
      await expect(project.map({ under: "nowhere" })).rejects.toMatchObject({ code: "not_found" });
    } finally {
      await project.close();
    }
  });
});
