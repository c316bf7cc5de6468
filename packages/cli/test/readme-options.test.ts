import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COMMAND_DEFINITIONS } from "../src/cli-catalog";
import { blockEnd, blockStart, optionTable, updateOptionBlocks } from "../src/definition/option-table";
import { repoRoot } from "./helpers";

/**
 * The README's per-command argument tables are rendered from the definitions. Run with
 * TSIFT_UPDATE_README=1 to rewrite the blocks after changing a definition.
 */
const readmePath = join(repoRoot, "README.md");

describe("README argument tables", () => {
  if (process.env.TSIFT_UPDATE_README === "1") writeFileSync(readmePath, updateOptionBlocks(readFileSync(readmePath, "utf8"), COMMAND_DEFINITIONS));
  const readme = readFileSync(readmePath, "utf8");

  it.each(COMMAND_DEFINITIONS.map((definition) => [definition.name, definition] as const))(
    "%s: the README block is the definition's table",
    (name, definition) => {
      expect(readme).toContain(`${blockStart(name)}\n${optionTable(definition)}\n${blockEnd(name)}`);
    },
  );

  it("renders every option with its alias, value, default and description", () => {
    const search = COMMAND_DEFINITIONS.find((definition) => definition.name === "search")!;
    const text = optionTable(search);
    expect(text).toContain("| `<query>` | required | words, an identifier, a path or a literal |");
    expect(text).toContain("| `-l`, `--limit N` | `10` | symbols and hits to return |");
    expect(text).toContain("| `-s`, `--strategy lexical\\|exact\\|hybrid\\|semantic` | – |");
    expect(text).toContain("| `--lang VALUE` (repeatable) | – | only these languages (repeatable) |");
    expect(text).toContain("| `--autoindex` | on |");
  });
});
