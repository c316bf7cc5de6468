import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { indexLocation, openIndexReader, querySymbols, readSymbols, resolveReadTarget, updateIndex } from "../src/index";
import { tempTree } from "./helpers";

const FILES = 40;
/** Writer commits the reads must span, and the fewest reads that count as a check. */
const ROUNDS = 3;
const MIN_READS = 10;

function source(file: number, round: number): string {
  // Blank lines move every symbol each round, so each write replaces all of a file's rows.
  return `${"\n".repeat(round % 7)}export function handler${file}() { return helper${file}(); }\nexport function helper${file}() { return ${round}; }\nexport class Handle${file} { run() { return handler${file}(); } }\n`;
}

/**
 * The writer: a separate process re-indexing the project as fast as it can, rewriting
 * every file and deleting or restoring a third of them each round, until `stop` exists.
 * It runs the built @tsift/index, as any other tsift process would.
 */
const WRITER = `
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
const [indexer, root, files, stop] = process.argv.slice(2);
const { indexLocation, updateIndex } = await import(indexer);
const source = ${source.toString()};
const location = indexLocation(root);
for (let round = 1; !existsSync(stop); round++) {
  for (let file = 0; file < Number(files); file++) {
    const path = join(root, "src", "m" + file + ".ts");
    if (file % 3 === round % 3) rmSync(path, { force: true });
    else writeFileSync(path, source(file, round));
  }
  await updateIndex(location, { workers: 0 });
  process.stdout.write(".");
}
`;

describe("reads during concurrent index commits", () => {
  it("symbols never sees a half-committed index: zero errors while a writer commits several re-index rounds", async () => {
    const tree: Record<string, string> = {};
    for (let file = 0; file < FILES; file++) tree[`src/m${file}.ts`] = source(file, 0);
    const root = tempTree(tree);
    const location = indexLocation(root);
    await updateIndex(location, { workers: 0 });
    const script = join(root, "..", `${root.split("/").pop()}-writer.mjs`);
    writeFileSync(script, WRITER);
    const indexer = pathToFileURL(join(import.meta.dirname, "..", "dist", "indexer.js")).href;
    const stop = join(root, ".stop");
    const writer = spawn(process.execPath, [script, indexer, root, String(FILES), stop], { stdio: ["ignore", "pipe", "pipe"] });
    let rounds = 0;
    let stderr = "";
    writer.stdout.on("data", (chunk: Buffer) => (rounds += chunk.length));
    writer.stderr.on("data", (chunk: Buffer) => (stderr += String(chunk)));
    let writerExited = false;
    const exited = new Promise<number | null>((resolve) => writer.once("exit", resolve)).finally(() => (writerExited = true));

    const errors: string[] = [];
    let reads = 0;
    const target = resolveReadTarget({ path: root });
    try {
      // Reads run until the writer has committed ROUNDS rounds, however long a loaded
      // machine takes for them: the test counts commits read across, not time. A writer that dies ends the loop (its stderr says why).
      while ((rounds < ROUNDS || reads < MIN_READS) && !writerExited) {
        try {
          // The use case (opens, queries, closes) and the query on one long-lived reader.
          const report = await readSymbols(target, { name: "handler", limit: 0 });
          for (const symbol of report.symbols) if (!symbol.name) errors.push("a symbol without a name");
          const reader = openIndexReader(location);
          try {
            querySymbols(reader.database, { name: "Handle", limit: 0 });
            querySymbols(reader.database, { limit: 0 });
          } finally {
            await reader.close();
          }
          reads++;
        } catch (error) {
          errors.push(error instanceof Error ? error.message : String(error));
        }
        // Let the writer's output events in.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      writeFileSync(stop, "");
      await exited;
    }
    expect(stderr).toBe("");
    expect(rounds).toBeGreaterThanOrEqual(ROUNDS);
    expect(reads).toBeGreaterThanOrEqual(MIN_READS);
    expect(errors.slice(0, 5)).toEqual([]);
  });
});
