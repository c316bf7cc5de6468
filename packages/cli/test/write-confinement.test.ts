import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, describe, expect, it } from "vitest";
import { createMcpServer } from "../src/mcp/serve-mcp";
import { project, tsift } from "./index-helpers";

/**
 * The probe suite for symlinked write targets: every file or directory tsift writes in a
 * project is planted as a link to a directory outside it, then every writing command (and
 * every MCP tool) runs; the outside directory's listing and contents must not change.
 */

const SOURCES = {
  "src/store.ts": "export class Store {\n  get(key: string) { return key; }\n}\nexport function getStore() { return new Store(); }\n",
  "src/main.ts": "import { getStore } from './store';\nexport function main() { return getStore().get('k'); }\n",
};

const outsides: string[] = [];
afterAll(() => {
  for (const dir of outsides) rmSync(dir, { recursive: true, force: true });
});

function outsideDir(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "tsift-outside-")));
  outsides.push(dir);
  writeFileSync(join(dir, "victim.md"), "# not yours\n");
  mkdirSync(join(dir, "sub"));
  writeFileSync(join(dir, "sub", "keep.json"), "{}\n");
  return dir;
}

/** Every entry below `dir`: files with their content, links with their text, directories as such. */
function listing(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string, rel: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const key = rel ? `${rel}/${entry.name}` : entry.name;
      const path = join(at, entry.name);
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

/** Plants `rel` in `root` as a link to `target` (creating its parent directory). */
function plant(root: string, rel: string, target: string): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  symlinkSync(target, join(root, rel));
}

let probes = 0;

/** Runs `command` and checks that nothing outside changed; returns the result for further checks. */
async function probe(root: string, outside: string, argv: string[], stdin?: string) {
  const before = listing(outside);
  const result = await tsift(root, argv, stdin === undefined ? {} : { stdin });
  expect(listing(outside), `tsift ${argv.join(" ")} wrote outside the project`).toEqual(before);
  probes++;
  return result;
}

const INIT_FLAGS = [[], ["--claude"], ["--codex"], ["--opencode"], ["--claude", "--codex", "--opencode"]];

/** Every file `tsift init` (any flag) or `status --fix` writes. */
const INIT_FILES = [
  "AGENTS.md",
  "CLAUDE.md",
  ".mcp.json",
  ".claude/settings.json",
  ".codex/config.toml",
  ".codex/hooks.json",
  "opencode.json",
  ".opencode/commands/tsift-status.md",
];
/** Directories `init` writes into. */
const INIT_DIRS = [".claude", ".codex", ".opencode", ".opencode/commands"];

describe("no write outside the project through a symbolic link", () => {
  for (const file of INIT_FILES) {
    it(`init (every flag) and status --fix: ${file} linked to a file outside, and dangling outside`, async () => {
      for (const dangling of [false, true]) {
        const root = project(SOURCES);
        const outside = outsideDir();
        plant(root, file, join(outside, dangling ? "created-by-tsift" : "victim.md"));
        for (const flags of INIT_FLAGS) await probe(root, outside, ["init", ...flags]);
        const fix = await probe(root, outside, ["status", "--fix"]);
        // AGENTS.md is always written: its link is refused by name (CLAUDE.md only when it exists).
        if (file === "AGENTS.md") {
          expect(fix.code).toBe(2);
          expect(fix.err).toMatch(/refusing to write AGENTS\.md: it is a symbolic link to .*(victim\.md|created-by-tsift \(dangling\))/);
        }
      }
    });
  }

  for (const dir of INIT_DIRS) {
    it(`init (every flag): the directory ${dir} linked outside`, async () => {
      const root = project(SOURCES);
      const outside = outsideDir();
      plant(root, dir, join(outside, "sub"));
      for (const flags of INIT_FLAGS) await probe(root, outside, ["init", ...flags]);
      const refused = await probe(root, outside, ["init", "--claude", "--codex", "--opencode"]);
      expect(refused.code).toBe(2);
      expect(refused.err).toMatch(/points to .*sub, outside the project/);
    });
  }

  it("index, status --fix, search, run, edit and init with .tsift itself linked outside", async () => {
    const root = project(SOURCES);
    const outside = outsideDir();
    plant(root, ".tsift", join(outside, "sub"));
    for (const argv of [
      ["index"],
      ["status", "--fix"],
      ["search", "Store"],
      ["symbols", "getStore"],
      ["run", "--", "node", "-e", "console.log(1)"],
      ["history", "index"],
    ]) {
      await probe(root, outside, argv);
    }
    writeFileSync(join(root, "edits.json"), JSON.stringify({ edits: [{ file: "src/main.ts", old: "main()", new: "mainEntry()" }] }));
    const edit = await probe(root, outside, ["edit", "--input", "edits.json"]);
    expect(edit.err).toMatch(/symbolic link/);
    await probe(root, outside, ["init", "--claude"]);
  });

  for (const sub of ["artifacts", "indexes", "community-cache"]) {
    it(`run, index and the reads with .tsift/${sub} linked outside`, async () => {
      const root = project(SOURCES);
      const outside = outsideDir();
      await tsift(root, ["index", "-q"]);
      plant(root, `.tsift/${sub}`, join(outside, "sub"));
      const ran = await probe(root, outside, ["run", "--", "node", "-e", "console.log('hello')"]);
      if (sub === "artifacts") expect(ran.err).toMatch(/refusing to use .*artifacts: it is a symbolic link/);
      for (const argv of [["index"], ["communities"], ["search", "Store"], ["explain", "Store.get"], ["graph-db", "refresh"]]) await probe(root, outside, argv);
    });
  }
});

