#!/usr/bin/env node
/**
 * The parse-throughput floor, run as a child of run.mjs (with --expose-gc):
 *
 *   node --expose-gc tools/bench/index/parse-floor.mjs <dir> [--runs 3] [--max-file-bytes N] [--extract]
 *
 * Takes exactly the files `tsift index` parses (the built @tsift/index's walk and source
 * filter: size limit, binary and minified skips), reads them all into memory, loads each
 * grammar once, then times tree-sitter parses only — @tsift/graph's parseSource from the
 * built dist, single thread, no extraction, no database. Only the parse calls are timed:
 * every 16 files the loop, outside the clock, runs a minor GC and yields so the native
 * trees of earlier files are freed (node-tree-sitter frees a tree only in a finalizer).
 * `--extract` also times extractFile (parse + walk + rules + chunks) the same way, to
 * split tsift's cold time into parse, extraction and the rest.
 *
 * Prints one JSON object: { files, bytes, parseMs: [per run], extractMs: [per run] }.
 */
import { parseArgs } from "node:util";
import { extractFile, parseSource } from "@tsift/graph";
import { DEFAULT_MAX_FILE_BYTES, readSource, walkFiles } from "@tsift/index";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: "string", default: "3" },
    "max-file-bytes": { type: "string", default: String(DEFAULT_MAX_FILE_BYTES) },
    extract: { type: "boolean", default: false },
  },
});
const dir = positionals[0];
if (!dir) throw new Error("usage: parse-floor.mjs <dir> [--runs 3] [--max-file-bytes N] [--extract]");
const runs = Number(values.runs);
const maxFileBytes = Number(values["max-file-bytes"]);

const inputs = [];
let bytes = 0;
for (const file of walkFiles(dir).files) {
  const read = readSource(file.absPath, file.lang, file.size, maxFileBytes);
  if (read.kind !== "text") continue;
  inputs.push({ lang: file.lang, text: read.text });
  bytes += read.size;
}

const release = async () => {
  globalThis.gc?.({ type: "minor" });
  await new Promise((resolve) => setImmediate(resolve));
};

/** Sum of the timed calls' durations over one pass. */
async function pass(fn) {
  let ns = 0n;
  for (let i = 0; i < inputs.length; i++) {
    const { lang, text } = inputs[i];
    const started = process.hrtime.bigint();
    fn(lang, text);
    ns += process.hrtime.bigint() - started;
    if (i % 16 === 15) await release();
  }
  await release();
  return Number(ns) / 1e6;
}

// Load every grammar before the clock starts.
const seen = new Set();
for (const { lang, text } of inputs) {
  if (seen.has(lang)) continue;
  seen.add(lang);
  parseSource(lang, text.slice(0, 64));
}

const parseMs = [];
for (let run = 0; run < runs; run++) parseMs.push(await pass(parseSource));
const extractMs = [];
if (values.extract) for (let run = 0; run < runs; run++) extractMs.push(await pass(extractFile));

process.stdout.write(`${JSON.stringify({ files: inputs.length, bytes, parseMs, extractMs })}\n`);
