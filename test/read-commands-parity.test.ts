import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { languageCapabilities, openProject, type Project, type ProjectGraphDb } from "../src/index";
import { asJson, cli, cliInProcess, fixtureCopy, GIT_ENV, removeTempDirs, repoRoot } from "./cli-parity";

// One composition root: for every read command (every command its docs page calls
// read-only, which are the ones `tsift mcp` serves), `tsift <command> --json` with no
// options prints exactly the JSON of the library's use case called with no options, on
// the same indexed project. A default that differs between the two fails here. The CLI runs
// in-process (`cliInProcess`); the commands in BUILT also run the built binary, whose own
// routes (the fast parser, the parser-free answers) must print the same.

/** The read commands, as their generated docs pages say: `graph-db node` for a subcommand. */
function documentedReadCommands(): string[] {
  const dir = join(repoRoot, "docs", "commands");
  const pages = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((page) => page.endsWith(".md") && !page.startsWith("details"));
  return pages
    .filter((page) => /^Read-only( apart from [^:]*)?: it writes nothing into the project/m.test(readFileSync(join(dir, page), "utf8")))
    .map((page) =>
      relative(dir, join(dir, page.slice(0, -3)))
        .split(/[\\/]/)
        .join(" "),
    )
    .sort();
}

/** What each side measures for itself (a duration, an index's age); every other field must match. */
function withoutClocks(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, field: unknown) => {
    if (key === "last_indexed_secs_ago") return typeof field === "number" ? 0 : field;
    if (key === "duration_micros") return 0;
    return field;
  });
}

const LOG = readFileSync(join(repoRoot, "fixtures", "logs", "tsc-type-errors.log"), "utf8");
const TEST_OUTPUT = readFileSync(join(repoRoot, "fixtures", "test-output", "jest-verbose.txt"), "utf8");

let root: string;
let project: Project;
let db: ProjectGraphDb;
let mainId: string;
let storeGetId: string;

interface ReadCommand {
  /** The command line after `tsift`, before `--json`. */
  argv: () => string[];
  stdin?: string;
  /** The library's use case with no options. */
  library: () => Promise<unknown>;
}

/** Every read command: its command line with no options, and the library call it must equal. */
const READ_COMMANDS: Record<string, ReadCommand> = {
  analyze: { argv: () => ["analyze"], library: () => project.analyze() },
  communities: { argv: () => ["communities"], library: () => project.communities() },
  "diff-digest": { argv: () => ["diff-digest"], library: () => project.diffDigest() },
  explain: { argv: () => ["explain", "Store.get"], library: () => project.explain("Store.get") },
  graph: { argv: () => ["graph", "Store.get"], library: () => project.graph("Store.get") },
  "graph-db kind": { argv: () => ["graph-db", "kind", "symbol"], library: () => db.kind("symbol") },
  "graph-db neighborhood": { argv: () => ["graph-db", "neighborhood", mainId], library: () => db.neighborhood(mainId) },
  "graph-db node": { argv: () => ["graph-db", "node", mainId], library: () => db.node(mainId) },
  "graph-db path": { argv: () => ["graph-db", "path", mainId, storeGetId], library: () => db.path(mainId, storeGetId) },
  impact: { argv: () => ["impact"], library: () => project.impact() },
  languages: { argv: () => ["languages"], library: () => Promise.resolve({ languages: languageCapabilities() }) },
  "log-digest": { argv: () => ["log-digest"], stdin: LOG, library: () => project.logDigest(LOG) },
  path: { argv: () => ["path", "main", "Store.get"], library: () => project.path("main", "Store.get") },
  related: { argv: () => ["related", "src/store.ts:8"], library: () => project.related("src/store.ts:8") },
  search: { argv: () => ["search", "store get"], library: () => project.search("store get") },
  "source-read": { argv: () => ["source-read", "src/store.ts"], library: () => project.sourceRead("src/store.ts") },
  status: { argv: () => ["status"], library: () => project.status() },
  symbols: { argv: () => ["symbols"], library: () => project.symbols() },
  "test-digest": { argv: () => ["test-digest"], stdin: TEST_OUTPUT, library: () => project.testDigest(TEST_OUTPUT) },
};

/** One command of each route the built binary takes before yargs, a graph-db read, and a read of stdin. */
const BUILT = new Set(["symbols", "search", "related", "graph-db node", "explain", "test-digest"]);

beforeAll(async () => {
  // A git repository with one commit and a change in the work tree, so the diff-based reads have something to read.
  root = fixtureCopy("precise-callers");
  // Enough of everything that every default cap (communities, symbols, hits, nodes) cuts a list.
  for (let i = 0; i < 30; i++) {
    const body = `export function step${i}(): number {\n  return stage${i}() + 1;\n}\n\nexport function stage${i}(): number {\n  return leaf${i}();\n}\n\nfunction leaf${i}(): number {\n  return ${i};\n}\n`;
    writeFileSync(join(root, "src", `stage${i}.ts`), body);
  }
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, env: GIT_ENV });
  git("init", "-q", "-b", "main");
  writeFileSync(join(root, ".gitignore"), ".tsift/\n");
  git("add", "-A");
  git("commit", "-q", "-m", "one");
  writeFileSync(join(root, "src", "store.ts"), readFileSync(join(root, "src", "store.ts"), "utf8").replace("this.data.get(key)", "this.data.get(key.trim())"));
  project = openProject(root);
  await project.index({ quiet: true });
  db = await project.graphDb();
  await db.refresh();
  const ids = new Map((await db.kind("symbol", { limit: 0 })).nodes.map((node) => [node.label, node.id]));
  mainId = ids.get("main")!;
  storeGetId = ids.get("Store.get")!;
  expect([mainId, storeGetId]).toEqual([expect.any(String), expect.any(String)]);
  // Warm the community and PageRank caches, so both sides read them (`cache_hit: true`).
  await project.explain("main");
}, 180_000);

afterAll(async () => {
  await db?.close();
  await project?.close();
  removeTempDirs();
});

describe("every read command's --json equals its library use case with default options", () => {
  it("covers every documented read command", () => {
    expect(Object.keys(READ_COMMANDS).sort()).toEqual(documentedReadCommands());
  });

  it.each(Object.keys(READ_COMMANDS).sort())("%s", async (name) => {
    const command = READ_COMMANDS[name]!;
    const library = withoutClocks(asJson(await command.library()));
    expect(withoutClocks(await cliInProcess(root, command.argv(), 0, command.stdin))).toEqual(library);
    if (BUILT.has(name)) expect(withoutClocks(cli(root, command.argv(), 0, command.stdin))).toEqual(library);
  });
});
