import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexFixture, type IndexedFixture } from "../../../test/graph-fixture";
import { callGraphCommunities } from "./call-graph-communities";
import { cachedCommunities, cachedCommunityOf } from "./community-view";
import { explainSymbol } from "./explain-symbol";
import { cachedExplanation } from "./explain-view";
import { resolveSymbolArgument } from "./resolve-symbol-argument";

let fixture: IndexedFixture;
let cacheDir: string;
beforeAll(async () => {
  fixture = await indexFixture("canonical");
  cacheDir = join(fixture.root, ".tsift", "community-cache", "view-test");
});
afterAll(async () => {
  await fixture.close();
});

const symbol = (name: string) => {
  const found = resolveSymbolArgument(fixture.db, name);
  if (found.status !== "resolved") throw new Error(found.status);
  return found.symbol;
};

describe("cached community views (line-laid-out cache)", () => {
  it("answers every min-size and limit exactly as the computed partition does", () => {
    rmSync(cacheDir, { recursive: true, force: true });
    callGraphCommunities(fixture.db, { cacheDir });
    for (const minSize of [1, 2, 3, 5]) {
      for (const limit of [0, 1, 2, 10]) {
        const computed = callGraphCommunities(fixture.db, { minSize, limit });
        const cached = cachedCommunities(fixture.db, { cacheDir, minSize, limit });
        expect(cached, `min ${minSize} limit ${limit}`).toEqual({ ...computed, community_diagnostics: cached!.community_diagnostics });
        expect(cached!.community_diagnostics).toMatchObject({ cache_hit: true, edge_count: computed.community_diagnostics.edge_count });
      }
    }
  });

  it("finds a symbol's community by handle, and none for a symbol outside the call graph", () => {
    const full = callGraphCommunities(fixture.db, { cacheDir, minSize: 1, limit: 0 });
    const alpha = symbol("alpha");
    const found = cachedCommunityOf(fixture.db, alpha.handle, { cacheDir });
    expect(found!.community).toEqual(full.communities.find((community) => community.members.some((member) => member.handle === alpha.handle)));
    expect(cachedCommunityOf(fixture.db, "gsym-000000000000", { cacheDir })!.community).toBeNull();
    expect(cachedCommunityOf(fixture.db, alpha.handle, { cacheDir: join(cacheDir, "empty") })).toBeNull();
  });

  it("gives every symbol the same explanation from the cache as computed", () => {
    rmSync(cacheDir, { recursive: true, force: true });
    const names = fixture.db.prepare("SELECT DISTINCT qualified_name FROM symbols").pluck().all() as string[];
    for (const name of names) {
      const target = symbol(name);
      const computed = explainSymbol(fixture.db, target, { cacheDir });
      expect(cachedExplanation(fixture.db, target, { cacheDir }), name).toEqual({
        ...computed,
        community_diagnostics: { ...computed.community_diagnostics, cache_hit: true },
      });
    }
  });
});
