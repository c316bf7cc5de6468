// corpus: inputs a user's tree or command line can hold — binary and non-UTF-8 files,
// huge lines, 5,000-deep nesting, empty files, symlink loops, unreadable files and
// directories, FIFOs, odd file names, malformed config, bad flags. Each must give a
// clean message (no stack trace, exit not 10), never corrupt the index, keep the
// well-formed file's symbols, and let the index become fresh (a file that fails is
// recorded, not retried forever).
import { chmodSync, chownSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import {
  CLEAN_EXITS,
  cleanExit,
  describeRun,
  fail,
  generateProject,
  integrityCheck,
  openDb,
  removeTempDir,
  rng,
  runCli,
  suiteResult,
  tempDir,
} from "./lib.mjs";

const NOBODY = 65534;
const require = createRequire(import.meta.url);

/** Files every case project starts with: one well-formed module whose symbols must survive. */
function baseProject(dir) {
  writeFileSync(
    join(dir, "ok.ts"),
    "export function okFunction(n: number): number {\n  return helperFn(n) + 1;\n}\nfunction helperFn(n: number) {\n  return n;\n}\n",
  );
}

const nested = (depth, open, close) => `${Array.from({ length: depth }, (_, i) => open(i)).join("")}${Array.from({ length: depth }, () => close).join("")}`;

/** Each case writes its bad input into a project; `short` cases also run in `--short`. */
const CASES = [
  { name: "binary file with a source extension", short: true, setup: (dir, r) => writeFileSync(join(dir, "blob.ts"), randomBytes(r, 64 * 1024)) },
  {
    name: "non-UTF-8 bytes (Latin-1 identifiers, invalid sequences, lone surrogates)",
    setup: (dir) => {
      writeFileSync(join(dir, "latin1.ts"), Buffer.from("export function caf\xe9(): string {\n  return '\xff\xfe\x80';\n}\n", "latin1"));
      writeFileSync(
        join(dir, "bad.py"),
        Buffer.concat([Buffer.from("def ok():\n    return '"), Buffer.from([0xc3, 0x28, 0xed, 0xa0, 0x80, 0xf8]), Buffer.from("'\n")]),
      );
    },
  },
  {
    name: "a 4 MB single line",
    setup: (dir) => writeFileSync(join(dir, "huge-line.ts"), `export const big = "${"x".repeat(4 * 1024 * 1024)}";\nexport function afterBig() {}\n`),
  },
  {
    name: "minified 300 KB one-line JS",
    setup: (dir) => writeFileSync(join(dir, "app.min.js"), Array.from({ length: 12000 }, (_, i) => `function f${i}(a){return a+${i}}`).join(";")),
  },
  {
    name: "5,000-deep nested TypeScript functions",
    setup: (dir) =>
      writeFileSync(
        join(dir, "deep.ts"),
        nested(5000, (i) => `function d${i}() {\n`, "}\n"),
      ),
    verify: (db, dir) => keepsWhatTheGrammarRecovers(db, dir, "deep.ts", "tree-sitter-typescript", "function_declaration"),
  },
  {
    name: "1,000-deep nested Python functions",
    short: true,
    setup: (dir) =>
      writeFileSync(join(dir, "deep.py"), Array.from({ length: 1000 }, (_, i) => `${" ".repeat(i)}def p${i}():\n`).join("") + `${" ".repeat(1000)}return 1\n`),
    verify: (db, dir) => keepsWhatTheGrammarRecovers(db, dir, "deep.py", "tree-sitter-python", "function_definition"),
  },
  {
    name: "5,000-deep nested arrays and parentheses",
    setup: (dir) => writeFileSync(join(dir, "brackets.ts"), `export const v = ${nested(5000, () => "[(", ")]")};\n`),
  },
  {
    name: "empty and whitespace-only files",
    setup: (dir) => {
      writeFileSync(join(dir, "empty.ts"), "");
      writeFileSync(join(dir, "empty.py"), "");
      writeFileSync(join(dir, "blank.ts"), "\n\n   \t\n");
      writeFileSync(join(dir, "bom.ts"), "\uFEFF");
    },
  },
  {
    name: "NUL bytes, CR-only and CRLF line endings",
    setup: (dir) => {
      writeFileSync(join(dir, "nul.ts"), "export function beforeNul() {}\n\0\0\0\nexport function afterNul() {}\n");
      writeFileSync(join(dir, "cr.ts"), "export function crOne() {}\rexport function crTwo() {}\r");
      writeFileSync(join(dir, "crlf.py"), "def crlf_one():\r\n    return 1\r\n");
    },
  },
  {
    name: "symlink loops (self, mutual, to the root) and a dangling link",
    short: true,
    setup: (dir) => {
      mkdirSync(join(dir, "a"));
      mkdirSync(join(dir, "b"));
      symlinkSync("../b", join(dir, "a", "to-b"));
      symlinkSync("../a", join(dir, "b", "to-a"));
      symlinkSync(".", join(dir, "self"));
      symlinkSync(dir, join(dir, "a", "root"));
      symlinkSync("missing.ts", join(dir, "dangling.ts"));
      symlinkSync("loop2.ts", join(dir, "loop1.ts"));
      symlinkSync("loop1.ts", join(dir, "loop2.ts"));
    },
  },
  {
    name: "unreadable file and directory (run as an unprivileged user)",
    short: true,
    asNobody: true,
    setup: (dir) => {
      writeFileSync(join(dir, "secret.ts"), "export function secretFn() {}\n");
      mkdirSync(join(dir, "locked"));
      writeFileSync(join(dir, "locked", "inner.ts"), "export function innerFn() {}\n");
    },
    // Permissions go on after the project is handed to the unprivileged user.
    lock: (dir) => {
      chmodSync(join(dir, "secret.ts"), 0o000);
      chmodSync(join(dir, "locked"), 0o000);
    },
  },
  { name: "a FIFO with a source extension", setup: (dir) => execFileSync("mkfifo", [join(dir, "pipe.ts")]) },
  { name: "a directory named like a source file", setup: (dir) => mkdirSync(join(dir, "folder.ts")) },
  {
    name: "file names with newline, tab, ESC, leading dash, spaces and non-ASCII",
    setup: (dir) => {
      for (const name of ["new\nline.ts", "tab\there.ts", "esc\x1b[31m.ts", "-dash.ts", "with space.py", "ünï cødé.ts", "$(touch pwned).ts"]) {
        writeFileSync(join(dir, name), `export function fromOddName${name.length}() {}\n`);
      }
    },
  },
  {
    name: "a 255-byte file name and a 120-deep directory path",
    setup: (dir) => {
      writeFileSync(join(dir, `${"n".repeat(252)}.ts`), "export function longName() {}\n");
      const deep = join(dir, ...Array.from({ length: 120 }, (_, i) => `d${i}`));
      mkdirSync(deep, { recursive: true });
      writeFileSync(join(deep, "leaf.ts"), "export function deepLeaf() {}\n");
    },
  },
];

const CONFIGS = [
  { name: "config: invalid TOML", short: true, text: "[index\nmax_file_bytes = = 3\n" },
  { name: "config: wrong types", text: '[index]\nmax_file_bytes = "big"\nexclude = 7\n[defaults]\ntier = 42\n' },
  { name: "config: negative and huge numbers", text: "[index]\nmax_file_bytes = -1\n[summarize]\nmax_file_tokens = 1e400\n" },
  { name: "config: binary garbage", bytes: (r) => randomBytes(r, 4096) },
  { name: "config: BOM, CRLF and unknown keys", text: '\uFEFF[index]\r\nexclude = ["**/gen/**"]\r\n[future]\r\nx = 1\r\n' },
  { name: "config: contradicting override", text: '[overrides.foo]\nisolated = false\ntier = "isolated"\n' },
  { name: "config: deeply nested tables", text: `${Array.from({ length: 3000 }, (_, i) => `[t${i}]`).join("\n")}\n` },
  { name: "config: a directory instead of a file", dir: true },
];

const FLAGS = [
  { args: ["index", "--nope"], short: true },
  { args: ["symbols", "okFunction", "--limit", "abc"] },
  { args: ["symbols", "okFunction", "--limit", "-1"] },
  { args: ["symbols", "okFunction", "--limit", "1e309"] },
  { args: ["graph", "okFunction", "--depth", "-3"] },
  { args: ["graph", "okFunction", "--depth", "99999999999999999999"] },
  { args: ["search"] },
  { args: ["search", ""] },
  { args: ["source-read"] },
  { args: ["path", "okFunction"] },
  { args: ["nope-command"] },
  { args: ["graph-db", "nope"] },
  { args: ["graph-db", "neighborhood", "file:ok.ts", "--depth", "abc"] },
  { args: ["--json", "--tabular", "status"] },
  { args: ["symbols", "--file"] },
  { args: ["explain", "okFunction", "--budget", "enormous"] },
  { args: ["index", "--path", "/nonexistent/chaos/dir"], short: true },
  { args: ["status", "/dev/null"] },
  { args: ["index", "--submodule", "nope"] },
  { args: ["completion", "tcsh"] },
  { args: ["traverse", "okFunction", "--format", "pdf"] },
  { args: ["symbols", "x".repeat(100_000)] },
  // Bounded work: a huge depth or hop count on a call graph with cycles must be capped,
  // not re-expanded level by level.
  { args: ["graph-db", "neighborhood", "file:src/mod0001.ts", "--depth", "1000000", "--direction", "both"], short: true },
  { args: ["graph-db", "neighborhood", "file:src/mod0001.ts", "--depth", "20000", "--limit", "0"] },
  { args: ["graph-db", "path", "file:src/mod0001.ts", "file:src/mod0059.ts", "--max-hops", "1000000000"] },
  { args: ["graph", "okFunction", "--limit", "0"] },
  { args: ["path", "okFunction", "parseToken0_1"] },
  { args: ["traverse", "okFunction", "--depth", "1000000"] },
];

export async function corpus({ full, seed, log }) {
  const result = suiteResult("corpus");
  const r = rng(seed);
  const commands = full
    ? [["index"], ["index"], ["index", "--check", "--exit-code"], ["status"], ["symbols", "okFunction"], ["search", "okFunction"]]
    : [["index"], ["index", "--check", "--exit-code"]];
  const figures = { files: 0, configs: 0, flags: 0, runs: 0 };

  for (const entry of CASES.filter((c) => full || c.short)) {
    const dir = tempDir("corpus");
    try {
      result.trials++;
      figures.files++;
      baseProject(dir);
      entry.setup(dir, r);
      let user = {};
      if (entry.asNobody && process.getuid?.() !== 0) entry.lock(dir);
      else if (entry.asNobody) {
        chownTree(dir, NOBODY);
        chmodSync(dir, 0o755);
        entry.lock(dir);
        user = { uid: NOBODY, gid: NOBODY };
      }
      for (const args of commands) {
        const run = await runAs(args, dir, user);
        figures.runs++;
        if (!cleanExit(run)) fail(result, entry.name, describeRun(run));
        else if (args[0] === "index" && args.includes("--check") && run.code !== 0)
          fail(result, entry.name, `the index never becomes fresh: ${describeRun(run)}`, "tsift index; tsift index --check --exit-code  # exits 1");
        else if (args[0] === "index" && run.code !== 0) fail(result, entry.name, `index refused the tree: ${describeRun(run)}`);
      }
      const symbols = await runAs(["symbols", "okFunction", "--json"], dir, user);
      if (symbols.code !== 0 || !symbols.stdout.includes("okFunction"))
        fail(result, entry.name, `the well-formed file's symbol is missing: ${describeRun(symbols)}`);
      const dbPath = join(dir, ".tsift", "index.db");
      const integrity = integrityCheck(dbPath);
      if (integrity !== "ok") fail(result, entry.name, `index.db integrity_check: ${integrity}`);
      else if (entry.verify) {
        const db = openDb(dbPath, { readonly: true });
        try {
          const problem = entry.verify(db, dir);
          if (problem) fail(result, entry.name, problem);
        } finally {
          db.close();
        }
      }
    } finally {
      removeTempDir(dir);
    }
  }
  log(`corpus: ${figures.files} file cases done`);

  // Malformed config: a clean refusal naming the file, the existing index left intact,
  // and a working index once the config is fixed.
  for (const entry of CONFIGS.filter((c) => full || c.short)) {
    const dir = tempDir("corpus-config");
    try {
      result.trials++;
      figures.configs++;
      baseProject(dir);
      const first = await runCli(["index", "--quiet"], { cwd: dir });
      if (first.code !== 0) throw new Error(`indexing the base project failed: ${describeRun(first)}`);
      const configPath = join(dir, ".tsift", "config.toml");
      if (entry.dir) mkdirSync(configPath);
      else writeFileSync(configPath, entry.bytes ? entry.bytes(r) : entry.text);
      for (const args of full ? [["index"], ["status"], ["symbols", "okFunction"], ["search", "okFunction"]] : [["index"], ["status"]]) {
        const run = await runCli(args, { cwd: dir });
        figures.runs++;
        if (!cleanExit(run)) fail(result, entry.name, describeRun(run));
        else if (run.code !== 0 && run.stderr.trim().split("\n").length > 3)
          fail(result, entry.name, `more than a one-line message and a hint: ${describeRun(run)}`);
      }
      const integrity = integrityCheck(join(dir, ".tsift", "index.db"));
      if (integrity !== "ok") fail(result, entry.name, `index.db integrity_check: ${integrity}`);
    } finally {
      removeTempDir(dir);
    }
  }

  // Bad flags on an indexed project: usage errors (or a clean answer), never exit 10.
  const dir = tempDir("corpus-flags");
  try {
    baseProject(dir);
    generateProject(dir, { tsFiles: 60, pyFiles: 5, seed });
    await runCli(["index", "--quiet"], { cwd: dir });
    await runCli(["graph-db", "refresh"], { cwd: dir });
    for (const entry of FLAGS.filter((c) => full || c.short)) {
      result.trials++;
      figures.flags++;
      figures.runs++;
      const run = await runCli(entry.args, { cwd: dir });
      if (!cleanExit(run, CLEAN_EXITS)) fail(result, `flags ${entry.args.join(" ").slice(0, 60)}`, describeRun(run));
    }
  } finally {
    removeTempDir(dir);
  }
  result.figures = figures;
  return result;
}

/**
 * Every function the grammar itself recovers from a deeply nested file must be a symbol:
 * the oracle is a tree-sitter parse of the same bytes, walked with a cursor (no recursion).
 */
function keepsWhatTheGrammarRecovers(db, dir, file, grammar, nodeType) {
  const Parser = require("tree-sitter");
  const parser = new Parser();
  const language = require(grammar);
  parser.setLanguage(language.typescript ?? language);
  const tree = parser.parse(readFileSync(join(dir, file), "utf8"), undefined, { bufferSize: 1024 * 1024 });
  let recovered = 0;
  const cursor = tree.walk();
  for (let done = false; !done;) {
    if (cursor.nodeType === nodeType) recovered++;
    if (cursor.gotoFirstChild()) continue;
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) {
        done = true;
        break;
      }
    }
  }
  const kept = db.prepare("SELECT count(*) AS n FROM symbols WHERE file = ?").get(file).n;
  return kept >= recovered ? null : `kept ${kept} of the ${recovered} nested functions the grammar recovers in ${file}`;
}

function runAs(args, cwd, user) {
  if (!user.uid) return runCli(args, { cwd });
  return runCli(args, { cwd, spawnOptions: user, env: { HOME: cwd } });
}

function chownTree(dir, id) {
  execFileSync("chown", ["-R", `${id}:${id}`, dir]);
  chownSync(dir, id, id);
}

function randomBytes(r, size) {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = r.int(0, 255);
  return bytes;
}
