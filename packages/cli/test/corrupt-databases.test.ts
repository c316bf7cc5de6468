import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnTsift, type JsonObject } from "./helpers";
import { tsiftAsBinaryIn } from "./index-helpers";

// The real driver, to damage a file the way a user or a crash could; tsift's own code never runs here.
const Database = createRequire(import.meta.url)("better-sqlite3") as typeof import("better-sqlite3");

/**
 * Every way an index.db or graph.db can be damaged exits 6 with a `next:` command, that
 * command repairs it, and the old file is kept as `<name>.corrupt-<UTC time>`. The cases run
 * the command lines in-process the way the built binary routes them (`tsiftAsBinary`); the
 * repair from another directory runs the built binary itself, to prove its exit codes and
 * messages are the same.
 */

const work = realpathSync(mkdtempSync(join(tmpdir(), "tsift-cli-corrupt-")));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const base = join(work, "base");

/**
 * 24 files of 80 functions: an index.db of ~320 pages and a graph.db of ~600, so 100 pages of garbage land
 * mid-file (`damage` checks the file is that large). Every repair rebuilds it, so it is no larger.
 */
function writeProject(root: string): void {
  for (let f = 0; f < 24; f++) {
    const lines: string[] = [];
    for (let i = 0; i < 80; i++) {
      lines.push(
        `export function fn_${f}_${i}(a: number): number {`,
        `  // padding so each chunk has a body ${"x".repeat(60)}`,
        `  return fn_${f}_${(i + 1) % 80}(a + ${i});`,
        "}",
        "",
      );
    }
    writeFileSync(join(root, `f${f}.ts`), lines.join("\n"));
  }
}

let counter = 0;
/** A copy of the indexed base project (index.db and graph.db, checkpointed). */
function copyOfBase(): string {
  const dir = join(work, `case-${++counter}`);
  cpSync(base, dir, { recursive: true });
  return dir;
}

function pageSize(path: string): number {
  const fd = openSync(path, "r");
  const header = Buffer.alloc(18);
  readSync(fd, header, 0, 18, 0);
  closeSync(fd);
  const size = header.readUInt16BE(16);
  return size === 1 ? 65536 : size;
}

type Damage = "truncate" | "garbage header" | "100 pages mid-file" | "drop table" | "user_version 99";

/** Damages the database at `path` (closed, no sidecars) the way `damage` says. */
function damage(path: string, how: Damage, table: string): void {
  for (const suffix of ["-wal", "-shm"]) rmSync(`${path}${suffix}`, { force: true });
  if (how === "truncate") return truncateSync(path, 10_000);
  if (how === "garbage header" || how === "100 pages mid-file") {
    const page = pageSize(path);
    const pages = how === "garbage header" ? 1 : 100;
    const first = how === "garbage header" ? 0 : 40;
    expect(statSync(path).size / page).toBeGreaterThan(first + pages + 20);
    const fd = openSync(path, "r+");
    writeSync(fd, Buffer.alloc(pages * page, 0xa5), 0, pages * page, first * page);
    closeSync(fd);
    return;
  }
  const db = new Database(path);
  if (how === "drop table") db.exec(`DROP TABLE ${table}`);
  else db.pragma("user_version = 99");
  db.close();
}

