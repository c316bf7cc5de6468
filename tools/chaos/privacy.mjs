// privacy: what another user of the machine can read of a project's tsift state, and what
// deep nesting and one damaged page cost. Each trial is a fresh project:
//   - permissions: a 0600 source file holding a marker, a `tsift run` whose command prints
//     a credential-shaped token; then, as user `nobody` (runuser), grep for the marker and the
//     token under .tsift/ and read every file there: nothing may be readable, and the modes
//     must be 0700 (directories) and 0600 (databases, transcripts);
//   - nesting: a file of N nested functions (10,000 full, 2,000 short): the index must stay
//     within 20 MB and the run within the time budget;
//   - one-page damage: one page of index.db (and of graph.db) overwritten mid-file: `status`,
//     `index`, `graph-db status` and `graph-db refresh` must exit 6 naming a repair, and the
//     repair must work.
import { execFileSync } from "node:child_process";
import { chmodSync, closeSync, openSync, readdirSync, readFileSync, readSync, statSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { describeRun, fail, generateProject, openDb, removeTempDir, runCli, suiteResult, tempDir } from "./lib.mjs";

const MARKER = "PRIVATE_MARKER_7f3a";
// Assembled here so no credential-shaped literal sits in the repository.
const TOKEN = ["ghp", "_", "Q9w8E7r6T5y4U3i2O1p0".repeat(2)].join("");

export async function privacy({ full, onePageDamage: damage = true, seed, log }) {
  const result = suiteResult("privacy");
  const figures = { unreadable_probes: 0, leaks: 0, nesting_depth: full ? 10000 : 2000 };
  await permissions(result, figures, seed);
  log("privacy: permissions done");
  await nesting(result, figures);
  log("privacy: nesting done");
  if (damage) {
    await onePageDamage(result, figures, seed);
    log("privacy: one-page damage done");
  }
  result.figures = figures;
  return result;
}

function canRunAsNobody() {
  try {
    execFileSync("runuser", ["-u", "nobody", "--", "true"], { stdio: "ignore" });
    return process.getuid?.() === 0;
  } catch {
    return false;
  }
}

async function permissions(result, figures, seed) {
  result.trials++;
  const dir = tempDir("privacy");
  try {
    // nobody must be able to reach the project itself, as on a shared machine's home directory.
    chmodSync(dir, 0o755);
    generateProject(dir, { tsFiles: 12, pyFiles: 4, seed });
    writeFileSync(join(dir, "secret.ts"), `export const secret = "${MARKER}";\n`, { mode: 0o600 });
    for (const args of [
      ["index", "--quiet"],
      ["graph-db", "refresh"],
      ["run", "--", process.execPath, "-e", `console.log("token ${TOKEN}")`],
    ]) {
      const run = await runCli(args, { cwd: dir });
      if (run.code !== 0) fail(result, "permissions", `tsift ${args.join(" ")}: ${describeRun(run)}`);
    }
    const state = join(dir, ".tsift");
    // .tsift/ itself is the gate (0700); databases and transcripts are 0600 besides.
    const stateMode = statSync(state).mode & 0o777;
    if (stateMode !== 0o700) fail(result, "permissions", `.tsift is ${stateMode.toString(8)}, not 700`);
    for (const entry of walk(state)) {
      const mode = statSync(entry.path).mode & 0o777;
      if (!entry.dir && /\.(db|log)$/.test(entry.path) && (mode & 0o077) !== 0)
        fail(result, "permissions", `${entry.path} is ${mode.toString(8)}, readable by others`);
    }
    const stored = walk(state)
      .filter((entry) => !entry.dir)
      .map((entry) => readText(entry.path))
      .join("\n");
    if (stored.includes(TOKEN)) {
      figures.leaks++;
      fail(result, "permissions", "the run transcript or a digest kept the credential the command printed");
    }
    if (!canRunAsNobody()) return;
    for (const needle of [MARKER, "token"]) {
      figures.unreadable_probes++;
      let out = "";
      try {
        out = execFileSync("runuser", ["-u", "nobody", "--", "grep", "-rl", needle, state], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
      } catch (error) {
        out = error.stdout ?? "";
      }
      if (out.trim() !== "") {
        figures.leaks++;
        fail(result, "permissions", `user nobody read "${needle}" from ${out.trim().split("\n").join(", ")}`);
      }
    }
  } finally {
    removeTempDir(dir);
  }
}

async function nesting(result, figures) {
  result.trials++;
  const dir = tempDir("nesting");
  try {
    const depth = figures.nesting_depth;
    let source = "";
    for (let i = 0; i < depth; i++) source += `function f${i}() {\n`;
    writeFileSync(join(dir, "deep.ts"), source + "}\n".repeat(depth));
    const started = Date.now();
    const run = await runCli(["index", "--quiet"], { cwd: dir });
    figures.nesting_index_ms = Date.now() - started;
    if (run.code !== 0) return fail(result, "nesting", describeRun(run));
    const bytes = statSync(join(dir, ".tsift", "index.db")).size;
    figures.nesting_index_db_bytes = bytes;
    if (bytes > 20 * 1024 * 1024) fail(result, "nesting", `index.db is ${bytes} bytes for ${depth} nested functions (limit 20 MB)`);
    const db = openDb(join(dir, ".tsift", "index.db"), { readonly: true });
    const symbols = db.prepare("SELECT count(*) AS n FROM symbols").get().n;
    db.close();
    if (symbols !== depth) fail(result, "nesting", `${symbols} symbols for ${depth} nested functions`);
  } finally {
    removeTempDir(dir);
  }
}

async function onePageDamage(result, figures, seed) {
  const template = tempDir("damage-template");
  try {
    generateProject(template, { tsFiles: 40, pyFiles: 10, seed });
    for (const args of [
      ["index", "--quiet"],
      ["graph-db", "refresh"],
    ]) {
      const run = await runCli(args, { cwd: template });
      if (run.code !== 0) throw new Error(`preparing the template failed: ${describeRun(run)}`);
    }
    const cases = [
      { file: "index.db", detectors: [["status"], ["index"]], repair: ["index", "--rebuild"] },
      {
        file: "graph.db",
        detectors: [
          ["graph-db", "status"],
          ["graph-db", "refresh"],
        ],
        repair: ["graph-db", "refresh", "--force"],
      },
    ];
    figures.one_page_cases = 0;
    for (const { file, detectors, repair } of cases) {
      result.trials++;
      figures.one_page_cases++;
      const dir = tempDir("damage");
      try {
        execFileSync("cp", ["-a", `${template}/.`, dir]);
        const path = join(dir, ".tsift", file);
        const db = openDb(path);
        db.pragma("wal_checkpoint(TRUNCATE)");
        db.close();
        garbageMiddlePage(path);
        for (const args of detectors) {
          const run = await runCli(args, { cwd: dir });
          if (run.code !== 6 || !/next: tsift /.test(run.stderr))
            fail(result, `one page of ${file}`, `tsift ${args.join(" ")} did not exit 6 with a repair: ${describeRun(run)}`);
        }
        const repaired = await runCli(repair, { cwd: dir });
        if (repaired.code !== 0) fail(result, `one page of ${file}`, `the repair failed: ${describeRun(repaired)}`);
        for (const args of detectors) {
          const run = await runCli(args, { cwd: dir });
          if (run.code !== 0) fail(result, `one page of ${file}`, `after the repair, tsift ${args.join(" ")}: ${describeRun(run)}`);
        }
      } finally {
        removeTempDir(dir);
      }
    }
  } finally {
    removeTempDir(template);
  }
}

function garbageMiddlePage(path) {
  const fd = openSync(path, "r+");
  const header = Buffer.alloc(18);
  readSync(fd, header, 0, 18, 0);
  const size = header.readUInt16BE(16) === 1 ? 65536 : header.readUInt16BE(16);
  const pages = Math.floor(statSync(path).size / size);
  writeSync(fd, Buffer.alloc(size, 0x5a), 0, size, Math.floor(pages / 2) * size);
  closeSync(fd);
}

function walk(dir) {
  const entries = [{ path: dir, dir: true }];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) entries.push(...walk(path));
    else if (entry.isFile()) entries.push({ path, dir: false });
  }
  return entries;
}

function readText(path) {
  try {
    return readFileSync(path, "latin1");
  } catch {
    return "";
  }
}
