import { describe, expect, it } from "vitest";
import { project, tsift, write } from "./index-helpers";

const DOC = [
  "# Store Guide",
  "",
  "The **GraphStore** keeps rows. Call `openProject` first.",
  "",
  "Later, openProject returns a project and the GraphStore answers; see Store Guide.",
  "",
  "```ts",
  "openProject(GraphStore)",
  "```",
  "",
  "Links like [openProject](x.md) and `GraphStore` are already annotated; openProjects is another word.",
  "<!-- GraphStore in a comment -->",
  "",
].join("\n");

describe("tsift lint", () => {
  it("flags plain mentions of the document's own entities with their suggested annotation, skipping code, links and comments", async () => {
    const root = project({ "docs/guide.md": DOC });
    const run = await tsift(root, ["lint", "docs/guide.md", "--no-symbols"]);
    expect(run.code).toBe(0);
    expect(run.out).toBe(
      [
        "docs/guide.md:5:8: openProject → `openProject`",
        // Bold in one place, backticked in another: code wins, it is the stronger annotation.
        "docs/guide.md:5:46: GraphStore → `GraphStore`",
        "docs/guide.md:5:70: Store Guide → [Store Guide](#store-guide)",
        "",
      ].join("\n"),
    );
    expect((await tsift(root, ["lint", "docs/guide.md", "--no-symbols", "--exit-code"])).code).toBe(1);
  });

  it("checks code-looking symbol names from the index and entities from other documents", async () => {
    const root = project({
      "src/cache.ts": "export function createCache() { return 1; }\nexport function index() { return 2; }\nexport class LruCache {}\n",
      "GLOSSARY.md": "# Glossary\n\n**Warm Index**: an index kept open.\n",
      "README.md": "Use createCache to build a LruCache; the index is a Warm Index.\n",
    });
    await tsift(root, ["index", "-q"]);
    const report = (await tsift(root, ["lint", "README.md", "--entities-from", "GLOSSARY.md", "--json"])).json();
    expect(report.annotations.map((note: { text: string; kind: string; suggestion: string }) => [note.text, note.kind, note.suggestion])).toEqual([
      ["createCache", "symbol", "`createCache`"],
      ["LruCache", "symbol", "`LruCache`"],
      ["Warm Index", "bold", "**Warm Index**"],
    ]);
    expect(report.indexes).toEqual([".tsift/index.db"]);
  });

  it("answers a missing or binary file with one line", async () => {
    const root = project({ "a.md": "x\n" });
    write(root, { "b.md": Buffer.from([0xff, 0xfe, 0x00]) });
    expect((await tsift(root, ["lint", "missing.md"])).code).toBe(3);
    const binary = await tsift(root, ["lint", "b.md"]);
    expect(binary.code).toBe(2);
    expect(binary.err).toMatch(/b\.md is not UTF-8 text/);
  });
});