/** The command a `(next: …)` hint names: the backticked one when the hint is a sentence. */
function nextCommand(stderr: string): string[] {
  const hint = /\(next: (.*)\)\s*$/mu.exec(stderr)?.[1];
  expect(hint, stderr).toBeDefined();
  const command = /`(tsift [^`]+)`/u.exec(hint!)?.[1] ?? hint!;
  expect(command).toMatch(/^tsift /u);
  return command.split(" ").slice(1);
}

function corruptCopies(dir: string, name: string): string[] {
  return readdirSync(join(dir, ".tsift")).filter((file) => file.startsWith(`${name}.corrupt-`) && !file.endsWith("-wal") && !file.endsWith("-shm"));
}

/** A command line run in-process the way the built binary routes it, from the project's directory. */
const cli = (cwd: string, argv: string[]) => tsiftAsBinaryIn(cwd, argv);

beforeAll(async () => {
  mkdirSync(base);
  writeProject(base);
  expect((await cli(base, ["index"])).code).toBe(0);
  expect((await cli(base, ["graph-db", "refresh"])).code).toBe(0);
  // Fold the WALs into the files, so damaging a file damages what readers see.
  for (const name of ["index.db", "graph.db"]) {
    const db = new Database(join(base, ".tsift", name));
    db.pragma("wal_checkpoint(TRUNCATE)");
    db.close();
  }
});

const DAMAGES: Damage[] = ["truncate", "garbage header", "100 pages mid-file", "drop table", "user_version 99"];
const EXPECTED_CODE = /error\[(corrupt_data|schema_mismatch|schema_newer)\]/u;

describe("a damaged index.db", () => {
  it.each(DAMAGES)("%s: read commands exit 6 naming the rebuild, which repairs it and keeps the old file", async (how) => {
    const dir = copyOfBase();
    damage(join(dir, ".tsift", "index.db"), how, "symbols");

    // The mid-file garbage may miss the pages `symbols` reads; `source-read`'s symbol lookup and `search` read others.
    const reads =
      how === "100 pages mid-file"
        ? [
            ["symbols", "fn_1_1"],
            ["source-read", "f12.ts"],
            ["search", "padding body"],
          ]
        : [["symbols", "fn_1_1"]];
    const failures = [];
    for (const argv of reads) {
      const result = await cli(dir, argv);
      if (result.code !== 0) failures.push(result);
    }
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) {
      expect(failure.code, failure.err).toBe(6);
      expect(failure.err).toMatch(EXPECTED_CODE);
      expect(failure.err).not.toMatch(/internal error/u);
    }

    const check = await cli(dir, ["index", "--check"]);
    expect(check.code, check.err).toBe(6);
    expect(check.err).toMatch(EXPECTED_CODE);

    // status still prints its report, and exits 6 with the repair, whichever pages the damage hit.
    const status = await cli(dir, ["status", "--json"]);
    expect(status.code, status.err).toBe(6);
    expect(status.err).toMatch(EXPECTED_CODE);
    const index = (JSON.parse(status.out) as JsonObject).index;
    expect(index.state).toBe("corrupt");
    expect(index.problem).toMatchObject({ code: expect.stringMatching(/^(corrupt_data|schema_mismatch|schema_newer)$/u), next: "tsift index --rebuild" });

    const repair = nextCommand(failures[0]!.err);
    expect(repair).toEqual(["index", "--rebuild"]);
    const rebuilt = await cli(dir, repair);
    expect(rebuilt.code, rebuilt.err).toBe(0);
    expect(rebuilt.err).toMatch(/moved to .*index\.db\.corrupt-\d{8}T\d{6}Z/u);
    expect(corruptCopies(dir, "index.db")).toHaveLength(1);
    expect(existsSync(join(dir, ".tsift", "index.db.rebuild"))).toBe(false);

    const after = await cli(dir, ["symbols", "fn_1_1", "--json"]);
    expect(after.code, after.err).toBe(0);
    expect(JSON.stringify(JSON.parse(after.out))).toContain("fn_1_1");
    expect((await cli(dir, ["index", "--check", "--exit-code"])).code).toBe(0);
    expect((JSON.parse((await cli(dir, ["status", "--json"])).out) as JsonObject).index.state).toBe("fresh");
  });
});

describe("the repair command run from another directory, through the built binary", () => {
  it("names the project, so it rebuilds the damaged index rather than the caller's directory", () => {
    const dir = copyOfBase();
    damage(join(dir, ".tsift", "index.db"), "truncate", "symbols");
    const failure = spawnTsift(work, ["symbols", "fn_1_1", "--path", dir]);
    expect(failure.code, failure.err).toBe(6);
    const repair = nextCommand(failure.err);
    expect(repair).toEqual(["index", "--rebuild", dir.slice(work.length + 1)]);
    const rebuilt = spawnTsift(work, repair);
    expect(rebuilt.code, rebuilt.err).toBe(0);
    expect(corruptCopies(dir, "index.db")).toHaveLength(1);
    expect(spawnTsift(work, ["symbols", "fn_1_1", "--path", dir]).code).toBe(0);
  });
});

describe("a damaged graph.db", () => {
  it.each(DAMAGES)("%s: graph-db commands exit 6 or fail doctor closed, and refresh --force rebuilds it", async (how) => {
    const dir = copyOfBase();
    damage(join(dir, ".tsift", "graph.db"), how, "graph_nodes");

    const doctor = await cli(dir, ["graph-db", "doctor", "--json"]);
    expect(doctor.code, doctor.err).toBe(1);
    const report = JSON.parse(doctor.out) as JsonObject;
    expect(report.fail_closed).toBe(true);
    expect(report.repair_commands).toContain("tsift graph-db refresh --force");
    expect(doctor.err).toMatch(/failed closed: .*\(next: tsift graph-db /u);

    // A plain refresh reads the old file and refuses it, naming the forced rebuild.
    const refresh = await cli(dir, ["graph-db", "refresh"]);
    expect(refresh.code, refresh.err).toBe(6);
    expect(refresh.err).toMatch(EXPECTED_CODE);
    const repair = nextCommand(refresh.err);
    expect(repair).toEqual(["graph-db", "refresh", "--force"]);

    const rebuilt = await cli(dir, repair);
    expect(rebuilt.code, rebuilt.err).toBe(0);
    expect(rebuilt.err).toMatch(/moved to .*graph\.db\.corrupt-\d{8}T\d{6}Z/u);
    expect(corruptCopies(dir, "graph.db")).toHaveLength(1);
    expect(existsSync(join(dir, ".tsift", "graph.db.rebuild"))).toBe(false);

    const healthy = await cli(dir, ["graph-db", "doctor", "--json"]);
    expect(healthy.code, healthy.err).toBe(0);
    expect((JSON.parse(healthy.out) as JsonObject).checks).toContainEqual(expect.objectContaining({ name: "integrity", status: "ok" }));
    const status = await cli(dir, ["graph-db", "status", "--json"]);
    expect(status.code, status.err).toBe(0);
    expect((JSON.parse(status.out) as JsonObject).status).toBe("current");
  });

  it("a graph.db read meets the damage: exit 6 naming refresh --force, never exit 10", async () => {
    const dir = copyOfBase();
    damage(join(dir, ".tsift", "graph.db"), "truncate", "graph_nodes");
    for (const argv of [
      ["graph-db", "status"],
      ["graph-db", "kind", "symbol", "--limit", "2"],
      ["traverse", "--no-refresh"],
    ]) {
      const result = await cli(dir, argv);
      expect(result.code, `${argv.join(" ")}: ${result.err}`).toBe(6);
      expect(nextCommand(result.err)).toEqual(["graph-db", "refresh", "--force"]);
    }
  });
});
