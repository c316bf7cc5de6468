import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { COMMAND_DEFINITIONS, GLOBAL_OPTIONS } from "../src/cli-catalog";
import { EXIT_CODES } from "../src/exit-codes";
import { repoRoot } from "./helpers";

/**
 * The command reference, docs/commands/, is generated from the definitions and the prose in
 * docs/commands/details/ by tools/generate-command-docs.mjs (`npm run docs:commands`), and
 * committed. These tests fail when a page is out of date, and check the root README points
 * a newcomer at every page while staying short.
 */
const generator = join(repoRoot, "tools", "generate-command-docs.mjs");
const docs = join(repoRoot, "docs", "commands");
const page = (path: string) => readFileSync(join(docs, path), "utf8");
const scratch: string[] = [];

function generate(...args: string[]) {
  const result = spawnSync(process.execPath, [generator, ...args], { encoding: "utf8" });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe("docs/commands", () => {
  it("is what the generator writes from the current definitions (else run npm run docs:commands)", () => {
    const result = generate("--check");
    expect(result.err).toBe("");
    expect(result.code).toBe(0);
  });

  it("--check names a changed, a missing and a left-over page, and writing puts them right", () => {
    const copy = mkdtempSync(join(tmpdir(), "tsift-command-docs-"));
    scratch.push(copy);
    cpSync(docs, copy, { recursive: true });
    writeFileSync(join(copy, "search.md"), `${readFileSync(join(copy, "search.md"), "utf8")}\nhand edit\n`);
    unlinkSync(join(copy, "locks.md"));
    writeFileSync(join(copy, "retired-command.md"), "# tsift retired-command\n");
    const stale = generate("--check", "--docs", copy);
    expect(stale.code).toBe(1);
    expect(stale.err).toContain("search.md (changed)");
    expect(stale.err).toContain("locks.md (missing)");
    expect(stale.err).toContain("retired-command.md (no such command)");
    execFileSync(process.execPath, [generator, "--docs", copy], { stdio: "pipe" });
    expect(generate("--check", "--docs", copy)).toMatchObject({ code: 0, err: "" });
    expect(readFileSync(join(copy, "search.md"), "utf8")).toBe(page("search.md"));
  });

  it("refuses prose for a command that does not exist", () => {
    const copy = mkdtempSync(join(tmpdir(), "tsift-command-docs-"));
    scratch.push(copy);
    cpSync(docs, copy, { recursive: true });
    writeFileSync(join(copy, "details", "retired-command.md"), "What it did.\n");
    const result = generate("--check", "--docs", copy);
    expect(result.code).toBe(1);
    expect(result.err).toContain("details/retired-command.md");
  });

  it("gives a new command file its page, and a details file its prose, with nothing else edited", () => {
    const copy = mkdtempSync(join(tmpdir(), "tsift-command-docs-"));
    scratch.push(copy);
    cpSync(join(repoRoot, "packages", "cli", "src"), join(copy, "src"), { recursive: true, filter: (source) => !source.endsWith(".generated.ts") });
    cpSync(docs, join(copy, "docs"), { recursive: true });
    writeFileSync(
      join(copy, "src", "commands", "hello.ts"),
      `import { defineCommand } from "../definition/define-command";
export const hello = defineCommand({
  name: "hello",
  summary: "say hello from a toy command",
  helpOrder: 100001,
  positionals: [],
  options: { loud: { type: "boolean", default: false, description: "shout the greeting" } },
  examples: [{ command: "tsift hello --loud", description: "greet loudly" }],
  async run() {
    return { data: {} };
  },
});
`,
    );
    writeFileSync(join(copy, "docs", "details", "hello.md"), "Greets, once.\n\n## Exit codes\n\nAlways 0.\n");
    const args = ["--src", join(copy, "src"), "--docs", join(copy, "docs")];
    expect(generate("--check", ...args)).toMatchObject({ code: 1 });
    execFileSync(process.execPath, [generator, ...args], { stdio: "pipe" });
    const hello = readFileSync(join(copy, "docs", "hello.md"), "utf8");
    expect(hello).toContain("# tsift hello\n\nSay hello from a toy command.\n\n```sh\ntsift hello [options]\n```\n\nGreets, once.\n");
    expect(hello).toContain("| `--loud` | boolean | off | shout the greeting |");
    expect(hello).toMatch(/## Exit codes\n\n`0` ok, [^\n]*\n\nAlways 0\.\n$/);
    expect(readFileSync(join(copy, "docs", "README.md"), "utf8")).toContain("| [`tsift hello`](hello.md) | say hello from a toy command |");
    expect(generate("--check", ...args)).toMatchObject({ code: 0, err: "" });
  });

  it("has a page for every command and group subcommand, listing every argument and option", () => {
    for (const definition of COMMAND_DEFINITIONS) {
      const commands = definition.kind === "group" ? definition.subcommands.map((sub) => ({ sub, path: `${definition.name}/${sub.name}.md` })) : [];
      const own = page(`${definition.name}.md`);
      expect(own).toContain(`# tsift ${definition.name}\n`);
      for (const option of definition.options) expect(own, `${definition.name} --${option.name}`).toContain(`--${option.name}`);
      for (const { sub, path } of commands) {
        const text = page(path);
        expect(text).toContain(`# tsift ${definition.name} ${sub.name}\n`);
        expect(own).toContain(`](${path})`);
        for (const option of [...sub.options, ...definition.options]) expect(text, `${path} --${option.name}`).toContain(`--${option.name}`);
        for (const positional of sub.positionals) expect(text, `${path} ${positional.name}`).toContain(positional.name);
      }
      if (definition.kind === "command") for (const positional of definition.positionals) expect(own).toContain(positional.name);
    }
  });

  it("renders each option with its spelling, type, default and description", () => {
    const search = page("search.md");
    expect(search).toContain("tsift search <query> [dir] [options]");
    expect(search).toContain("| `<query>` | yes | words, an identifier, a path or a literal |");
    expect(search).toContain("| `-l, --limit N` | number ≥ 0 | `10` | symbols and hits to return |");
    expect(search).toContain("| `-s, --strategy VALUE` | one of `lexical`, `exact`, `hybrid`, `semantic` | – |");
    expect(search).toContain("| `--lang VALUE` | string, repeatable | – | only these languages (repeatable) |");
    expect(search).toContain("| `--autoindex` | boolean | on (`--no-autoindex` turns it off) |");
    expect(search).toContain("tsift search getUserName --exact");
    const status = page("status.md");
    expect(status).toContain("Read-only apart from `--fix`");
    expect(status).toContain("(writes into the project: never offered over MCP)");
    const neighborhood = page("graph-db/neighborhood.md");
    expect(neighborhood).toContain("## Options of every `tsift graph-db` subcommand");
    expect(neighborhood).toContain("| `--backend VALUE` | one of `sqlite`, `libsql`, `convex-snapshot` | `sqlite` | storage backend |");
    // A details file's sections follow the examples; its exit codes join the generated ones.
    const path = page("path.md");
    expect(path.indexOf("## Examples")).toBeLessThan(path.indexOf("## Output"));
    expect(path).toMatch(/## Exit codes\n\n`0` ok, [^\n]*\n\nTwo symbols no call connects are not an error/);
  });

  it("documents every output option and exit code in the index page", () => {
    const index = page("README.md");
    for (const definition of COMMAND_DEFINITIONS) expect(index).toContain(`[\`tsift ${definition.name}\`](${definition.name}.md)`);
    const outputTable = index.slice(index.indexOf("## Output options"), index.indexOf("## Exit codes"));
    for (const option of GLOBAL_OPTIONS) expect(outputTable, option.name).toContain(`| \`--${option.name}\``);
    const exitTable = index.slice(index.indexOf("## Exit codes"));
    for (const code of Object.values(EXIT_CODES)) expect(exitTable, String(code)).toMatch(new RegExp(`^\\| ${code} \\|`, "m"));
  });
});

describe("README.md", () => {
  const readme = readFileSync(join(repoRoot, "README.md"), "utf8");

  it("stays a page a newcomer reads: at most 300 lines", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(300);
  });

  it("has a row in its command table for every command, linking to the command's page", () => {
    const start = readme.indexOf("| command |");
    expect(start).toBeGreaterThan(-1);
    const table = readme.slice(start, readme.indexOf("\n\n", start));
    const missing = COMMAND_DEFINITIONS.filter((definition) => !table.includes(`[\`${definition.name}\`](docs/commands/${definition.name}.md)`));
    expect(missing.map((definition) => definition.name)).toEqual([]);
  });
});
