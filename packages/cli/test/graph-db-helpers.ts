import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll } from "vitest";
import { builtBin, type JsonObject } from "./helpers";
import { tsiftAsBinaryIn } from "./index-helpers";

/**
 * The graph-db conformance fixture: a call chain in main.rs —
 * main → alpha, bridge; alpha → beta, gamma; beta → gamma; bridge → shared → helper —
 * plus three isolated worker/leaf pairs in their own files.
 */
export const CONFORMANCE_TREE: Record<string, string> = {
  "main.rs": [
    "fn main() {",
    "    alpha();",
    "    bridge();",
    "}",
    "",
    "fn alpha() {",
    "    beta();",
    "    gamma();",
    "}",
    "",
    "fn beta() {",
    "    gamma();",
    "}",
    "",
    "fn gamma() {}",
    "",
    "fn bridge() {",
    "    shared();",
    "}",
    "",
    "fn shared() {",
    "    helper();",
    "}",
    "",
    "fn helper() {}",
    "",
  ].join("\n"),
  "isolated.rs": "fn independent_worker() {\n    isolated_leaf();\n}\n\nfn isolated_leaf() {}\n",
  "closure.rs": "fn closure_worker() {\n    closure_leaf();\n}\n\nfn closure_leaf() {}\n",
  "clean.rs": "fn clean_worker() {\n    clean_leaf();\n}\n\nfn clean_leaf() {}\n",
};

/** `main` plus a chain f000 → f001 → … of `length` functions, all in main.rs (the scale case). */
export function chainTree(length: number): Record<string, string> {
  const name = (i: number) => `f${String(i).padStart(3, "0")}`;
  const lines = ["fn main() {", `    ${name(0)}();`, "}", ""];
  for (let i = 0; i < length; i++) lines.push(`fn ${name(i)}() {`, ...(i + 1 < length ? [`    ${name(i + 1)}();`] : []), "}", "");
  return { "main.rs": lines.join("\n") };
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temp project holding `tree`, indexed by the built CLI (removed after the file's tests). */
export function indexedProject(tree: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "tsift-gdb-")));
  dirs.push(root);
  for (const [path, content] of Object.entries(tree)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  const indexed = spawnSync(process.execPath, [builtBin, "index", root, "--quiet"], { encoding: "utf8" });
  if (indexed.status !== 0) throw new Error(`tsift index failed: ${indexed.stderr}`);
  return root;
}

export interface Spawned {
  code: number | null;
  out: string;
  err: string;
  json(): JsonObject;
}

/** Runs the built binary: the compiled CLI, as users and agents run it. */
export function tsiftBin(cwd: string, argv: string[], env: Record<string, string> = {}): Spawned {
  const result = spawnSync(process.execPath, [builtBin, ...argv], { cwd, encoding: "utf8", env: { ...process.env, ...env } });
  return spawned(result.status, result.stdout, result.stderr);
}

/** `tsiftBin`'s result for the same command line run in-process the way the binary routes it (`tsiftAsBinaryIn`). */
export async function tsiftInProcess(cwd: string, argv: string[]): Promise<Spawned> {
  const result = await tsiftAsBinaryIn(cwd, argv);
  return spawned(result.code, result.out, result.err);
}

function spawned(code: number | null, out: string, err: string): Spawned {
  return {
    code,
    out,
    err,
    json() {
      try {
        return JSON.parse(out) as JsonObject;
      } catch {
        throw new Error(`not JSON (exit ${code}): ${out.slice(0, 300)} / stderr: ${err.slice(0, 500)}`);
      }
    },
  };
}

/** `tsift graph-db --backend <backend> <argv…> --json` in `root`. */
export function graphDb(root: string, backend: "sqlite" | "libsql", ...argv: string[]): Spawned {
  return tsiftBin(root, ["graph-db", "--backend", backend, ...argv, "--json"]);
}

/** `graphDb`, in-process (`tsiftInProcess`). */
export function graphDbInProcess(root: string, backend: "sqlite" | "libsql", ...argv: string[]): Promise<Spawned> {
  return tsiftInProcess(root, ["graph-db", "--backend", backend, ...argv, "--json"]);
}

export const sym = (name: string, path = "main.rs") => `sym:${path}#${name}`;
