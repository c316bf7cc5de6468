import { describe, expect, it } from "vitest";
import { parseFrontMatter } from "../src/audit/scan-skills";
import { contentWords, jaccard } from "../src/audit/skill-similarity";
import { foldSkillName } from "../src/audit/skill-usage";

describe("skill audit parts", () => {
  it("reads plain, quoted and folded descriptions, and only the top-level key", () => {
    expect(parseFrontMatter("---\nname: a\ndescription: Extract PDF tables\n---\nbody").description).toBe("Extract PDF tables");
    expect(parseFrontMatter('---\ndescription: "Quoted: with colon"\n---\n').description).toBe("Quoted: with colon");
    expect(parseFrontMatter("---\ndescription: >\n  Folded over\n  two lines\nname: x\n---\nbody").description).toBe("Folded over two lines");
    expect(parseFrontMatter("---\nmetadata:\n  description: nested\n---\n").description).toBeNull();
    expect(parseFrontMatter("no front matter\ndescription: not a key").description).toBeNull();
    expect(parseFrontMatter("---\ndescription: x\n---\nthe body\n").body).toBe("the body\n");
  });

  it("folds a plugin name onto whichever part is installed", () => {
    expect(foldSkillName("codex:rescue", new Set(["rescue"]))).toBe("rescue");
    expect(foldSkillName("codex:rescue", new Set(["codex"]))).toBe("codex");
    expect(foldSkillName("codex:rescue", new Set())).toBe("rescue");
    expect(foldSkillName("/pdf", new Set())).toBe("pdf");
  });

  it("compares content words without stop words", () => {
    expect([...contentWords("Use this skill when the PDF has tables")].sort()).toEqual(["pdf", "tables"]);
    expect(jaccard(contentWords("extract pdf tables"), contentWords("extract pdf text"))).toBe(0.5);
    expect(jaccard(new Set(), new Set())).toBe(0);
  });
});
