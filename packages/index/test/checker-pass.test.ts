import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { codeGraphSourceState, indexLocation, indexProject, projectCodeGraph, updateIndex } from "../src/index";
import { query } from "./db-helpers";
import { bumpMtime, tempTree } from "./helpers";

// The repository's own typescript (a root devDependency) stands in for a project's.
const TYPESCRIPT = dirname(createRequire(import.meta.url).resolve("typescript/package.json"));

/** A project that installs typescript: `node_modules/typescript` links to the repository's copy. */
function tsProject(files: Record<string, string>): string {
  const root = tempTree(files);
  mkdirSync(join(root, "node_modules"), { recursive: true });
  symlinkSync(TYPESCRIPT, join(root, "node_modules", "typescript"), "dir");
  return root;
}

const SERVICE = [
  "export class Runner {",
  "  run(): number { return 1; }",
  "}",
  "export class Other {",
  "  run(): number { return 2; }",
  "}",
  "export const make = () => new Runner();",
  "",
].join("\n");
// `s` is an untyped callback parameter: declarations alone cannot tell Runner.run from Other.run.
const MAIN = ["import { make } from './service';", "export function main() {", "  [make()].forEach((s) => s.run());", "}", ""].join("\n");

const RUN_CALL = `SELECT c.resolution, s.file || ':' || s.qualified_name AS target
  FROM calls c LEFT JOIN symbols s ON s.id = c.resolved_symbol_id WHERE c.callee_name = 'run' ORDER BY c.file, c.line, c.id`;

