// Shared helpers of the chaos harness: the built CLI entries, child processes with a
// deadline, temp projects, SQLite checks and the table compare that proves an index
// equals one built from scratch.
import { spawn } from "node:child_process";
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { createHash } from "node:crypto";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const CLI_BIN = join(ROOT, "packages", "cli", "dist", "bin.js");
export const PUBLISHED_BIN = join(ROOT, "bin", "tsift.js");
const require = createRequire(import.meta.url);
const Database = require("better-sqlite3");

export { sleep };

/** Exit codes a command may end with under chaos: ok, check failed, usage, not found, stale/missing, lock held, schema/corrupt. */
export const CLEAN_EXITS = new Set([0, 1, 2, 3, 4, 5, 6]);

/** A Node stack frame or an unhandled-error banner: what a clean one-line message never contains. */
export function hasStackTrace(text) {
  return /\n\s+at .+[(:]\d+/.test(text) || /node:internal|Unhandled 'error' event|UnhandledPromiseRejection|^\s*throw /m.test(text);
}

/** Deterministic PRNG so a failing trial can be replayed with its seed. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)), pick: (list) => list[Math.floor(next() * list.length)] };
}

const tempDirs = new Set();
export function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), `tsift-chaos-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}
export function removeTempDir(dir) {
  // Unreadable files and directories from the corpus must become removable first.
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    makeWritable(dir);
    rmSync(dir, { recursive: true, force: true });
  }
  tempDirs.delete(dir);
}
function makeWritable(dir) {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    chmodSync(path, entry.isDirectory() ? 0o755 : 0o644);
    if (entry.isDirectory()) makeWritable(path);
  }
}
export function removeAllTempDirs() {
  for (const dir of [...tempDirs]) removeTempDir(dir);
}

/**
 * Runs one CLI process. Resolves with its exit code (or signal), stdout, stderr and wall
 * time; a process still running at `timeoutMs` is killed and reported as `timedOut`. A run
 * that finds a package's dist/ half-written is retried (counted in `rebuildRetries`).
 */
export async function runCli(args, options = {}) {
  for (let attempt = 1; ; attempt++) {
    const run = await runCliOnce(args, options);
    if (attempt >= 4 || !DIST_MISSING.test(run.stderr)) return run;
    // Another session rebuilding packages/*/dist in this shared tree; not tsift's behaviour.
    rebuildRetries.count++;
    await sleep(5000);
  }
}
export const DIST_MISSING = /(Cannot find module|no such file or directory, open) '[^']*\/(packages\/[^/']+|node_modules\/@tsift\/[^/']+)\/dist\//;
export const rebuildRetries = { count: 0 };

function runCliOnce(args, { cwd = ROOT, bin = CLI_BIN, timeoutMs = 60_000, env = {}, input, spawnOptions = {} } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [bin, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: "1", TSIFT_NO_UPDATE_CHECK: "1", ...env },
      stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      ...spawnOptions,
    });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.setEncoding("utf8").on("data", (chunk) => {
      if (stdout.length < 4_000_000) stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk) => {
      if (stderr.length < 1_000_000) stderr += chunk;
    });
    if (input !== undefined) child.stdin.end(input);
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut, ms: Date.now() - started, args });
    });
  });
}

