#!/usr/bin/env node
// Median time of one symbol argument's resolution on an indexed project, as every command
// and MCP tool resolves it (the index and cli packages built first). Usage:
//   node tools/bench/symbol-arguments/resolve.mjs --project /tmp/effect-src [--runs 15] dual Effect.retry Arr.map Array.ts:map map
// Prints, per argument, the form it was read as, the answer, and the medians of the resolver
// alone and of chooseSymbol (the resolver plus the PageRank order of ambiguous candidates).
import { parseArgs } from "node:util";
import { chooseSymbol, indexLocation, openIndexReader, resolveSymbolArgument, symbolChoiceOf } from "@tsift/index/graph-read";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { project: { type: "string" }, runs: { type: "string", default: "15" } },
});
if (!values.project) throw new Error("--project DIR is required (an indexed project)");
const runs = Number(values.runs);
const location = indexLocation(values.project);
const connection = openIndexReader(location);
const db = connection.database;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const place = { pathArg: ".", scope: null };

async function time(fn) {
  await fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return Number(median(times).toFixed(2));
}

const rows = [];
for (const argument of positionals.length ? positionals : ["dual", "Effect.retry", "Arr.map", "Array.ts:map", "map"]) {
  const found = resolveSymbolArgument(db, argument);
  const answer =
    found.status === "resolved"
      ? `${found.symbol.file}:${found.symbol.qualified_name}`
      : found.status === "ambiguous"
        ? `${found.total} candidates`
        : "not found";
  const resolve_ms = await time(() => resolveSymbolArgument(db, argument));
  const choose_ms = await time(() =>
    chooseSymbol(db, argument, place, (handle) => handle, location).catch((error) => {
      if (!symbolChoiceOf(error)) throw error;
    }),
  );
  let first = null;
  await chooseSymbol(db, argument, place, (handle) => handle, location).catch((error) => (first = symbolChoiceOf(error)?.candidates[0]?.file ?? null));
  rows.push({ argument, form: found.form, answer, ...(first ? { first } : {}), resolve_ms, choose_ms });
}
await connection.close();
console.log(JSON.stringify({ project: values.project, runs, rows }, null, 2));
