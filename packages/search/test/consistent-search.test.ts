import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { indexLocation, openIndexReader } from "@tsift/index/indexer";
import { describe, expect, it } from "vitest";
import { ftsQuery, lexicalSearch, rankChunksBm25, searchSymbols } from "../src/index";
import { indexedProject } from "./fixture";

const FILES = 40;

function source(file: number, round: number): string {
  // Blank lines move every chunk and symbol each round, so each write replaces all of a file's rows.
  return `${"\n".repeat(round % 7)}/** Handles request ${file}. */\nexport function handler${file}() { return helper${file}(); }\nexport function helper${file}() { return ${round}; }\n`;
}

/** A separate process re-indexing as fast as it can, rewriting every file and deleting or restoring a third of them each round. */
const WRITER = `
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
const [indexer, root, files, stop] = process.argv.slice(2);
const { indexLocation, updateIndex } = await import(indexer);
const source = ${source.toString()};
for (let round = 1; !existsSync(stop); round++) {
  for (let file = 0; file < Number(files); file++) {
    const path = join(root, "src", "m" + file + ".ts");
    if (file % 3 === round % 3) rmSync(path, { force: true });
    else writeFileSync(path, source(file, round));
  }
  await updateIndex(indexLocation(root), { workers: 0 });
  process.stdout.write(".");
}
`;

describe("search during concurrent index commits", () => {
  it("ranks and reads back chunks and symbols from one snapshot: zero errors over 3 s of a writer re-indexing", async () => {
    const tree: Record<string, string> = {};
    for (let file = 0; file < FILES; file++) tree[`src/m${file}.ts`] = source(file, 0);
    const { root } = await indexedProject(tree);
    const script = `${root}-writer.mjs`;
    writeFileSync(script, WRITER);
    const indexer = pathToFileURL(join(import.meta.dirname, "..", "..", "index", "dist", "indexer.js")).href;
    const stop = join(root, ".stop");
    const writer = spawn(process.execPath, [script, indexer, root, String(FILES), stop], { stdio: ["ignore", "pipe", "pipe"] });
    let rounds = 0;
    let stderr = "";
    writer.stdout.on("data", (chunk: Buffer) => (rounds += chunk.length));
    writer.stderr.on("data", (chunk: Buffer) => (stderr += String(chunk)));
    const exited = new Promise<number | null>((resolve) => writer.once("exit", resolve));

    const errors: string[] = [];
    let reads = 0;
    try {
      const until = Date.now() + 3000;
      while (Date.now() < until) {
        const reader = openIndexReader(indexLocation(root));
        try {
          for (const hit of lexicalSearch(reader.database, "handles request handler", { limit: 50 }).hits) if (!hit.path) errors.push("a hit without a path");
          // Every chunk the full-text index ranked must be read back (at most 40 files match: all are fetched).
          const { ranked, total } = rankChunksBm25(reader.database, ftsQuery("handles request"), { limit: 10 });
          if (ranked.length !== total) errors.push(`ranked ${ranked.length} of ${total} matching chunks`);
          for (const hit of searchSymbols(reader.database, "handler", { limit: 50 })) if (!hit.name) errors.push("a symbol without a name");
          reads++;
        } catch (error) {
          errors.push(error instanceof Error ? error.message : String(error));
        } finally {
          await reader.close();
        }
        // Let the writer's output events in.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      writeFileSync(stop, "");
      await exited;
    }
    expect(stderr).toBe("");
    expect(rounds).toBeGreaterThan(2);
    expect(reads).toBeGreaterThan(10);
    expect(errors.slice(0, 5)).toEqual([]);
  }, 30000);
});