/** Starts a CLI process to be killed by the caller; `done` resolves once it has exited. */
export function startCli(args, { cwd, bin = CLI_BIN, env = {} } = {}) {
  const child = spawn(process.execPath, [bin, ...args], { cwd, env: { ...process.env, NO_COLOR: "1", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
  let exited = false;
  const done = new Promise((resolve) =>
    child.on("close", (code, signal) => {
      exited = true;
      resolve({ code, signal, stdout, stderr });
    }),
  );
  return { child, done, hasExited: () => exited };
}

/** One-line summary of a run for failure records: command, exit and the first stderr lines. */
export function describeRun(run) {
  const exit = run.timedOut ? "timed out" : run.signal ? `signal ${run.signal}` : `exit ${run.code}`;
  const err = run.stderr.trim().split("\n").slice(0, 6).join(" | ");
  return `tsift ${run.args.map(shellWord).join(" ")} -> ${exit}${err ? `: ${err.slice(0, 600)}` : ""}`;
}
export function shellWord(word) {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${String(word).replace(/'/g, "'\\''").replace(/\n/g, "\\n")}'`;
}

/**
 * A run ended cleanly when it exited with a documented code other than 10, within its
 * deadline, and its stderr holds no stack trace.
 */
export function cleanExit(run, allowed = CLEAN_EXITS) {
  return !run.timedOut && run.signal === null && allowed.has(run.code) && !hasStackTrace(run.stderr);
}

// ---------------------------------------------------------------------------------------
// Projects

const TS_VERBS = ["load", "parse", "render", "merge", "split", "scan", "build", "check", "format", "resolve", "emit", "track"];
const TS_NOUNS = ["Token", "Node", "Route", "Cache", "Batch", "Frame", "Entry", "Graph", "Store", "Queue", "Range", "Shape"];

/**
 * A deterministic project of `tsFiles` TypeScript and `pyFiles` Python modules that import
 * and call each other, so the index has symbols, resolved calls, imports and chunks.
 */
export function generateProject(dir, { tsFiles = 240, pyFiles = 80, seed = 1 } = {}) {
  const r = rng(seed);
  mkdirSync(join(dir, "src"), { recursive: true });
  mkdirSync(join(dir, "py", "pkg"), { recursive: true });
  writeFileSync(join(dir, "package.json"), '{ "name": "chaos-project", "private": true }\n');
  for (let i = 0; i < tsFiles; i++) writeFileSync(join(dir, "src", tsName(i)), tsModule(i, tsFiles, r, 0));
  writeFileSync(join(dir, "py", "pkg", "__init__.py"), "");
  for (let i = 0; i < pyFiles; i++) writeFileSync(join(dir, "py", "pkg", pyName(i)), pyModule(i, pyFiles, r, 0));
}
export const tsName = (i) => `mod${String(i).padStart(4, "0")}.ts`;
export const pyName = (i) => `m${String(i).padStart(4, "0")}.py`;

export function tsModule(i, count, r, revision) {
  const deps = [1, 2, 3].map(() => r.int(0, count - 1)).filter((d) => d !== i);
  const unique = [...new Set(deps)];
  const lines = unique.map((d) => `import { ${fn(d, 0)}, ${cls(d)} } from "./${tsName(d).replace(/\.ts$/, "")}";`);
  lines.push("");
  for (let f = 0; f < 4; f++) {
    const calls = unique.map((d) => `  total += ${fn(d, 0)}(n + ${f});`).join("\n");
    lines.push(`/** ${fn(i, f)} revision ${revision} */`);
    lines.push(`export function ${fn(i, f)}(n: number): number {\n  let total = n * ${revision + 1};\n${f === 0 ? "" : calls}\n  return total;\n}\n`);
  }
  const used = unique[0] === undefined ? "" : `\n    const other = new ${cls(unique[0])}();\n    other.run(${revision});`;
  lines.push(
    `export class ${cls(i)} {\n  private count = ${revision};\n  run(step: number): number {\n    this.count += ${fn(i, 1)}(step);${used}\n    return this.count;\n  }\n  reset(): void {\n    this.count = 0;\n  }\n}\n`,
  );
  return lines.join("\n");
}
function pyModule(i, count, r, revision) {
  const dep = r.int(0, count - 1);
  return [
    `from .${pyName(dep).replace(/\.py$/, "")} import py_${dep}_a`,
    "",
    `def py_${i}_a(n):`,
    `    return n + ${revision}`,
    "",
    `def py_${i}_b(n):`,
    `    return py_${i}_a(n) + (py_${dep}_a(n) if n > 0 else 0)`,
    "",
    `class Py${i}:`,
    `    def run(self, n):`,
    `        return py_${i}_b(n)`,
    "",
  ].join("\n");
}
export const fn = (i, f) => `${TS_VERBS[(i + f) % TS_VERBS.length]}${TS_NOUNS[i % TS_NOUNS.length]}${i}_${f}`;
export const cls = (i) => `${TS_NOUNS[i % TS_NOUNS.length]}Worker${i}`;

/**
 * Edits a project the way a session does: rewrites some modules, adds a few, deletes a
 * few (never the low-numbered ones the others import most).
 */
export function churn(dir, r, { edits = 8, adds = 2, deletes = 1, tsFiles = 240 } = {}) {
  const src = join(dir, "src");
  const revision = r.int(1, 1_000_000);
  for (let k = 0; k < edits; k++) {
    const i = r.int(0, tsFiles - 1);
    const path = join(src, tsName(i));
    if (existsSync(path)) writeFileSync(path, tsModule(i, tsFiles, r, revision));
  }
  for (let k = 0; k < adds; k++) {
    const i = r.int(tsFiles, tsFiles + 200);
    writeFileSync(join(src, tsName(i)), tsModule(i, tsFiles, r, revision));
  }
  const extra = readdirSync(src).filter((name) => Number(name.slice(3, 7)) >= tsFiles);
  for (let k = 0; k < deletes && extra.length > 0; k++) rmSync(join(src, extra.splice(r.int(0, extra.length - 1), 1)[0]), { force: true });
}

/** Copies a project without its `.tsift` directory, keeping mtimes. */
export function copyProject(from, to) {
  cpSync(from, to, { recursive: true, preserveTimestamps: true, filter: (path) => !path.split(/[\\/]/).includes(".tsift") });
}

/** A hash of every source file (path and bytes), the key of the from-scratch reference cache. */
export function treeHash(dir) {
  const hash = createHash("sha256");
  const walk = (rel) => {
    for (const entry of readdirSync(join(dir, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name === ".tsift") continue;
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        hash.update(path);
        hash.update(readFileSync(join(dir, path)));
      }
    }
  };
  walk("");
  return hash.digest("hex");
}

// ---------------------------------------------------------------------------------------
// SQLite

/**
 * `PRAGMA integrity_check` on a copy of the database and its WAL, so the check itself
 * never recovers or checkpoints the file tsift opens next. Missing file → "missing".
 */
export function integrityCheck(dbPath) {
  if (!existsSync(dbPath)) return "missing";
  const scratch = mkdtempSync(join(tmpdir(), "tsift-chaos-ic-"));
  try {
    const copy = join(scratch, "db");
    copyFileSync(dbPath, copy);
    if (existsSync(`${dbPath}-wal`)) copyFileSync(`${dbPath}-wal`, `${copy}-wal`);
    const db = new Database(copy);
    try {
      const rows = db.pragma("integrity_check", { simple: false });
      return rows.map((row) => Object.values(row)[0]).join("; ");
    } finally {
      db.close();
    }
  } catch (error) {
    return `cannot check: ${error.message}`;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The content of index.db's code tables, without row ids and timestamps, with symbol ids
 * replaced by the symbol they name: equal for two indexes of the same tree however each
 * was built.
 */
export function indexSnapshot(dbPath) {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const symbolKey = "coalesce(s.file || ':' || s.qualified_name || ':' || s.line, '')";
    const tables = {
      files: "SELECT path, language, size, content_hash, has_errors, skip_reason FROM files ORDER BY path",
      symbols:
        "SELECT file, name, kind, language, signature, line, end_line, parent, qualified_name, visibility, cyclomatic, max_nesting, lines, level FROM symbols",
      calls: `SELECT c.file, c.caller_name, c.callee_name, c.receiver, c.line, c.kind, c.resolution, ${symbolKey} AS target,
        (SELECT cs.file || ':' || cs.qualified_name || ':' || cs.line FROM symbols cs WHERE cs.id = c.caller_symbol_id) AS caller
        FROM calls c LEFT JOIN symbols s ON s.id = c.resolved_symbol_id`,
      imports: "SELECT file, module, name, alias, line, kind, resolved_file FROM imports",
      routes: "SELECT file, framework, method, path, handler, line, handler_line FROM routes",
      chunks: "SELECT file, language, start_line, end_line, origin, symbol, symbol_kind, names, hash FROM chunks",
    };
    const snapshot = {};
    for (const [name, sql] of Object.entries(tables)) {
      let rows;
      try {
        rows = db.prepare(sql).raw().all();
      } catch (error) {
        rows = [[`unreadable: ${error.message}`]];
      }
      const lines = rows.map((row) => JSON.stringify(row)).sort();
      snapshot[name] = { count: lines.length, hash: createHash("sha256").update(lines.join("\n")).digest("hex"), lines };
    }
    return snapshot;
  } finally {
    db.close();
  }
}

/** graph.db's nodes and edges by id, kind, label and properties. */
export function graphSnapshot(dbPath) {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const snapshot = {};
    for (const [name, sql] of Object.entries({
      nodes: "SELECT id, kind, label, properties_json FROM graph_nodes ORDER BY id",
      edges: "SELECT edge_key, from_id, to_id, kind, properties_json FROM graph_edges ORDER BY edge_key",
    })) {
      const lines = db
        .prepare(sql)
        .raw()
        .all()
        .map((row) => JSON.stringify(row.map(withoutWatermark)));
      snapshot[name] = { count: lines.length, hash: createHash("sha256").update(lines.join("\n")).digest("hex"), lines };
    }
    return snapshot;
  } finally {
    db.close();
  }
}

// The source watermark covers index.db's run metadata (times), so two builds of one tree
// differ there and nowhere else; the projection's content hash stays compared.
function withoutWatermark(cell) {
  if (typeof cell !== "string" || !cell.includes('"source_watermark"')) return cell;
  const properties = JSON.parse(cell);
  delete properties.source_watermark;
  return JSON.stringify(properties);
}

/** The first difference between two snapshots, or null when they are equal. */
export function snapshotDiff(actual, expected) {
  for (const name of Object.keys(expected)) {
    const a = actual[name];
    const e = expected[name];
    if (a.hash === e.hash) continue;
    const missing = e.lines.filter((line) => !a.lines.includes(line)).slice(0, 2);
    const extra = a.lines.filter((line) => !e.lines.includes(line)).slice(0, 2);
    return `${name}: ${a.count} rows vs ${e.count} from scratch; missing ${missing.join(" ") || "-"}; extra ${extra.join(" ") || "-"}`;
  }
  return null;
}

export function openDb(path, options) {
  return new Database(path, options);
}

// ---------------------------------------------------------------------------------------
// Results

/** A suite's result: what the table prints and `--json` emits. */
export function suiteResult(suite) {
  return { suite, trials: 0, failures: [], figures: {} };
}
/**
 * Records a failure. Failures with the same `group` (default: the detail) are counted
 * on one entry, so a defect hit a thousand times is one line with its count.
 */
export function fail(result, trial, detail, repro, group) {
  const text = String(detail).slice(0, 1200);
  const key = group ?? text;
  const same = result.failures.find((failure) => failure.group === key);
  if (same) {
    same.count++;
    return;
  }
  result.failures.push({ trial, detail: text, count: 1, group: key, ...(repro ? { repro } : {}) });
}

export function failureCount(result) {
  return result.failures.reduce((sum, failure) => sum + (failure.count ?? 1), 0);
}
