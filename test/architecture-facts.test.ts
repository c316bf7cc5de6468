import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SQLITE_GRAPH_SCHEMA_VERSION } from "@tsift/core";
import { INDEX_SCHEMA_VERSION } from "@tsift/index/indexer";
import { HISTORY_SCHEMA_VERSION } from "@tsift/index/history";

const repo = join(import.meta.dirname, "..");
const architecture = readFileSync(join(repo, "docs", "architecture.md"), "utf8");

/** The number docs/architecture.md gives beside a constant's name, e.g. "`X` (currently 7)" or "`X` (7)". */
function documentedVersion(name: string): number | null {
  const match = new RegExp(`\`${name}\` \\((?:currently )?(\\d+)\\)`).exec(architecture);
  return match ? Number(match[1]) : null;
}

describe("docs/architecture.md states the code's facts", () => {
  it("names the schema versions the code writes", () => {
    expect(documentedVersion("INDEX_SCHEMA_VERSION")).toBe(INDEX_SCHEMA_VERSION);
    expect(documentedVersion("SQLITE_GRAPH_SCHEMA_VERSION")).toBe(SQLITE_GRAPH_SCHEMA_VERSION);
    expect(documentedVersion("HISTORY_SCHEMA_VERSION")).toBe(HISTORY_SCHEMA_VERSION);
  });

  it("lists every package in the package table", () => {
    const packages = readdirSync(join(repo, "packages"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `@tsift/${entry.name}`);
    const start = architecture.indexOf("| package | holds |");
    const table = architecture.slice(start, architecture.indexOf("\n\n", start));
    for (const name of packages) expect(table, name).toContain(`\`${name}\``);
  });

  it("places every command file's command in the use-case table", () => {
    const start = architecture.indexOf("| command | use case | package |");
    const table = architecture.slice(start, architecture.indexOf("\n\n", start));
    const named = new Set<string>();
    for (const row of table.split("\n").slice(2)) {
      for (const [, words] of row.split("|")[1]!.matchAll(/`([^`]+)`/g)) named.add(words!.split(" ")[0]!);
    }
    const commands = readdirSync(join(repo, "packages", "cli", "src", "commands"))
      .filter((file) => file.endsWith(".ts"))
      .map((file) => file.slice(0, -3));
    expect(commands.filter((command) => !named.has(command))).toEqual([]);
  });
});