describe("the TypeScript checker pass (resolve: checker)", () => {
  it("binds a call the declaration resolver leaves open, as resolution checker", async () => {
    const root = tsProject({ "src/service.ts": SERVICE, "src/main.ts": MAIN });
    const location = indexLocation(root);
    await updateIndex(location);
    expect(query(location.dbPath, RUN_CALL)).toEqual([{ resolution: "ambiguous", target: null }]);

    const summary = await updateIndex(location, { resolve: "checker" });
    // main.ts, and service.ts for its `new Runner()`: every file with calls is checked once.
    expect(summary.checker).toMatchObject({ typescript: expect.any(String), files_checked: 2, bound: 1, overturned: 0 });
    expect(query(location.dbPath, RUN_CALL)).toEqual([{ resolution: "checker", target: "src/service.ts:Runner.run" }]);
    expect(query(location.dbPath, "SELECT path, typescript_version FROM checker_files ORDER BY path")).toEqual([
      { path: "src/main.ts", typescript_version: summary.checker!.typescript },
      { path: "src/service.ts", typescript_version: summary.checker!.typescript },
    ]);

    // Nothing changed: the answers are current, so no program is built.
    const again = await updateIndex(location, { resolve: "checker" });
    expect(again.checker).toMatchObject({ files_checked: 0, calls_checked: 0 });
  });

  it("keeps the answers of unchanged files through later runs without it, and follows a re-extracted target", async () => {
    const root = tsProject({ "src/service.ts": SERVICE, "src/main.ts": MAIN, "src/extra.ts": "export function run() {}\n" });
    const location = indexLocation(root);
    await updateIndex(location, { resolve: "checker" });
    expect(query(location.dbPath, RUN_CALL)).toEqual([{ resolution: "checker", target: "src/service.ts:Runner.run" }]);

    // A new symbol named `run` elsewhere makes the declaration resolver revisit the call.
    writeFileSync(join(root, "src/extra.ts"), "export function run() {}\nexport class Third { run() {} }\n");
    bumpMtime(join(root, "src/extra.ts"));
    // The target's file moves its symbols: the answer follows Runner.run to its new id.
    writeFileSync(join(root, "src/service.ts"), `// moved down\n${SERVICE}`);
    bumpMtime(join(root, "src/service.ts"));
    await updateIndex(location);
    expect(query(location.dbPath, RUN_CALL)).toEqual([{ resolution: "checker", target: "src/service.ts:Runner.run" }]);
  });

  it("drops a file's answers once its bytes change, until the checker runs again", async () => {
    const root = tsProject({ "src/service.ts": SERVICE, "src/main.ts": MAIN });
    const location = indexLocation(root);
    await updateIndex(location, { resolve: "checker" });
    writeFileSync(join(root, "src/main.ts"), `${MAIN}// edited\n`);
    bumpMtime(join(root, "src/main.ts"));
    await updateIndex(location);
    expect(query(location.dbPath, RUN_CALL)).toEqual([{ resolution: "ambiguous", target: null }]);
    expect(query(location.dbPath, "SELECT count(*) AS n FROM checker_calls")).toEqual([{ n: 0 }]);

    // Only the changed file is checked again.
    const summary = await updateIndex(location, { resolve: "checker" });
    expect(summary.checker).toMatchObject({ files_checked: 1, files_current: 1, bound: 1 });
    expect(query(location.dbPath, RUN_CALL)).toEqual([{ resolution: "checker", target: "src/service.ts:Runner.run" }]);
  });

  it("checks the declaration resolver's bindings and keeps the ones it confirms", async () => {
    const root = tsProject({
      "src/service.ts": SERVICE,
      "src/main.ts": [
        "import { Other, Runner } from './service';",
        "export function main(r: Runner) {",
        "  r.run();",
        "  return [new Other()].map((o) => o.run());",
        "}",
        "",
      ].join("\n"),
    });
    const location = indexLocation(root);
    const summary = await updateIndex(location, { resolve: "checker" });
    // `r.run()` (typed), `new Other()` (import) and service.ts's `new Runner()` confirmed; `map` is the library's, unbound either way.
    expect(summary.checker).toMatchObject({ confirmed: 3, bound: 1, overturned: 0 });
    expect(query(location.dbPath, RUN_CALL)).toEqual([
      { resolution: "typed", target: "src/service.ts:Runner.run" },
      { resolution: "checker", target: "src/service.ts:Other.run" },
    ]);
  });

  it("overturns a declaration binding that a shadowing local makes wrong", async () => {
    // The local `backtrack` sits in a callback no symbol encloses, so both are top-level names to declarations.
    const root = tsProject({
      "src/graph.ts": [
        "const dual = <F>(arity: number, f: F): F => f;",
        "export const paths: (n: number) => number[] = dual(1, (n: number) => {",
        "  const backtrack = () => n;",
        "  return [backtrack()];",
        "});",
        "export const backtrack = () => 0;",
        "",
      ].join("\n"),
    });
    const location = indexLocation(root);
    await updateIndex(location);
    const BACKTRACK = `SELECT c.resolution, s.line AS target_line FROM calls c LEFT JOIN symbols s ON s.id = c.resolved_symbol_id WHERE c.callee_name = 'backtrack'`;
    expect(query(location.dbPath, BACKTRACK)).toEqual([{ resolution: "same_file", target_line: 6 }]);
    const summary = await updateIndex(location, { resolve: "checker" });
    expect(summary.checker).toMatchObject({ overturned: 1, bound: 0 });
    expect(query(location.dbPath, BACKTRACK)).toEqual([{ resolution: "checker", target_line: 3 }]);
  });

  it("compiles with the project's tsconfig.json (path aliases)", async () => {
    const root = tsProject({
      "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, module: "esnext", moduleResolution: "bundler", paths: { "@lib/*": ["./lib/*"] } } }),
      "lib/service.ts": SERVICE,
      "src/main.ts": MAIN.replace("'./service'", "'@lib/service'"),
    });
    const location = indexLocation(root);
    // Without the alias `make()` would be unknown to the compiler, and the call left as it was.
    await updateIndex(location, { resolve: "checker" });
    expect(query(location.dbPath, RUN_CALL)).toEqual([{ resolution: "checker", target: "lib/service.ts:Runner.run" }]);
  });

  it("changes the code graph's source watermark, and the projection carries the checker's call edge", async () => {
    const root = tsProject({ "src/service.ts": SERVICE, "src/main.ts": MAIN });
    const location = indexLocation(root);
    await updateIndex(location);
    const read = () => {
      const db = new Database(location.dbPath, { readonly: true });
      try {
        const calls = projectCodeGraph(db).projection.edges.filter((edge) => edge.kind === "calls");
        return { watermark: codeGraphSourceState(db).watermark, checker: calls.filter((edge) => edge.properties?.resolution === "checker") };
      } finally {
        db.close();
      }
    };
    const before = read();
    expect(before.checker).toEqual([]);
    await updateIndex(location, { resolve: "checker" });
    const after = read();
    // A graph.db projected before the pass is stale now, so a refresh picks the edge up.
    expect(after.watermark).not.toBe(before.watermark);
    expect(after.checker).toHaveLength(1);
  });

  it("fails with not_found when the project installs no typescript, after the update committed", async () => {
    const root = tempTree({ "src/main.ts": MAIN, "src/service.ts": SERVICE });
    const location = indexLocation(root);
    await expect(updateIndex(location, { resolve: "checker" })).rejects.toMatchObject({ code: "not_found" });
    expect(query(location.dbPath, RUN_CALL)).toEqual([{ resolution: "ambiguous", target: null }]);
  });

  it("is skipped with a warning for a project without TypeScript files", async () => {
    const root = tempTree({ "app.py": "def f():\n    return 1\n\nf()\n" });
    const run = await indexProject({ path: root, resolve: "checker" });
    expect(run.report).toMatchObject({ checker: { typescript: null, skipped: "no TypeScript files to check", files_checked: 0 } });
    expect(run.notes).toContain("warning: --resolve checker skipped: no TypeScript files to check");
  });

  it("runs when the config's [index] resolve asks for it", async () => {
    const root = tsProject({ "src/service.ts": SERVICE, "src/main.ts": MAIN, ".tsift/config.toml": '[index]\nresolve = "checker"\n' });
    const run = await indexProject({ path: root });
    expect(run.report).toMatchObject({ checker: { files_checked: 2, bound: 1 } });
    expect(query(indexLocation(root).dbPath, RUN_CALL)).toEqual([{ resolution: "checker", target: "src/service.ts:Runner.run" }]);
  });
});
