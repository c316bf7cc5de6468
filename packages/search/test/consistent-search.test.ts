import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { indexLocation, openIndexReader } from "@tsift/index/indexer";
import { afterAll, describe, expect, it } from "vitest";
import { ftsQuery, lexicalSearch, rankChunksBm25, searchSymbols } from "../src/index";
import { indexedProject } from "./fixture";

const FILES = 40;
/** The writer's rounds: a fixed count, so the test checks consistency, never how fast the writer is. */
const ROUNDS = 8;

function source(file: number, round: number): string {
  // Blank lines move every chunk and symbol each round, so each write replaces all of a file's rows.
  return `${"\n".repeat(round % 7)}/** Handles request ${file}. */\nexport function handler_${file}() { return helper_${file}(); }\nexport function helper_${file}() { return ${round}; }\n`;
}

/** The files present after `round`: all of them at round 0, then all but every third one (which third moves each round). */
function presentFiles(round: number): number[] {
  const present: number[] = [];
  for (let file = 0; file < FILES; file++) if (round === 0 || file % 3 !== round % 3) present.push(file);
  return present;
}

/** A separate process re-indexing ROUNDS times, rewriting every file and deleting or restoring a third of them each round. */
const WRITER = `
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
const [indexer, root, files, rounds] = process.argv.slice(2);
const { indexLocation, updateIndex } = await import(indexer);
const source = ${source.toString()};
for (let round = 1; round <= Number(rounds); round++) {
  for (let file = 0; file < Number(files); file++) {
    const path = join(root, "src", "m" + file + ".ts");
    if (file % 3 === round % 3) rmSync(path, { force: true });
    else writeFileSync(path, source(file, round));
  }
  await updateIndex(indexLocation(root), { workers: 0 });
  process.stdout.write(".");
}
`;

/** One snapshot's view: which files hold a `handler_N`, and the line each ends on (a chunk may start at the blank lines above it). */
type Snapshot = Map<number, number>;

/** The rounds (0..ROUNDS) whose complete state is `snapshot`: its files exactly, each shifted by that round's blank lines from round 0's line. */
function roundsMatching(snapshot: Snapshot, base: Snapshot): number[] {
  const matching: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const files = presentFiles(round);
    if (files.length !== snapshot.size) continue;
    if (files.every((file) => snapshot.get(file) === base.get(file)! + (round % 7))) matching.push(round);
  }
  return matching;
}

function fileNumber(path: string): number {
  return Number(/m(\d+)\.ts$/.exec(path)![1]);
}

/**
 * @tsift/index's indexer bundled from source for the writer process (so the test never reads
 * a dist/ another build may be rewriting). It lives under the repository's node_modules/.cache,
 * where the native modules it leaves out (SQLite, the tree-sitter grammars) resolve.
 */
const bundles: string[] = [];
afterAll(() => {
  for (const dir of bundles) rmSync(dir, { recursive: true, force: true });
});

async function bundleIndexer(): Promise<string> {
  const cache = join(import.meta.dirname, "..", "..", "..", "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, "tsift-consistent-search-"));
  bundles.push(dir);
  const outfile = join(dir, "indexer.mjs");
  await build({
    entryPoints: [join(import.meta.dirname, "..", "..", "index", "src", "indexer.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile,
    conditions: ["@tsift/source"],
    external: ["better-sqlite3", "tree-sitter", "tree-sitter-*", "@tree-sitter-grammars/*", "node-gyp-build"],
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
    logLevel: "silent",
  });
  return outfile;
}

describe("search during concurrent index commits", () => {
  it("every read sees one committed round, never a half-written one, while a writer re-indexes a fixed number of rounds", async () => {
    const tree: Record<string, string> = {};
    for (let file = 0; file < FILES; file++) tree[`src/m${file}.ts`] = source(file, 0);
    const { root } = await indexedProject(tree);

    // Three reads, each one read transaction: the ranked chunks, the hits made from them, the symbols.
    function snapshots(): { chunks: Snapshot; hits: Snapshot; symbols: Snapshot; errors: string[] } {
      const reader = openIndexReader(indexLocation(root));
      const errors: string[] = [];
      const chunks: Snapshot = new Map();
      const hits: Snapshot = new Map();
      const symbols: Snapshot = new Map();
      try {
        const { ranked, total } = rankChunksBm25(reader.database, ftsQuery("handles request"), { limit: 50 });
        if (ranked.length !== total) errors.push(`ranked ${ranked.length} of ${total} matching chunks`);
        for (const { chunk } of ranked) if (chunk.symbol?.startsWith("handler")) chunks.set(fileNumber(chunk.file), chunk.end_line);
        for (const hit of lexicalSearch(reader.database, "handles request", { limit: 50 }).hits) {
          if (!hit.path) errors.push("a hit without a path");
          else if (hit.symbol?.startsWith("handler")) hits.set(fileNumber(hit.path), hit.end_line);
        }
        for (const hit of searchSymbols(reader.database, "handler", { limit: 50 })) {
          if (!hit.name) errors.push("a symbol without a name");
          else if (/^handler_\d+$/.test(hit.name)) symbols.set(fileNumber(hit.file), hit.line);
        }
      } finally {
        void reader.close();
      }
      return { chunks, hits, symbols, errors };
    }

    const base = snapshots();
    expect(base.errors).toEqual([]);
    expect([...base.chunks.keys()].sort((a, b) => a - b)).toEqual(presentFiles(0));
    expect([...base.symbols.keys()].sort((a, b) => a - b)).toEqual(presentFiles(0));

    const script = `${root}-writer.mjs`;
    writeFileSync(script, WRITER);
    const indexer = pathToFileURL(await bundleIndexer()).href;
    const writer = spawn(process.execPath, [script, indexer, root, String(FILES), String(ROUNDS)], { stdio: ["ignore", "pipe", "pipe"] });
    let rounds = 0;
    let stderr = "";
    let done = false;
    writer.stdout.on("data", (chunk: Buffer) => (rounds += chunk.length));
    writer.stderr.on("data", (chunk: Buffer) => (stderr += String(chunk)));
    const exited = new Promise<number | null>((resolve) =>
      writer.once("exit", (code) => {
        done = true;
        resolve(code);
      }),
    );

    const errors: string[] = [];
    let reads = 0;
    // Read until the writer has finished its rounds, then once more: the last read must see the last round.
    for (let last = false; !last;) {
      last = done;
      try {
        const view = snapshots();
        errors.push(...view.errors);
        for (const [what, snapshot] of [
          ["chunks", view.chunks],
          ["hits", view.hits],
          ["symbols", view.symbols],
        ] as const) {
          const matching = roundsMatching(snapshot, what === "symbols" ? base.symbols : what === "hits" ? base.hits : base.chunks);
          if (matching.length === 0)
            errors.push(`${what}: a state no round wrote (${[...snapshot.entries()].map(([file, line]) => `m${file}@${line}`).join(" ")})`);
          else if (last && !matching.includes(ROUNDS)) errors.push(`${what}: the read after the writer exited saw round ${matching.join("/")}, not ${ROUNDS}`);
        }
        reads++;
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
      // Let the writer's output and exit events in.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(stderr).toBe("");
    expect(await exited).toBe(0);
    expect(errors.slice(0, 5)).toEqual([]);
    expect(rounds).toBe(ROUNDS);
    expect(reads).toBeGreaterThan(0);
  });
});
