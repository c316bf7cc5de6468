import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GIT_ENV, project, tsift } from "./index-helpers";

describe("tsift impact with a history index", () => {
  it("names the files that changed together with the changed source, from history.db only when it exists", async () => {
    const root = project({
      ".gitignore": ".tsift/\n",
      "src/store.ts": "export function save() { return 1; }\n",
      "db/schema.sql": "create table a (x int);\n",
      "docs/notes.md": "# notes\n",
    });
    const git = (...args: string[]) => execFileSync("git", args, { cwd: root, env: GIT_ENV, encoding: "utf8" });
    git("init", "-q", "-b", "main");
    git("add", "-A");
    git("commit", "-q", "-m", "initial");
    for (const round of [1, 2, 3]) {
      writeFileSync(join(root, "src/store.ts"), `export function save() { return ${round + 1}; }\n`);
      writeFileSync(join(root, "db/schema.sql"), `create table a (x int, y${round} int);\n`);
      git("commit", "-qam", `feat: schema round ${round}`);
    }
    writeFileSync(join(root, "docs/notes.md"), "# notes\nmore\n");
    git("commit", "-qam", "docs: notes");
    writeFileSync(join(root, "src/store.ts"), "export function save() { return 9; }\n");

    const before = (await tsift(root, ["impact", "--json"])).json();
    expect(before.co_changed).toBeUndefined();
    expect((await tsift(root, ["history", "index"])).code).toBe(0);
    const after = await tsift(root, ["impact", "--json"]);
    expect(after.json().co_changed).toEqual([
      {
        path: "src/store.ts",
        commits: 4,
        files: [
          { path: "db/schema.sql", count: 4, jaccard: 1 },
          // The first commit added every file together.
          { path: ".gitignore", count: 1, jaccard: 0.25 },
          { path: "docs/notes.md", count: 1, jaccard: 0.2 },
        ],
      },
    ]);
    expect((await tsift(root, ["impact"])).out).toContain("changed with src/store.ts (4 commits): db/schema.sql ×4");
  });
});
