import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { languageCapabilities, LANGS, langInfo } from "@tsift/graph";
import { repoRoot, run } from "./helpers";

describe("tsift languages", () => {
  it("prints what the library's languageCapabilities() returns", async () => {
    const result = await run(repoRoot, "languages", "--json");
    expect(result.code).toBe(0);
    expect(result.json()).toEqual({ languages: languageCapabilities() });
  });

  it("lists every registered language once, with its extensions, in registry order", async () => {
    const result = await run(repoRoot, "languages");
    const lines = result.out.trim().split("\n");
    expect(lines.map((line) => line.split(" ")[0])).toEqual([...LANGS]);
    for (const [i, lang] of LANGS.entries()) {
      for (const extension of langInfo(lang).extensions) expect(lines[i]).toContain(`.${extension}`);
    }
  });

  it("says symbols, calls and imports for each language that has a fixture with them", () => {
    // The fixtures are an independent view: a language whose expected.json holds calls must report calls.
    const fixtures = join(repoRoot, "fixtures", "languages");
    const byId = new Map(languageCapabilities().map((language) => [language.id, language]));
    for (const id of readdirSync(fixtures)) {
      const capabilities = byId.get(id);
      expect(capabilities, `fixtures/languages/${id} has no registered language`).toBeDefined();
      expect(capabilities!.symbols).toBe(true);
    }
    expect(byId.get("markdown")?.calls).toBe(false);
    expect(byId.get("typescript")).toMatchObject({ calls: true, imports: true, complexity: true, doc_comments: true });
  });
});
