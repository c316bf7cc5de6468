#!/usr/bin/env node
/**
 * `tsift search --exact` and `tsift symbols` against oracles, on real corpora.
 *
 * 1. search --exact against ripgrep. A few hundred literals are drawn deterministically
 *    (a seeded PRNG over the sorted set of identifiers in the corpus), each searched with
 *    one of the case modes (case-sensitive, `--ignore-case`, `--smart-case`) and half of
 *    them lower-cased. For each, through both literal backends (ripgrep, and the
 *    in-process scan with TSIFT_EXACT_BACKEND=scan):
 *    - the complete (file, line) set (`exactLines`, the stage before the per-file
 *      collapse) must equal what `rg --no-config -F -n` prints with the same case flag;
 *    - `tsift search Q --exact [--ignore-case|--smart-case] --limit 1000000 --json`, run
 *      through the built CLI's `main` in this process, must list the same files, each with
 *      rg's count of matching lines as `match_count`, its first lines as `lines` and a best
 *      line among them, and rg's totals.
 *    The scan reads the files the index walks (source files up to 1 MiB), so its rg
 *    oracle is restricted the same way with rg's own flags (`--max-filesize 1048576` and a
 *    type of the corpus's source extensions); the ripgrep backend's oracle is plain rg.
 * 2. symbols rows against the source: after `tsift index`, a deterministic sample of
 *    `tsift symbols --limit 0 --json` rows is read back from the files. Each row's name
 *    must be on its line (a decorated definition starts at its decorators: then on the
 *    first line after them), and its signature (less `(+N overloads)`, a trailing `…`, and
 *    whitespace) must be the text that starts on its line (`return function f() {` too;
 *    comments left out, as signatures leave them out; a dual API's `{ <call signatures> }`
 *    is shown as its first call signature, so braces are left out of the comparison).
 * 3. module-qualified names (with --python DIR: packages of the Python stdlib): for a
 *    sample of top-level functions, `symbols <module>.<name>` must list exactly the module's
 *    definitions of that name as its exact rows, and `explain <module>.<name>` must resolve
 *    to the definition (or, for a name the module defines twice, list both as ambiguous).
 *
 *   node tools/bench/oracles/search-exact.mjs [--corpus rxjs|effect|all] [--queries 300] [--symbols 500]
 *        [--python /root/.pyenv/versions/3.11.7/lib/python3.11] [--json] [--keep]
 *
 * Needs `rg` on PATH and the built packages (`npx nx run @tsift/cli:build`). Corpora:
 * /tmp/corpora/node_modules/{rxjs,effect}/src (override the root with TSIFT_ORACLE_CORPORA),
 * each copied to a scratch directory first. Exit status 1 when any check mismatches.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { rng } from "../graphstore/generator.mjs";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const corpusArg = option("--corpus", "all");
const queryCount = Number(option("--queries", "300"));
const symbolCount = Number(option("--symbols", "500"));
const pythonRoot = option("--python", null);
const asJson = args.includes("--json");
const keep = args.includes("--keep");
const corporaRoot = process.env.TSIFT_ORACLE_CORPORA ?? "/tmp/corpora/node_modules";
const CORPORA = ["rxjs", "effect"].filter((name) => corpusArg === "all" || corpusArg === name);

const { main, bufferedIo } = await import(pathToFileURL(join(REPO, "packages/cli/dist/index.js")).href);
const { exactLines } = await import(pathToFileURL(join(REPO, "packages/search/dist/index.js")).href);

if (spawnSync("rg", ["--version"]).status !== 0) {
  console.error("rg is not on PATH (apt-get install -y ripgrep)");
  process.exit(2);
}

function sample(list, count, seed) {
  const random = rng(seed);
  const pool = [...list];
  const out = [];
  while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return out;
}

function cli(dir, argv, env = {}) {
  const io = bufferedIo({ cwd: dir, env: { PATH: process.env.PATH, TSIFT_NO_DAEMON: "1", ...env } });
  return main(argv, io).then((code) => ({ code, out: io.out, err: io.err }));
}

function listFiles(dir) {
  return execFileSync("rg", ["--no-config", "--files", "--sort", "path"], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28 })
    .split("\n")
    .filter(Boolean);
}

const CASE_FLAGS = { sensitive: "--case-sensitive", ignore: "--ignore-case", smart: "--smart-case" };
const TSIFT_CASE = { sensitive: [], ignore: ["--ignore-case"], smart: ["--smart-case"] };

/** rg's own answer: file -> sorted matching line numbers. */
function rgLines(dir, query, mode, restrict) {
  const run = spawnSync(
    "rg",
    ["--no-config", "-F", "--line-number", "--no-heading", "--null", "--color", "never", CASE_FLAGS[mode], ...restrict, "-e", query, "--", "."],
    { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28 },
  );
  if (run.status !== 0 && run.status !== 1) throw new Error(`rg failed on ${query}: ${run.stderr}`);
  const files = new Map();
  for (const record of run.stdout.split("\n")) {
    const nul = record.indexOf("\0");
    if (nul < 0) continue;
    const path = record.slice(0, nul).replace(/^\.\//, "");
    const line = Number(record.slice(nul + 1, record.indexOf(":", nul + 1)));
    if (!files.has(path)) files.set(path, []);
    files.get(path).push(line);
  }
  for (const lines of files.values()) lines.sort((a, b) => a - b);
  return files;
}

function pairs(files) {
  return [...files].flatMap(([path, lines]) => lines.map((line) => `${path}:${line}`)).sort();
}

/** The first difference between tsift's answer and rg's, or null. */
function compare(oracle, complete, data) {
  const want = pairs(oracle);
  const got = complete.map((entry) => `${entry.path}:${entry.line}`).sort();
  if (want.join("\n") !== got.join("\n")) {
    const missing = want.filter((pair) => !got.includes(pair));
    const extra = got.filter((pair) => !want.includes(pair));
    return `lines: ${want.length} from rg, ${got.length} from exactLines (missing ${missing.slice(0, 3).join(", ")}; extra ${extra.slice(0, 3).join(", ")})`;
  }
  if (data.hits.length !== oracle.size || data.hit_total !== oracle.size)
    return `files: ${oracle.size} from rg, ${data.hits.length} hits (hit_total ${data.hit_total})`;
  if (data.indexed_artifacts !== want.length) return `total matches: ${want.length} from rg, ${data.indexed_artifacts} reported`;
  for (const hit of data.hits) {
    const lines = oracle.get(hit.path);
    if (!lines) return `hit in ${hit.path}, where rg finds nothing`;
    if (hit.match_count !== lines.length) return `${hit.path}: match_count ${hit.match_count}, rg ${lines.length}`;
    if (hit.lines.join(",") !== lines.slice(0, hit.lines.length).join(",") || hit.lines.length !== Math.min(8, lines.length))
      return `${hit.path}: lines ${hit.lines.join(",")}, rg ${lines.slice(0, 8).join(",")}`;
    if (!lines.includes(hit.line)) return `${hit.path}: best line ${hit.line} does not match`;
  }
  return null;
}

async function searchOracle(dir) {
  const files = listFiles(dir);
  const sourceExtensions = [
    ...new Set(files.map((file) => file.slice(file.lastIndexOf(".") + 1)).filter((ext) => ["ts", "tsx", "js", "mjs", "cjs", "py"].includes(ext))),
  ];
  const identifiers = new Set();
  for (const file of files) {
    for (const match of readFileSync(join(dir, file), "utf8").matchAll(/[A-Za-z_$][A-Za-z0-9_$]{2,}/g)) identifiers.add(match[0]);
  }
  const drawn = sample([...identifiers].sort(), queryCount, 20261207);
  const modes = ["sensitive", "ignore", "smart"];
  const restrict = ["--max-filesize", "1048576", "--type-add", `tsiftsrc:*.{${sourceExtensions.join(",")}}`, "-t", "tsiftsrc"];
  const result = { queries: drawn.length, identifiers: identifiers.size, checks: 0, mismatches: 0, incomplete: 0, examples: [], nonEmpty: 0 };
  for (let i = 0; i < drawn.length; i++) {
    const query = Math.floor(i / 3) % 2 === 1 ? drawn[i].toLowerCase() : drawn[i];
    const mode = modes[i % 3];
    for (const backend of ["rg", "scan"]) {
      const env = backend === "scan" ? { TSIFT_EXACT_BACKEND: "scan" } : {};
      const oracle = rgLines(dir, query, mode, backend === "scan" ? restrict : []);
      const walked = backend === "scan" ? files.filter((file) => sourceExtensions.includes(file.slice(file.lastIndexOf(".") + 1))) : undefined;
      const complete = exactLines(query, {
        root: dir,
        limit: 0,
        caseMode: mode,
        backend: backend === "scan" ? "scan" : "auto",
        env: { PATH: process.env.PATH },
        ...(walked ? { files: () => walked } : {}),
      });
      const run = await cli(dir, ["search", query, "--exact", ...TSIFT_CASE[mode], "--limit", "1000000", "--json"], env);
      result.checks++;
      if (!complete.complete) {
        result.incomplete++;
        continue;
      }
      if (oracle.size > 0) result.nonEmpty++;
      const data = run.code === 0 ? JSON.parse(run.out) : null;
      const problem =
        data === null ? `exit ${run.code}: ${run.err.trim()}` : data.backend !== backend ? `backend ${data.backend}` : compare(oracle, complete.lines, data);
      if (problem) {
        result.mismatches++;
        if (result.examples.length < 10) result.examples.push({ query, mode, backend, problem });
      }
    }
  }
  return result;
}

const normalized = (text) => text.replace(/\s+/g, "");
/** Signatures are code without comments: the source is compared without them too (`#` for Python, `//` and block comments otherwise). */
const withoutComments = (text, file) =>
  file.endsWith(".py") ? text.replace(/#[^\n]*/g, "") : text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/[^\n]*/g, "$1");

async function symbolsOracle(dir) {
  const listed = await cli(dir, ["symbols", "--limit", "0", "--json"]);
  if (listed.code !== 0) throw new Error(`symbols failed: ${listed.err}`);
  const rows = JSON.parse(listed.out).symbols;
  const picked = sample(rows, symbolCount, 7);
  const cache = new Map();
  const linesOf = (file) => {
    if (!cache.has(file)) cache.set(file, readFileSync(join(dir, file), "utf8").split("\n"));
    return cache.get(file);
  };
  const result = { rows: rows.length, sampled: picked.length, name_missing: 0, signature_elsewhere: 0, examples: [] };
  for (const row of picked) {
    const lines = linesOf(row.file);
    const text = lines[row.line - 1] ?? "";
    const plainName = row.name.replace(/^["'[]|["'\]]$/g, "");
    // A decorated definition starts at its first decorator: the name is on the first line after them.
    let named = row.line - 1;
    while (named < lines.length - 1 && /^\s*@/.test(lines[named]) && !lines[named].includes(plainName)) named++;
    if (!(lines[named] ?? "").includes(plainName)) {
      result.name_missing++;
      if (result.examples.length < 10)
        result.examples.push({ file: row.file, line: row.line, name: row.name, problem: "name not on its line", text: text.trim() });
    }
    if (row.signature) {
      // A dual API (`export const f: { <call signatures> }`) shows its first call signature: braces are left out of both sides.
      const braces = (value) => value.replace(/[{]/g, "");
      const signature = braces(normalized(row.signature.replace(/ \(\+\d+ overloads?\)$/, "").replace(/…$/, "")));
      const at = braces(normalized(withoutComments(lines.slice(row.line - 1, row.line + 60).join("\n"), row.file)));
      const first = braces(normalized(withoutComments(text, row.file))).length;
      const found = at.indexOf(signature);
      if (found < 0 || found >= Math.max(first, 1)) {
        result.signature_elsewhere++;
        if (result.examples.length < 10)
          result.examples.push({
            file: row.file,
            line: row.line,
            name: row.name,
            problem: "signature not at its line",
            signature: row.signature,
            text: text.trim(),
          });
      }
    }
  }
  return result;
}

async function moduleNameOracle(dir) {
  const listed = JSON.parse((await cli(dir, ["symbols", "--kind", "function", "--limit", "0", "--json"])).out).symbols;
  const topLevel = listed.filter((row) => row.parent === null && row.file.endsWith(".py"));
  const picked = sample(topLevel, Math.min(100, topLevel.length), 11);
  const result = { sampled: picked.length, symbols_wrong: 0, explain_wrong: 0, examples: [] };
  for (const row of picked) {
    const module = row.file
      .replace(/\.py$/, "")
      .replace(/\/__init__$/, "")
      .replaceAll("/", ".");
    const name = `${module}.${row.name}`;
    // A module may define a name twice (`if sys.platform == ...: def f ... else: def f`): each is an answer.
    const same = topLevel.filter((other) => other.file === row.file && other.name === row.name).length;
    const listed = JSON.parse((await cli(dir, ["symbols", name, "--json"])).out).symbols;
    const exact = listed.filter((entry) => entry.match === "exact");
    if (exact.length !== same || !exact.some((entry) => entry.file === row.file && entry.line === row.line)) {
      result.symbols_wrong++;
      if (result.examples.length < 10)
        result.examples.push({ name, expected: `${row.file}:${row.line}`, symbols: exact.map((entry) => `${entry.file}:${entry.line}`).join(" ") || "none" });
    }
    const explained = await cli(dir, ["explain", name, "--json"]);
    const answer = explained.out ? JSON.parse(explained.out) : {};
    const found = explained.code === 0 ? (answer.definitions ?? []).slice(0, 1) : (answer.candidates ?? []);
    const ok =
      found.some((entry) => entry.file === row.file && entry.line === row.line) && (explained.code === 0 ? same === 1 : same > 1 && found.length === same);
    if (!ok) {
      result.explain_wrong++;
      if (result.examples.length < 10)
        result.examples.push({
          name,
          expected: `${row.file}:${row.line}`,
          explain: `exit ${explained.code}: ${found.map((entry) => `${entry.file}:${entry.line}`).join(" ")}`,
        });
    }
  }
  return result;
}

const report = [];
let failed = false;
for (const name of CORPORA) {
  const dir = mkdtempSync(join(tmpdir(), `tsift-exact-${name}-`));
  try {
    cpSync(join(corporaRoot, name, "src"), dir, { recursive: true });
    const search = await searchOracle(dir);
    const indexed = await cli(dir, ["index", "-q"]);
    if (indexed.code !== 0) throw new Error(`index failed: ${indexed.err}`);
    const symbols = await symbolsOracle(dir);
    report.push({ corpus: name, search, symbols });
    failed ||= search.mismatches > 0 || symbols.name_missing > 0 || symbols.signature_elsewhere > 0;
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}
if (pythonRoot) {
  const dir = mkdtempSync(join(tmpdir(), "tsift-exact-python-"));
  try {
    for (const pkg of ["json", "email", "http", "logging", "importlib"]) cpSync(join(pythonRoot, pkg), join(dir, pkg), { recursive: true });
    const indexed = await cli(dir, ["index", "-q"]);
    if (indexed.code !== 0) throw new Error(`index failed: ${indexed.err}`);
    const symbols = await symbolsOracle(dir);
    const modules = await moduleNameOracle(dir);
    report.push({ corpus: "python-stdlib (json, email, http, logging, importlib)", symbols, modules });
    failed ||= symbols.name_missing > 0 || symbols.signature_elsewhere > 0 || modules.symbols_wrong > 0 || modules.explain_wrong > 0;
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

if (asJson) console.log(JSON.stringify(report, null, 2));
else {
  for (const row of report) {
    console.log(`== ${row.corpus}`);
    if (row.search) {
      const s = row.search;
      console.log(
        `search --exact: ${s.queries} queries x 2 backends = ${s.checks} checks (${s.nonEmpty} with hits, ${s.incomplete} over the 20,000-line cap), ${s.mismatches} mismatches vs rg`,
      );
    }
    const y = row.symbols;
    console.log(
      `symbols: ${y.sampled} of ${y.rows} rows sampled; name not on its line: ${y.name_missing}; signature not at its line: ${y.signature_elsewhere}`,
    );
    if (row.modules)
      console.log(
        `module-qualified names: ${row.modules.sampled} sampled; symbols wrong: ${row.modules.symbols_wrong}; explain wrong: ${row.modules.explain_wrong}`,
      );
    for (const example of [...(row.search?.examples ?? []), ...y.examples, ...(row.modules?.examples ?? [])]) console.log(`  ${JSON.stringify(example)}`);
  }
}
process.exit(failed ? 1 : 0);
