// corruption: truncate, garbage header, garbage pages mid-file, DROP TABLE and
// user_version=99 on index.db and graph.db. Then every command must fail cleanly (exit
// 6 with a `next:`, never 10 or a stack) or answer correctly; status/doctor/--check must
// not call the file healthy; and the command the error's `next:` names must restore a
// working index (checked by running the commands again, all exit 0) and keep the damaged
// file as <name>.corrupt-<time>.
import { closeSync, cpSync, openSync, readdirSync, statSync, truncateSync, writeSync } from "node:fs";
import { join } from "node:path";
import { cleanExit, describeRun, fail, fn, generateProject, integrityCheck, openDb, removeTempDir, rng, runCli, suiteResult, tempDir } from "./lib.mjs";

const PAGE = 4096;

const DAMAGE = {
  truncate: (path) => truncateSync(path, Math.floor(statSync(path).size / 2)),
  "truncate-to-100-bytes": (path) => truncateSync(path, 100),
  "garbage-header": (path, r) => overwrite(path, 0, garbage(r, 100)),
  "garbage-pages-mid-file": (path, r) => {
    const pages = Math.floor(statSync(path).size / PAGE);
    const count = Math.min(200, Math.max(1, Math.floor(pages / 3)));
    overwrite(path, Math.floor((pages - count) / 2) * PAGE, garbage(r, count * PAGE));
  },
  "drop-table": (path, _r, table) => sql(path, `DROP TABLE ${table}`),
  "user-version-99": (path) => sql(path, "PRAGMA user_version = 99"),
};

const TARGETS = {
  "index.db": {
    table: "symbols",
    // Reads first, then the writers: the first error's `next:` is what a user would run.
    commands: (symbol) => [
      ["status"],
      ["index", "--check"],
      ["symbols", symbol],
      ["explain", symbol],
      ["source-read", "src/mod0001.ts"],
      ["search", symbol],
      ["index"],
    ],
    detectors: ["status", "index"],
  },
  "graph.db": {
    table: "graph_edges",
    commands: (symbol) => [
      ["graph-db", "status"],
      ["graph-db", "doctor"],
      ["graph-db", "node", "file:src/mod0001.ts"],
      ["traverse", symbol],
      ["graph-db", "refresh"],
    ],
    detectors: ["graph-db status", "graph-db doctor"],
  },
};

export async function corruption({ full, seed, log }) {
  const result = suiteResult("corruption");
  const r = rng(seed);
  const template = tempDir("corruption-template");
  generateProject(template, full ? { tsFiles: 240, pyFiles: 80, seed } : { tsFiles: 40, pyFiles: 10, seed });
  for (const args of [
    ["index", "--quiet"],
    ["graph-db", "refresh"],
  ]) {
    const run = await runCli(args, { cwd: template });
    if (run.code !== 0) throw new Error(`preparing the template failed: ${describeRun(run)}`);
  }
  // Damage must hit the main file, so nothing may be left in the WAL.
  for (const file of Object.keys(TARGETS)) sql(join(template, ".tsift", file), "SELECT 1");
  const symbol = fn(1, 1);
  const figures = { cases: 0, repaired: 0, hints_followed: 0 };
  const damages = full ? Object.keys(DAMAGE) : ["garbage-pages-mid-file", "garbage-header"];

  for (const [file, target] of Object.entries(TARGETS)) {
    for (const damage of damages) {
      // The short form damages each file once: index.db mid-file, graph.db's header.
      if (!full && (file === "graph.db") !== (damage === "garbage-header")) continue;
      const name = `${file} ${damage}`;
      const dir = tempDir("corruption");
      try {
        result.trials++;
        figures.cases++;
        cpSync(template, dir, { recursive: true, preserveTimestamps: true });
        const dbPath = join(dir, ".tsift", file);
        DAMAGE[damage](dbPath, r, target.table);

        const all = target.commands(symbol);
        const commands = full ? all : [all[0], all[2], all[all.length - 1]];
        const hints = [];
        for (const args of commands) {
          const run = await runCli(args, { cwd: dir });
          if (!cleanExit(run)) fail(result, name, describeRun(run), `corrupt ${file} (${damage}); tsift ${args.join(" ")}`);
          // A failed check (exit 1, doctor) may name its repair in its report on stdout.
          const hint = nextCommand(run.stderr) ?? (run.code === 1 ? nextCommand(run.stdout) : null);
          if (run.code !== 0 && !hint) fail(result, name, `no runnable next: hint: ${describeRun(run)}`);
          if (hint) hints.push(hint);
          const spelled = args.join(" ");
          if (
            run.code === 0 &&
            target.detectors.some((detector) => spelled.startsWith(detector)) &&
            !/corrupt|malformed|not a database|schema|rebuild|missing table/i.test(run.stdout + run.stderr)
          ) {
            fail(result, name, `\`tsift ${spelled}\` reports nothing wrong with a damaged ${file}`);
          }
        }

        // Follow the hint a user is given; a repair must leave every command working.
        const hint = hints[0] ?? (file === "index.db" ? ["index", "--rebuild"] : ["graph-db", "refresh", "--force"]);
        if (hints.length > 0) figures.hints_followed++;
        const repair = await runCli(hint, { cwd: dir });
        if (repair.code !== 0) {
          fail(result, name, `the repair \`tsift ${hint.join(" ")}\` failed: ${describeRun(repair)}`);
          continue;
        }
        let healthy = true;
        for (const args of commands) {
          const run = await runCli(args, { cwd: dir });
          if (run.code !== 0) {
            healthy = false;
            fail(result, name, `after \`tsift ${hint.join(" ")}\`: ${describeRun(run)}`);
          }
        }
        // Nothing is silently deleted: the damaged file is kept beside the new one.
        if (!readdirSync(join(dir, ".tsift")).some((entry) => entry.startsWith(`${file}.corrupt-`))) {
          fail(result, name, `the repair left no ${file}.corrupt-<time> copy of the damaged file`);
        }
        const integrity = integrityCheck(dbPath);
        if (integrity !== "ok") fail(result, name, `${file} integrity_check after repair: ${integrity}`);
        else if (healthy) figures.repaired++;
      } finally {
        removeTempDir(dir);
      }
    }
    log(`corruption: ${file} done`);
  }
  removeTempDir(template);
  result.figures = figures;
  return result;
}

/** The command a one-line error names after `next:` (a report after `repair:`, or in backticks), as argv without `tsift`. */
export function nextCommand(text) {
  const match =
    /\(next: (tsift [^)]*)\)/.exec(text) ?? /^(?:next|repair): (tsift [^\n]*)/m.exec(text) ?? /next: (tsift [^\n]*)/.exec(text) ?? /`(tsift [^`]+)`/.exec(text);
  if (!match) return null;
  const words = match[1].trim().split(/\s+/).slice(1);
  // A hint with placeholders or shell syntax is advice, not a command to run.
  if (words.some((word) => /[<>|;&$]/.test(word))) return null;
  return words.map((word) => word.replace(/^['"]|['"]$/g, ""));
}

function overwrite(path, offset, bytes) {
  const fd = openSync(path, "r+");
  try {
    writeSync(fd, bytes, 0, bytes.length, offset);
  } finally {
    closeSync(fd);
  }
}

function garbage(r, size) {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = r.int(0, 255);
  return bytes;
}

function sql(path, statement) {
  const db = openDb(path);
  try {
    db.exec(statement);
    db.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
}
