import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_COMMUNITY_SEED } from "@tsift/algorithms";
import * as full from "../src/index";
import * as lean from "../src/graph-read";
import { indexFixture, type IndexedFixture } from "./graph-fixture";
import { bumpMtime } from "./helpers";

let fixture: IndexedFixture;
beforeAll(async () => {
  fixture = await indexFixture("canonical");
});
afterAll(async () => {
  await fixture.close();
});

const alpha = () => {
  const found = lean.resolveSymbolArgument(fixture.db, "alpha");
  if (found.status !== "resolved") throw new Error(found.status);
  return found.symbol;
};

describe("@tsift/index/graph-read", () => {
  it("exports the same functions as the main entry", () => {
    for (const [name, value] of Object.entries(lean)) expect((full as Record<string, unknown>)[name], name).toBe(value);
    expect(lean.COMMUNITY_SEED).toBe(DEFAULT_COMMUNITY_SEED);
  });

  it("finds a symbol by its stored handle", () => {
    const symbol = alpha();
    expect(fixture.db.prepare("SELECT handle FROM symbols WHERE id = ?").pluck().get(symbol.id)).toBe(symbol.handle);
    expect(lean.resolveSymbolArgument(fixture.db, symbol.handle)).toMatchObject({ status: "resolved", form: "handle", symbol: { id: symbol.id } });
  });

  it("answers explain and communities from the cache only: null before, the full answer after", () => {
    const cacheDir = join(fixture.root, ".tsift", "community-cache", "graph-read-test");
    expect(lean.cachedExplanation(fixture.db, alpha(), { cacheDir })).toBeNull();
    expect(lean.cachedCommunities(fixture.db, { cacheDir })).toBeNull();
    const computed = full.explainSymbol(fixture.db, alpha(), { cacheDir });
    expect(lean.cachedExplanation(fixture.db, alpha(), { cacheDir })).toEqual({
      ...computed,
      community_diagnostics: { ...computed.community_diagnostics, cache_hit: true },
    });
    expect(lean.cachedCommunities(fixture.db, { cacheDir })).toEqual({ ...full.callGraphCommunities(fixture.db, { cacheDir }) });
  });

  it("caps the community members separately for previews", () => {
    const explained = full.explainSymbol(fixture.db, alpha(), { memberLimit: 1 });
    expect(explained.community).toMatchObject({ members_total: 3, members_truncated: true });
    expect(explained.community!.members).toHaveLength(1);
  });

  it("indexFreshness lists the changed files of an index", async () => {
    expect(await lean.indexFreshness(fixture.location)).toMatchObject({ state: "fresh", stale_files: 0, changes: [], schema_outdated: false });
    writeFileSync(join(fixture.root, "main.rs"), "fn main() {}\n");
    bumpMtime(join(fixture.root, "main.rs"));
    writeFileSync(join(fixture.root, "new.rs"), "fn new_one() {}\n");
    expect(await lean.indexFreshness(fixture.location)).toMatchObject({
      state: "stale",
      stale_files: 2,
      changes: [
        { path: "main.rs", kind: "modified" },
        { path: "new.rs", kind: "new" },
      ],
    });
  });
});
