import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COMMAND_DEFINITIONS } from "../src/cli-catalog";
import { repoRoot } from "./helpers";

/**
 * Adding a command is one file in src/commands/ plus its test: this checks every file
 * there exports one definition that the catalog registers, that some test runs the
 * command by name, and that its page in docs/commands/ (generated from the definition) exists.
 */
const commandsDir = join(import.meta.dirname, "..", "src", "commands");
const files = readdirSync(commandsDir).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
const testDir = import.meta.dirname;
const tests = readdirSync(testDir)
  .filter((file) => file.endsWith(".test.ts") && file !== "command-files.test.ts" && file !== "parse-both-ways.test.ts" && file !== "command-docs.test.ts")
  .map((file) => readFileSync(join(testDir, file), "utf8"));
const commandDocs = join(repoRoot, "docs", "commands");

describe("one file per command", () => {
  it.each(files)("%s exports one registered definition, run by a test and documented in docs/commands", async (file) => {
    const exported = Object.values(await import(join(commandsDir, file))).filter(
      (value) => typeof value === "object" && value !== null && "name" in value && "summary" in value,
    );
    expect(exported).toHaveLength(1);
    const definition = exported[0] as (typeof COMMAND_DEFINITIONS)[number];
    expect(COMMAND_DEFINITIONS).toContain(definition);
    expect(file).toBe(`${definition.name}.ts`);
    // A test drives the command through the CLI: its name as an argv word (after flags, or after the built binary it spawns).
    expect(
      tests.some(
        (text) => new RegExp(`\\[\\s*(?:(?:"--?[\\w-]+"|builtBin),\\s*)*"${definition.name}"[,\\]]`).test(text) || text.includes(`"${definition.name}", `),
      ),
    ).toBe(true);
    expect(readFileSync(join(commandDocs, `${definition.name}.md`), "utf8")).toContain(`# tsift ${definition.name}\n`);
  });

  it("registers nothing that has no file", () => {
    expect(COMMAND_DEFINITIONS.map((definition) => `${definition.name}.ts`).sort()).toEqual([...files].sort());
  });
});
