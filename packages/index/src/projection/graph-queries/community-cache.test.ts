import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { indexLocation } from "../../walk/index-location";
import {
  cacheLineAt,
  COMMUNITY_CACHE_KEEP,
  communityCacheDir,
  communityCacheKey,
  lineStart,
  readCacheLines,
  readCommunityCache,
  writeCommunityCache,
  writeCommunityCacheLines,
} from "./community-cache";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "tsift-community-cache-"));
  dirs.push(dir);
  return dir;
}

describe("communityCacheKey", () => {
  it("depends on the watermark and the options, not on option order", () => {
    const key = communityCacheKey("w1", { algorithm: "louvain", seed: 1, resolution: 1 });
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(communityCacheKey("w1", { resolution: 1, seed: 1, algorithm: "louvain" })).toBe(key);
    expect(communityCacheKey("w2", { algorithm: "louvain", seed: 1, resolution: 1 })).not.toBe(key);
    expect(communityCacheKey("w1", { algorithm: "louvain", seed: 2, resolution: 1 })).not.toBe(key);
    expect(communityCacheKey("w1", { algorithm: "louvain", seed: 1, resolution: 1, extra: undefined })).toBe(key);
    expect(communityCacheKey("w1")).toBe(communityCacheKey("w1", {}));
  });
});

describe("communityCacheDir", () => {
  it("is .tsift/community-cache/root for a project, /<scope> for a workspace scope", () => {
    expect(communityCacheDir(indexLocation("/repo"))).toBe(join("/repo", ".tsift", "community-cache", "root"));
    expect(communityCacheDir(indexLocation("/repo", { id: "vendor/foo", path: "vendor/foo" }))).toBe(
      join("/repo", ".tsift", "community-cache", "vendor", "foo"),
    );
  });
});

describe("readCommunityCache / writeCommunityCache", () => {
  it("round-trips a value and misses on unknown keys", () => {
    const dir = join(tempDir(), "nested", "root");
    expect(writeCommunityCache(dir, "k1", { communities: [[1, 2]], modularity: 0.5 })).toBe(true);
    expect(readCommunityCache(dir, "k1")).toEqual({ communities: [[1, 2]], modularity: 0.5 });
    expect(readCommunityCache(dir, "k2")).toBeNull();
    expect(readdirSync(dir)).toEqual(["k1.json"]);
  });

  it("treats corrupt files, other cache versions and mismatched keys as misses", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "bad.json"), "{ not json");
    writeFileSync(join(dir, "old.json"), JSON.stringify({ version: 0, key: "old", value: 1 }));
    writeFileSync(join(dir, "moved.json"), JSON.stringify({ version: 1, key: "other", value: 1 }));
    expect(readCommunityCache(dir, "bad")).toBeNull();
    expect(readCommunityCache(dir, "old")).toBeNull();
    expect(readCommunityCache(dir, "moved")).toBeNull();
  });

  it(`keeps the newest ${COMMUNITY_CACHE_KEEP} entries`, () => {
    const dir = tempDir();
    for (let i = 0; i < COMMUNITY_CACHE_KEEP + 3; i++) {
      writeCommunityCache(dir, `k${i}`, i);
      const when = new Date(Date.now() - (100 - i) * 1000);
      utimesSync(join(dir, `k${i}.json`), when, when);
    }
    const kept = readdirSync(dir).sort();
    expect(kept).toHaveLength(COMMUNITY_CACHE_KEEP);
    expect(kept).not.toContain("k0.json");
    expect(kept).toContain(`k${COMMUNITY_CACHE_KEEP + 2}.json`);
  });

  it("reports a failed write instead of throwing", () => {
    const file = join(tempDir(), "not-a-dir");
    writeFileSync(file, "");
    expect(writeCommunityCache(file, "k", 1)).toBe(false);
  });
});

describe("writeCommunityCacheLines / readCacheLines", () => {
  const items = [
    { id: 0, members: ["a", "b"] },
    { id: 1, members: ["c\nd"] },
    { id: 2, members: [] },
  ];

  it("writes the same JSON as writeCommunityCache, one list item per line", () => {
    const dir = tempDir();
    expect(writeCommunityCacheLines(dir, "k", { modularity: 0.5, sizes: [2, 1, 0] }, "communities", items)).toBe(true);
    expect(readCommunityCache(dir, "k")).toEqual({ modularity: 0.5, sizes: [2, 1, 0], communities: items });
    const text = readFileSync(join(dir, "k.json"), "utf8");
    expect(text.split("\n")).toHaveLength(items.length + 2);
  });

  it("parses the head and then only the lines asked for", () => {
    const dir = tempDir();
    writeCommunityCacheLines(dir, "k", { node_count: 3 }, "ranking", items);
    const lines = readCacheLines(dir, "k")!;
    expect(lines.head).toEqual({ node_count: 3, ranking: [] });
    const first = cacheLineAt(lines, lines.body)!;
    expect(first.item).toEqual(items[0]);
    const second = cacheLineAt(lines, first.next)!;
    expect(second.item).toEqual(items[1]);
    const third = cacheLineAt(lines, second.next)!;
    expect(third.item).toEqual(items[2]);
    expect(cacheLineAt(lines, third.next)).toBeNull();
    expect(lineStart(lines, lines.text.indexOf('"c\\nd"'))).toBe(first.next);
  });

  it("reads an empty list", () => {
    const dir = tempDir();
    writeCommunityCacheLines(dir, "k", { node_count: 0 }, "ranking", []);
    expect(readCommunityCache(dir, "k")).toEqual({ node_count: 0, ranking: [] });
    const lines = readCacheLines(dir, "k")!;
    expect(cacheLineAt(lines, lines.body)).toBeNull();
  });

  it("misses on a missing, cut-short, whole-value or foreign-key file", () => {
    const dir = tempDir();
    expect(readCacheLines(dir, "none")).toBeNull();
    writeCommunityCacheLines(dir, "cut", { node_count: 1 }, "ranking", items);
    const text = readFileSync(join(dir, "cut.json"), "utf8");
    writeFileSync(join(dir, "cut.json"), text.slice(0, -5));
    expect(readCacheLines(dir, "cut")).toBeNull();
    writeCommunityCache(dir, "whole", { node_count: 1, ranking: items });
    expect(readCacheLines(dir, "whole")).toBeNull();
    writeFileSync(join(dir, "moved.json"), text.replace('"key":"cut"', '"key":"other"'));
    expect(readCacheLines(dir, "moved")).toBeNull();
  });
});
