#!/usr/bin/env node
/**
 * Graph query oracles on large real corpora: `tsift path` (directed and `--undirected`)
 * against a breadth-first search over the call edges read from index.db with SQL, for a
 * deterministic sample of symbol pairs; `graph --callers/--callees` against index.db's call
 * rows; `explain` and `traverse` against `graph`; every listed call site, caller and callee
 * against its file's own line; and the CLI's `--json` against `openProject(...)` (see
 * graph-oracle.mjs). Exits 1 when any check fails. Build tsift first:
 *
 *   NX_DAEMON=false npx nx run-many -t build --outputStyle=static
 *   node tools/bench/oracles/graph-queries.mjs [--corpus rxjs=/tmp/corpora/node_modules/rxjs/src] \
 *     [--corpus effect=/tmp/corpora/node_modules/effect/src] [--pairs 200] [--symbols 40] [--cli 5] [--scratch /tmp/tsift-graph-oracles] [--out result.json]
 *
 * Each corpus is copied to the scratch directory (indexing writes `.tsift/` there) and
 * indexed with the built CLI.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { builtCli, checkGraphQueries } from "./graph-oracle.mjs";

process.env.TSIFT_NO_DAEMON = "1";
const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, "../../..");
const BIN = join(REPO, "packages", "cli", "dist", "bin.js");

const { values } = parseArgs({
  options: {
    corpus: { type: "string", multiple: true, default: ["rxjs=/tmp/corpora/node_modules/rxjs/src", "effect=/tmp/corpora/node_modules/effect/src"] },
    pairs: { type: "string", default: "200" },
    symbols: { type: "string", default: "40" },
    cli: { type: "string", default: "5" },
    seed: { type: "string", default: "1" },
    scratch: { type: "string", default: "/tmp/tsift-graph-oracles" },
    out: { type: "string" },
  },
});

if (!existsSync(BIN)) throw new Error(`no built CLI at ${BIN}: build tsift first`);
const { openProject } = await import(pathToFileURL(join(REPO, "dist", "index.js")).href);

const results = [];
let failed = 0;
for (const spec of values.corpus) {
  const [name, source] = spec.split("=");
  const root = join(values.scratch, name);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(values.scratch, { recursive: true });
  cpSync(source, root, { recursive: true });
  const indexed = spawnSync(process.execPath, [BIN, "index", ".", "--quiet"], { cwd: root, encoding: "utf8" });
  if (indexed.status !== 0) throw new Error(`indexing ${name} failed: ${indexed.stderr}`);
  const project = openProject(root);
  try {
    const result = await checkGraphQueries({
      root,
      project,
      cli: builtCli(BIN, root),
      pairs: Number(values.pairs),
      symbols: Number(values.symbols),
      cliSample: Number(values.cli),
      seed: Number(values.seed),
    });
    failed += result.mismatches.length;
    results.push({ corpus: name, source, ...result });
    console.log(`${name}: ${result.corpus.symbols} symbols, ${result.corpus.call_edges} call edges`);
    console.log(
      `  checked ${Object.entries(result.checked)
        .map(([k, v]) => `${k}=${v}`)
        .join(" ")}`,
    );
    console.log(`  mismatches ${result.mismatches.length}`);
    for (const mismatch of result.mismatches.slice(0, 20)) console.log(`    ${JSON.stringify(mismatch)}`);
  } finally {
    await project.close();
  }
}
if (values.out) writeFileSync(values.out, `${JSON.stringify(results, null, 2)}\n`);
process.exitCode = failed === 0 ? 0 : 1;
