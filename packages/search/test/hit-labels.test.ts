import { describe, expect, it } from "vitest";
import { lexicalSearch } from "../src/index";
import { confidenceOf } from "../src/lexical-search";
import { indexedProject } from "./fixture";

describe("a hit's line, label and confidence agree", () => {
  it("labels a hit with the symbol its shown line lies in, not the chunk's first symbol", async () => {
    const project = await indexedProject({
      "tools/alpha.py": ["def alpha_main():", "    return 1", "", "def alpha_helper():", "    return 'normalises whitespace in ledger entries'", ""].join("\n"),
    });
    const db = project.open();
    try {
      const [hit] = lexicalSearch(db, "ledger entries whitespace", { limit: 1 }).hits;
      // One chunk holds both small functions (it starts at line 1), yet the hit is labelled by its line.
      expect([hit!.start_line, hit!.line, hit!.symbol]).toEqual([1, 5, "alpha_helper"]);
      expect(hit!.snippet).toContain("ledger");
    } finally {
      db.close();
    }
  });

  it("never calls a hit that scored 0 High", () => {
    expect(confidenceOf(1, 1, 0)).toBe("Medium");
    expect(confidenceOf(1, 1, 0.5)).toBe("High");
    expect(confidenceOf(0.2, 1, 3)).toBe("Low");
  });
});
