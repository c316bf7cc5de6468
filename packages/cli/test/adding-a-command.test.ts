import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

/** Recipe step 1, literally: one command file whose `run` imports its use case. */
function helloCommand(helpOrder: number | undefined): string {
  return `import { defineCommand } from "../definition/define-command";
import { DIR } from "../definition/common-options";

/** \`tsift hello [dir]\`: greets. */
export const hello = defineCommand({
  name: "hello",
  summary: "say hello from a toy command",
  ${helpOrder === undefined ? "" : `helpOrder: ${helpOrder},`}
  positionals: [DIR],
  options: [{ name: "loud", type: "boolean", default: false, description: "shout the greeting" }],
  examples: [{ command: "tsift hello --loud", description: "greet loudly" }],
  async run(args) {
    const { greet } = await import("../hello/greet");
    return { data: greet(args.loud) };
  },
});
`;
}

function generate(dir: string) {
  return spawnSync(process.execPath, [generator, "cli", "--src", join(dir, "src")], { encoding: "utf8" });
}

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

// CONTRIBUTING.md's "Adding a command", followed in a copy of the package: the command file
// is the whole registration; the generator every build and test run starts with puts it in
// the catalog at its `helpOrder`, so yargs, the fast path and --help all know it.
describe("adding a command", () => {
  const names = COMMAND_DEFINITIONS.map((definition) => definition.name);
  const index = COMMAND_DEFINITIONS.find((definition) => definition.name === "index")!;
  const symbols = COMMAND_DEFINITIONS.find((definition) => definition.name === "symbols")!;

  it("registers a new command file at its help place, with nothing else edited", async () => {
    const dir = copyPackage();
    writeFileSync(join(dir, "src", "commands", "hello.ts"), helloCommand((index.helpOrder! + symbols.helpOrder!) / 2));
    mkdirSync(join(dir, "src", "hello"));
    writeFileSync(join(dir, "src", "hello", "greet.ts"), 'export function greet(loud: boolean) {\n  return { greeting: loud ? "HELLO" : "hello" };\n}\n');
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
