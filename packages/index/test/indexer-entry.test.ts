import { describe, expect, it } from "vitest";
import * as main from "../src/index";
import * as indexer from "../src/indexer";

describe("@tsift/index/indexer", () => {
  it("re-exports a subset of the main entry, the very same bindings", () => {
    const names = Object.keys(indexer);
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect((main as Record<string, unknown>)[name], name).toBe((indexer as Record<string, unknown>)[name]);
  });

  it("carries what the CLI's index path needs and none of the graph queries", () => {
    for (const name of [
      "updateIndex",
      "checkIndex",
      "loadConfig",
      "resolveProjectRoot",
      "discoverScopes",
      "selectScope",
      "resolveScopeTier",
      "indexLocation",
    ]) {
      expect(indexer, name).toHaveProperty(name);
    }
    expect(indexer).not.toHaveProperty("parseConfig");
    expect(indexer).not.toHaveProperty("callersOf");
  });
});
