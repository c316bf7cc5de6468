import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const repo = join(import.meta.dirname, "..");

// Citations of documents that do not ship with the repository. The patterns are
// assembled from parts so this file does not match itself.
const OUTSIDE = [
  new RegExp(`\\b${"SP"}EC\\b`),
  new RegExp(`\\.\\./${"sha"}red\\b`),
  new RegExp(`\\b${"DES"}IGN\\.md\\b`),
  new RegExp(`\\b[Tt]he ${"orig"}inal\\b`),
  new RegExp(`\\b[Rr]efer${"ence"} §`),
  new RegExp(`\\b${"refer"}ence/[\\w-]+\\.md\\b`),
  new RegExp(`\\btsift-${"rust"}-notes\\b`),
  // A bare section number names a section of a document the reader does not have.
  new RegExp(`${"§"}\\d`),
];

function trackedTextFiles(): string[] {
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: repo, encoding: "utf8" }).split("\0").filter(Boolean);
  // Changelogs record history as it was written; everything else must stand on its own.
  return files.filter((file) => !/(^|\/)CHANGELOG\.md$/.test(file));
}

describe("the repository explains itself", () => {
  it("no tracked file cites a document outside the repository", () => {
    const hits: string[] = [];
    for (const file of trackedTextFiles()) {
      let text: string;
      try {
        text = readFileSync(join(repo, file), "utf8");
      } catch {
        continue; // listed by git but deleted in the work tree
      }
      if (text.includes("\0")) continue;
      text.split("\n").forEach((line, i) => {
        if (OUTSIDE.some((pattern) => pattern.test(line))) hits.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(hits).toEqual([]);
  });

  it("the patterns catch what they are meant to", () => {
    const cites = (line: string) => OUTSIDE.some((pattern) => pattern.test(line));
    expect(cites(`see ${"SP"}EC "Status"`)).toBe(true);
    expect(cites(`like the ${"orig"}inal tool`)).toBe(true);
    expect(cites(`(${"refer"}ence ${"§"}2.1)`)).toBe(true);
    expect(cites(`${"DES"}IGN.md lists`)).toBe(true);
    expect(cites(`(tsift-${"rust"}-notes ${"§"}2.3)`)).toBe(true);
    expect(cites(`the health table (${"§"}8.1)`)).toBe(true);
    expect(cites("see docs/architecture.md, the spec of index.db")).toBe(false);
  });
});
