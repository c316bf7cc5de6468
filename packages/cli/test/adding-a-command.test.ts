import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, type Dirent } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { COMMAND_DEFINITIONS } from "../src/cli-catalog";
import { repoRoot } from "./helpers";

const packageDir = join(repoRoot, "packages", "cli");
const generator = join(repoRoot, "tools", "generate-registries.mjs");
const copies: string[] = [];

/** A copy of the package's sources without their generated catalog, resolving packages as the workspace does. */
function copyPackage(): string {
  const dir = mkdtempSync(join(tmpdir(), "tsift-add-command-"));
  copies.push(dir);
  cpSync(join(packageDir, "src"), join(dir, "src"), { recursive: true, filter: (source) => !source.endsWith(".generated.ts") });
  cpSync(join(packageDir, "package.json"), join(dir, "package.json"));
  symlinkSync(join(repoRoot, "node_modules"), join(dir, "node_modules"), "dir");
  return dir;
}

/**
 * Recipe step 1, literally: the command's definition. Its option table is typed against the
 * use case's own options, it names its renderer, and `run` hands the options to the use case.
 */
function helloCommand(helpOrder: number | undefined): string {
  return `import type { GreetOptions } from "../hello/greet";
import { defineCommand } from "../definition/define-command";
import { DIR } from "../definition/common-options";
import { defineOutput } from "../output/output-spec";

/** \`tsift hello [dir]\`: greets. */
export const hello = defineCommand<GreetOptions>()({
  name: "hello",
  summary: "say hello from a toy command",
  ${helpOrder === undefined ? "" : `helpOrder: ${helpOrder},`}
  positionals: [DIR],
  options: { loud: { type: "boolean", default: false, description: "shout the greeting" } },
  examples: [{ command: "tsift hello --loud", description: "greet loudly" }],
  output: defineOutput<{ greeting: string }>({ tool: "hello", text: (data) => data.greeting }),
  async run(options) {
    const { greet } = await import("../hello/greet");
    return { data: greet(options) };
  },
});
`;
}

/** Recipe step 3: the use case, its options and its result (a library package's in a real command). */
const GREET = `export interface GreetOptions {
  loud: boolean;
}

export function greet(options: GreetOptions) {
  return { greeting: options.loud ? "HELLO" : "hello" };
}
`;

/** Every file under a package copy's src/, relative, without the generated catalog. */
function sourceFiles(dir: string): string[] {
  return (readdirSync(join(dir, "src"), { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".generated.ts"))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

function generate(dir: string) {
  return spawnSync(process.execPath, [generator, "cli", "--src", join(dir, "src")], { encoding: "utf8" });
}

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

// CONTRIBUTING.md's "Adding a command", followed in a copy of the package: the command's
// definition and its use case are the only files added, and the definition is the whole registration; the generator every build and test run starts with puts it in
// the catalog at its `helpOrder`, so yargs, the fast path and --help all know it.
describe("adding a command", () => {
  const names = COMMAND_DEFINITIONS.map((definition) => definition.name);
  const index = COMMAND_DEFINITIONS.find((definition) => definition.name === "index")!;
  const symbols = COMMAND_DEFINITIONS.find((definition) => definition.name === "symbols")!;

  it("registers a new command file at its help place, with nothing else edited", async () => {
    const dir = copyPackage();
    const before = sourceFiles(dir);
    writeFileSync(join(dir, "src", "commands", "hello.ts"), helloCommand((index.helpOrder! + symbols.helpOrder!) / 2));
    mkdirSync(join(dir, "src", "hello"));
    writeFileSync(join(dir, "src", "hello", "greet.ts"), GREET);
    // The files a new command touches: its definition and its use case (and their tests); no catalog, run or renderer file.
    const added = sourceFiles(dir).filter((file) => !before.includes(file));
    expect(added).toEqual(["src/commands/hello.ts", "src/hello/greet.ts"]);
    expect(sourceFiles(dir).length - before.length).toBe(2);
    const run = generate(dir);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);

    const catalog = (await import(join(dir, "src", "cli-catalog.ts"))) as typeof import("../src/cli-catalog");
    const expected = [...names.slice(0, names.indexOf("symbols")), "hello", ...names.slice(names.indexOf("symbols"))];
    expect(catalog.COMMAND_DEFINITIONS.map((definition) => definition.name)).toEqual(expected);
    expect(catalog.COMMANDS.hello).toEqual({ command: "hello [dir]", describe: "say hello from a toy command" });
    // Definitions only: the use case stays behind the command's own `await import()`.
    const generated = readFileSync(join(dir, "src", "command-definitions.generated.ts"), "utf8");
    expect(generated.match(/from "[^"]+"/g)).toEqual(['from "./definition/define-command"', ...expected.map((name) => `from "./commands/${name}"`)]);

    const { renderTopLevelHelp } = (await import(join(dir, "src", "render-help.ts"))) as typeof import("../src/render-help");
    const help = renderTopLevelHelp(100);
    const line = (name: string) => help.indexOf(`tsift ${catalog.COMMANDS[name]!.command} `);
    expect(line("index")).toBeGreaterThan(0);
    expect(line("index")).toBeLessThan(line("hello"));
    expect(line("hello")).toBeLessThan(line("symbols"));

    const cli = (await import(join(dir, "src", "index.ts"))) as typeof import("../src/index");
    const io = cli.bufferedIo({ cwd: dir });
    expect(await cli.main(["hello", "--loud", "--json"], io)).toBe(0);
    expect(JSON.parse(io.out)).toEqual({ greeting: "HELLO" });
    // Human text comes from the renderer the definition names.
    const text = cli.bufferedIo({ cwd: dir });
    expect(await cli.main(["hello"], text)).toBe(0);
    expect(text.out).toBe("hello\n");
  });

  it("refuses a command file without its own help place, naming the file", () => {
    const dir = copyPackage();
    writeFileSync(join(dir, "src", "commands", "hello.ts"), helloCommand(undefined));
    const missing = generate(dir);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("src/commands/hello.ts: add `helpOrder: <integer>`");

    writeFileSync(join(dir, "src", "commands", "hello.ts"), helloCommand(index.helpOrder!));
    const clash = generate(dir);
    expect(clash.status).toBe(1);
    expect(clash.stderr).toContain(`helpOrder ${index.helpOrder} is given twice, in src/commands/hello.ts and src/commands/index.ts`);
  });
});
