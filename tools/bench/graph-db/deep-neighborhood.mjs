#!/usr/bin/env node
// Deep `graph-db neighborhood` on a large cyclic graph: whole CLI processes, wall time and
// peak RSS (from /usr/bin/time), for small and huge --depth. A walk that re-expands cycles
// every level grows with --depth; one that never revisits a node does not.
//   node tools/bench/graph-db/deep-neighborhood.mjs [--nodes 100000] [--depths 5,50,200,20000] [--timeout 120] [--bin path] [--dir /tmp/x]
// The graph: node i has `calls` edges to i+1 and to (31 i + 7) mod N, so every node sits on
// cycles and the walk from node 0 reaches the whole graph within a few dozen hops.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const nodes = Number(flag("--nodes", 100_000));
const depths = String(flag("--depths", "5,50,200,20000")).split(",").map(Number);
const timeoutS = Number(flag("--timeout", 120));
const bin = flag("--bin", join(repo, "packages", "cli", "dist", "bin.js"));
const dir = flag("--dir", `/tmp/tsift-deep-hood-${nodes}`);
const id = (i) => `n:${String(i).padStart(7, "0")}`;

if (!existsSync(join(dir, ".tsift", "graph.db"))) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, ".tsift"), { recursive: true });
  const { openSqliteGraphStore } = await import(pathToFileURL(join(repo, "packages", "sqlite", "dist", "index.js")).href);
  const store = await openSqliteGraphStore(join(dir, ".tsift", "graph.db"));
  const graphNodes = [];
  const graphEdges = [];
  for (let i = 0; i < nodes; i++) {
    graphNodes.push({ id: id(i), kind: "symbol", label: `f${i}`, properties: {} });
    graphEdges.push({ from_id: id(i), to_id: id((i + 1) % nodes), kind: "calls" });
    graphEdges.push({ from_id: id(i), to_id: id((31 * i + 7) % nodes), kind: "calls" });
  }
  await store.replaceProjection({ nodes: graphNodes, edges: graphEdges });
  await store.close();
}

const load = loadavg()[0].toFixed(2);
const rows = [];
for (const depth of depths) {
  const started = process.hrtime.bigint();
  const result = spawnSync(
    "/usr/bin/time",
    // `timeout` kills the CLI itself (not just its parent); its peak RSS still reaches time's report.
    [
      "-f",
      "__rss %M",
      "timeout",
      "-s",
      "KILL",
      String(timeoutS),
      process.execPath,
      bin,
      "graph-db",
      "neighborhood",
      id(0),
      "--depth",
      String(depth),
      "--limit",
      "5",
      "--json",
      "-p",
      dir,
    ],
    { encoding: "utf8", maxBuffer: 1 << 26 },
  );
  const wall = Number(process.hrtime.bigint() - started) / 1e6;
  const rss = /__rss (\d+)/.exec(result.stderr ?? "");
  let total = null;
  try {
    total = JSON.parse(result.stdout).page.total;
  } catch {}
  const warning = (result.stderr ?? "").split("\n").find((line) => line.startsWith("warning:")) ?? "";
  rows.push({
    depth,
    wall_ms: Math.round(wall),
    peak_rss_mb: rss ? Math.round(Number(rss[1]) / 1024) : null,
    total,
    status: result.status === 137 || /Command terminated by signal 9/.test(result.stderr ?? "") ? `killed after ${timeoutS} s` : result.status,
    warning,
  });
  console.error(JSON.stringify(rows.at(-1)));
}
console.log(`nodes ${nodes}, edges ${2 * nodes}, 1-min load ${load}`);
console.log("| --depth | wall ms | peak RSS MB | page.total | exit |");
console.log("| ---: | ---: | ---: | ---: | --- |");
for (const row of rows) console.log(`| ${row.depth} | ${row.wall_ms} | ${row.peak_rss_mb ?? "-"} | ${row.total ?? "-"} | ${row.status} |`);
