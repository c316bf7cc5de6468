import { describe, expect, it } from "vitest";
import { ftsQuery, rankedAnswer, searchSymbols } from "../src/index";
import { indexedProject } from "./fixture";

/** Functions whose names spell a description's words the way code does: short forms and glued phrases. */
const TOOLS = {
  "tools/fsutil.py": [
    "def ensure_file_exists(target):",
    "    return target.exists()",
    "",
    "def ensure_dir(target):",
    "    target.mkdir(parents=True)",
    "",
  ].join("\n"),
  "tools/registry.py": [
    "def find_by_nodeid(nodeid):",
    "    return REGISTRY[nodeid]",
    "",
    "def label_of(node, id_prefix):",
    "    return id_prefix + node.name",
    "",
  ].join("\n"),
};

async function firstAnswer(query: string): Promise<string | null> {
  const project = await indexedProject(TOOLS);
  const db = project.open();
  try {
    return rankedAnswer(db, ftsQuery(query), searchSymbols(db, query, { limit: 10 }), { limit: 10 })[0]?.symbol ?? null;
  } finally {
    db.close();
  }
}

describe("the ranked answer matches the words code writes for a description's words", () => {
  it("finds `dir` in a name for `directory`", async () => {
    expect(await firstAnswer("make sure the directory exists")).toBe("ensure_dir");
  });

  it("finds a phrase glued into one token (`node id` in `nodeid`)", async () => {
    expect(await firstAnswer("look up by node id")).toBe("find_by_nodeid");
  });
});