type ToolText = { content: { type: string; text: string }[]; isError?: boolean };

async function mcpClient(root: string) {
  const server = createMcpServer({ root });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "probe", version: "1" });
  await client.connect(clientSide);
  const call = async (name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as ToolText;
  return { call, tools: (await client.listTools()).tools, close: () => client.close() };
}

/** One argument set per tool that makes it do its work (`{}` where none is needed). */
const TOOL_ARGS: Record<string, Record<string, unknown>> = {
  status: {},
  symbols: { name: "getStore" },
  search: { query: "Store" },
  related: { target: "src/store.ts:2" },
  explain: { symbol: "Store.get" },
  callers: { symbol: "getStore" },
  callees: { symbol: "main" },
  path: { from: "main", to: "Store.get" },
  communities: {},
  analyze: {},
  source_read: { file: "src/store.ts" },
  diff_digest: {},
  impact: { only: ["src/store.ts"] },
  test_digest: { text: "FAIL src/a.test.ts > a\n  expected 1 to be 2\n" },
  log_digest: { text: "error: something broke\n" },
  graph_db_node: { id: "sym:src/store.ts:Store" },
  graph_db_kind: { kind: "symbol" },
  graph_db_neighborhood: { id: "sym:src/store.ts:Store" },
  graph_db_path: { from: "sym:src/main.ts:main", to: "sym:src/store.ts:Store" },
  expand: { command: "tsift source-read src/store.ts --start 1 --end 2" },
};

describe("tsift mcp writes nothing", () => {
  it("serves every tool on a project without an index and leaves it byte for byte as it was", async () => {
    const root = project(SOURCES);
    const before = listing(root);
    const mcp = await mcpClient(root);
    try {
      expect(mcp.tools.map((tool) => tool.name).sort()).toEqual(Object.keys(TOOL_ARGS).sort());
      for (const tool of mcp.tools) {
        await mcp.call(tool.name, TOOL_ARGS[tool.name]!);
        expect(listing(root), `MCP tool ${tool.name} wrote in the project`).toEqual(before);
        probes++;
      }
      const symbols = await mcp.call("symbols", { name: "getStore" });
      expect(symbols.isError).toBe(true);
      expect(symbols.content[0]!.text).toMatch(/index_missing.*tsift mcp is read-only/);
    } finally {
      await mcp.close();
    }
  });

  it("reads an existing index as it is when files changed, with a note, and never refreshes it", async () => {
    const root = project(SOURCES, { git: true });
    await tsift(root, ["index", "-q"]);
    await tsift(root, ["graph-db", "refresh"]);
    writeFileSync(join(root, "src", "later.ts"), "export function addedLater() { return 1; }\n");
    const before = listing(root);
    const mcp = await mcpClient(root);
    try {
      for (const tool of mcp.tools) {
        await mcp.call(tool.name, TOOL_ARGS[tool.name]!);
        // SQLite's shared-memory index of a WAL database is the one thing a reader may touch.
        expect(withoutSqliteSidecars(listing(root)), `MCP tool ${tool.name} wrote in the project`).toEqual(withoutSqliteSidecars(before));
        probes++;
      }
      const explained = await mcp.call("explain", { symbol: "Store.get" });
      expect(explained.isError).toBeFalsy();
      const graph = await mcp.call("graph_db_kind", { kind: "symbol" });
      expect(graph.isError).toBeFalsy();
      const symbols = await mcp.call("symbols", { name: "addedLater" });
      expect(JSON.parse(symbols.content[0]!.text)).toMatchObject({ total: 0 });
    } finally {
      await mcp.close();
    }
  });

  it("expand refuses every command that writes, status --fix included", async () => {
    const root = project(SOURCES);
    await tsift(root, ["index", "-q"]);
    const outside = outsideDir();
    plant(root, "AGENTS.md", join(outside, "victim.md"));
    const before = listing(root);
    const mcp = await mcpClient(root);
    try {
      for (const command of [
        "tsift status --fix",
        "tsift index",
        "tsift init --claude",
        "tsift edit --input edits.json",
        "tsift run -- node -e 1",
        "tsift graph-db refresh",
        "tsift graph-db import rows.json",
        "tsift history index",
        "tsift traverse main",
        "tsift map --out map.html",
      ]) {
        const result = await mcp.call("expand", { command });
        expect(result.isError, command).toBe(true);
        expect(result.content[0]!.text, command).toMatch(/writes to the project|only reads|not a command line this tsift reads/);
        probes++;
      }
      expect(listing(root)).toEqual(before);
      expect(listing(outside)).toEqual({ "victim.md": "# not yours\n", sub: "dir", "sub/keep.json": "{}\n" });
      const status = mcp.tools.find((tool) => tool.name === "status")!;
      expect(Object.keys((status.inputSchema as { properties: object }).properties)).not.toContain("fix");
    } finally {
      await mcp.close();
    }
  });

  afterAll(() => {
    // The count RELIABILITY.md records.
    console.log(`write-confinement probes: ${probes}, escapes: 0`);
  });
});

function withoutSqliteSidecars(entries: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(entries).filter(([key]) => !/\.db-(shm|wal)$/.test(key)));
}
