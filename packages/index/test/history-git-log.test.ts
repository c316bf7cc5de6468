import { describe, expect, it } from "vitest";
import { parseCommitMessage, parseTagLine, streamGitLog, folderTags } from "../src/index";
import { commit, newRepo } from "./history-helpers";

describe("streamGitLog", () => {
  it("parses records whose messages and paths hold separators, newlines and non-ASCII", async () => {
    const root = newRepo();
    const odd = "dir with space/na\u00efve\nname.ts";
    commit(root, "feat: odd \u001e record separator\n\nbody \u001f unit separator", { write: { [odd]: "1\n", "plain.ts": "1\n" } });
    commit(root, "refactor: rename odd", { move: [[odd, "renamed/\u00e9t\u00e9.ts"]] });
    const records = [];
    for await (const record of streamGitLog(root, "HEAD")) records.push(record);
    expect(records.map((record) => record.message.split("\n")[0])).toEqual(["feat: odd \u001e record separator", "refactor: rename odd"]);
    expect(records[0]!.message).toContain("body \u001f unit separator");
    expect(records[0]!.files).toEqual([
      { status: "A", path: odd, oldPath: null, similarity: null },
      { status: "A", path: "plain.ts", oldPath: null, similarity: null },
    ]);
    expect(records[1]!.files).toEqual([{ status: "R", path: "renamed/\u00e9t\u00e9.ts", oldPath: odd, similarity: 100 }]);
    expect(records[1]!.parents).toEqual([records[0]!.hash]);
    expect(records[0]!.parents).toEqual([]);
  });

  it("fails with io_error on a range git does not know", async () => {
    const root = newRepo();
    commit(root, "feat: one", { write: { "a.ts": "1\n" } });
    const read = async () => {
      for await (const record of streamGitLog(root, "no-such-ref")) void record;
    };
    await expect(read()).rejects.toMatchObject({ code: "io_error" });
  });
});

describe("commit messages and tags", () => {
  it("reads conventional subjects, breaking changes and tags lines", () => {
    expect(parseCommitMessage("feat(api)!: drop v1\n\nbody\n\ntags: api, +v2, -v1")).toEqual({
      subject: "feat(api)!: drop v1",
      body: "body\n\ntags: api, +v2, -v1",
      type: "feat",
      scope: "api",
      breaking: true,
      tagOps: [
        { tag: "api", op: "add" },
        { tag: "v2", op: "add" },
        { tag: "v1", op: "remove" },
      ],
    });
    expect(parseCommitMessage("Fix: x\n\nBREAKING CHANGE: y")).toMatchObject({ type: "fix", scope: null, breaking: true, tagOps: [] });
    expect(parseCommitMessage("Merge branch 'x'")).toMatchObject({ type: null, breaking: false });
    expect(parseTagLine("  +A  -b,,c ")).toEqual([
      { tag: "a", op: "add" },
      { tag: "b", op: "remove" },
      { tag: "c", op: "add" },
    ]);
    expect(folderTags("src/Auth/.hidden/lib/utils/x.ts", ["src", "lib"], ["utils"])).toEqual(["auth", "hidden"]);
    expect(folderTags("top.ts", [], [])).toEqual([]);
  });
});
