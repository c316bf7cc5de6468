// escapes: `source-read`, `explain`, `graph`, `related`, `symbols --file`, `--path`,
// graph-db ids and handles given `..`, absolute paths, symlinks out of the root, very
// long names and NUL. Nothing outside the root may be read (a marker in a file beside
// the project must never reach the output, nor /etc/passwd) and nothing may exit 10.
// Then the write side: every file `init`, `status --fix` and `run` write is planted as a
// link to a directory outside, and nothing there may change.
import { mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { cleanExit, describeRun, fail, generateProject, removeTempDir, runCli, suiteResult, tempDir } from "./lib.mjs";

const MARKER = "CHAOS_SECRET_CONTENT_7f3a";
const LEAKS = [MARKER, "root:x:0:0"];

export async function escapes({ full, seed, log }) {
  const result = suiteResult("escapes");
  const base = tempDir("escapes");
  const project = join(base, "project");
  const outside = join(base, "outside");
  mkdirSync(project);
  mkdirSync(outside);
  generateProject(project, { tsFiles: 12, pyFiles: 3, seed });
  const secret = join(outside, "secret.ts");
  writeFileSync(secret, `// ${MARKER}\nexport function outsideOnly(${MARKER}: number): number {\n  return ${MARKER};\n}\n`);
  symlinkSync(secret, join(project, "src", "leak.ts"));
  symlinkSync(outside, join(project, "src", "leakdir"));
  symlinkSync("/etc/passwd", join(project, "src", "passwd.ts"));

  const up = "../".repeat(40);
  const probes = [
    ["source-read", "../outside/secret.ts"],
    ["source-read", secret],
    ["source-read", "src/leak.ts"],
    ["source-read", "src/leakdir/secret.ts"],
    ["source-read", "src/passwd.ts"],
    ["source-read", "src/../../outside/secret.ts"],
    ["source-read", "/etc/passwd"],
    ["source-read", `${up}etc/passwd`],
    ["source-read", `src/mod0001.ts/../../../outside/secret.ts`],
    ["source-read", "..\\outside\\secret.ts"],
    ["source-read", "%2e%2e/outside/secret.ts"],
    ["source-read", "file:///etc/passwd"],
    ["source-read", "/proc/self/environ"],
    ["source-read", `${"a".repeat(5000)}.ts`],
    ["source-read", `${"d/".repeat(2000)}x.ts`],
    ["source-read", "../outside/secret.ts", "--path", "src"],
    ["source-read", "secret.ts", "--path", "src/leakdir/.."],
    ["explain", "../outside/secret.ts:1"],
    ["explain", `${secret}:2`],
    ["explain", "src/leak.ts:2"],
    ["explain", "outsideOnly"],
    ["explain", `gsym-${up}x`],
    ["explain", "x".repeat(5000)],
    ["graph", "src/leak.ts:2"],
    ["graph", `${secret}:2`, "--callers"],
    ["symbols", "outsideOnly"],
    ["symbols", "--file", "../outside/secret.ts"],
    ["symbols", "--file", `${outside}/*`],
    ["symbols", "--file", "src/leakdir/**"],
    ["search", "outsideOnly"],
    ["search", MARKER],
    ["related", "../outside/secret.ts:2"],
    ["related", "/etc/passwd:1"],
    ["graph-db", "node", "file:../outside/secret.ts"],
    ["graph-db", "node", "file:src/leak.ts"],
    ["traverse", "file:src/leak.ts"],
    ["status", "--path", "x".repeat(5000)],
    ["symbols", "a", "--path", up],
    ["symbols", "a", "--path", "/dev/null"],
    ["index", "--path", "src/leak.ts"],
  ];
  const short = new Set([0, 2, 4, 6, 7, 17, 19, 25, 29, 34]);
  const chosen = full ? probes : probes.filter((_, i) => short.has(i));

  const index = await runCli(["index", "--quiet"], { cwd: project });
  if (index.code !== 0) throw new Error(`indexing the project failed: ${describeRun(index)}`);
  await runCli(["graph-db", "refresh"], { cwd: project });
  // Control: a file inside the root is read, so a silent source-read cannot pass as safe.
  const control = await runCli(["source-read", "src/mod0001.ts"], { cwd: project });
  if (control.code !== 0 || !control.stdout.includes("Worker1"))
    fail(result, "control", `source-read of a file inside the root failed: ${describeRun(control)}`);
  const figures = { probes: 0, leaks: 0, exit_codes: {} };
  for (const args of chosen) {
    result.trials++;
    figures.probes++;
    const run = await runCli(args, { cwd: project });
    const key = run.timedOut ? "timeout" : String(run.code);
    figures.exit_codes[key] = (figures.exit_codes[key] ?? 0) + 1;
    const label = args.map((word) => (word.length > 48 ? `${word.slice(0, 20)}…(${word.length})` : word)).join(" ");
    if (LEAKS.some((leak) => run.stdout.includes(leak) || run.stderr.includes(leak))) {
      figures.leaks++;
      fail(result, label, `read outside the root: ${describeRun(run)} | stdout: ${run.stdout.slice(0, 200)}`);
    }
    if (!cleanExit(run)) fail(result, label, describeRun(run));
  }

  // argv cannot carry NUL, so the library entry behind source-read gets it directly.
  const { readSourceWindow } = await import("@tsift/index/indexer");
  const { isTsiftError } = await import("@tsift/core");
  for (const file of ["src/mod0001.ts\0../../outside/secret.ts", "\0", `../outside/secret.ts\0.ts`]) {
    result.trials++;
    figures.probes++;
    try {
      const window = await readSourceWindow({ cwd: project, file });
      if (JSON.stringify(window).includes(MARKER)) fail(result, `NUL ${JSON.stringify(file)}`, "read outside the root");
    } catch (error) {
      if (!isTsiftError(error) || ["internal", "io_error", "backend_error", "timeout"].includes(error.code)) {
        fail(
          result,
          `NUL ${JSON.stringify(file)}`,
          `readSourceWindow threw ${isTsiftError(error) ? `TsiftError ${error.code}` : error?.constructor?.name}: ${error.message}`,
        );
      }
    }
  }
  figures.write_probes = 0;
  figures.write_escapes = 0;
  // The short form: one file link, one directory link, `.tsift` itself, under the commands that write most.
  const targets = full ? WRITE_TARGETS : WRITE_TARGETS.filter((target) => ["AGENTS.md", ".claude", ".tsift"].includes(target.path));
  const commands = full ? WRITE_COMMANDS : WRITE_COMMANDS.slice(1);
  for (const target of targets) {
    const writer = join(base, `writes-${figures.write_probes}`);
    const away = join(base, `away-${figures.write_probes}`);
    mkdirSync(writer);
    mkdirSync(away);
    writeFileSync(join(away, "victim.md"), "# not yours\n");
    generateProject(writer, { tsFiles: 2, pyFiles: 0, seed });
    mkdirSync(dirname(join(writer, target.path)), { recursive: true });
    symlinkSync(join(away, target.to), join(writer, target.path));
    for (const args of commands) {
      result.trials++;
      figures.write_probes++;
      const before = listing(away);
      const run = await runCli(args, { cwd: writer });
      const label = `${target.path} -> outside: tsift ${args.join(" ")}`;
      if (JSON.stringify(listing(away)) !== JSON.stringify(before)) {
        figures.write_escapes++;
        fail(result, label, `wrote outside the root: ${describeRun(run)}`);
      }
      if (!cleanExit(run)) fail(result, label, describeRun(run));
    }
  }
  log(`escapes: ${figures.probes} read probes, ${figures.write_probes} write probes`);
  removeTempDir(base);
  result.figures = figures;
  return result;
}

/** Each file or directory tsift writes in a project, planted as a link to `to` in a directory outside. */
const WRITE_TARGETS = [
  { path: "AGENTS.md", to: "victim.md" },
  { path: "CLAUDE.md", to: "victim.md" },
  { path: ".mcp.json", to: "mcp.json" },
  { path: ".claude/settings.json", to: "settings.json" },
  { path: ".codex/config.toml", to: "config.toml" },
  { path: ".codex/hooks.json", to: "hooks.json" },
  { path: "opencode.json", to: "opencode.json" },
  { path: ".opencode/commands/tsift-status.md", to: "command.md" },
  { path: ".claude", to: "." },
  { path: ".tsift", to: "." },
];
const WRITE_COMMANDS = [["init"], ["init", "--claude", "--codex", "--opencode"], ["status", "--fix"], ["index", "--quiet"], ["run", "--", "node", "-e", "1"]];

/** Every entry below `dir` with its content (links by their text): equal before and after, or something was written. */
function listing(dir) {
  const out = {};
  const walk = (at, rel) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      const key = `${rel}/${entry.name}`;
      if (entry.isSymbolicLink()) out[key] = `link ${readlinkSync(path)}`;
      else if (entry.isDirectory()) {
        out[key] = "dir";
        walk(path, key);
      } else out[key] = readFileSync(path, "utf8");
    }
  };
  walk(dir, "");
  return out;
}
