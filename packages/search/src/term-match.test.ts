import { describe, expect, it } from "vitest";
import { ftsQuery } from "./fts-query";
import { CODE_SYNONYMS, termMatcher } from "./term-match";

describe("termMatcher", () => {
  it("matches a token the word prefixes after trimming, and nothing else by default", () => {
    const retries = termMatcher("retries");
    expect(retries("retry")).toBe(1);
    expect(retries("retrying")).toBe(1);
    expect(retries("dir")).toBe(0);
    expect(termMatcher("ini")("getini")).toBe(0);
  });

  it("matches a name token containing the word only when asked (names glue words)", () => {
    expect(termMatcher("ini", { substring: true })("getini")).toBe(1);
    expect(termMatcher("option", { substring: true })("addoption")).toBe(1);
    // Two-letter words would be found inside almost any name.
    expect(termMatcher("id", { substring: true })("valid")).toBe(0);
  });

  it("matches the short forms code writes for a word at the synonym weight, found by the word's light stem too", () => {
    const directory = termMatcher("directory", { synonyms: 0.5 });
    expect(directory("dir")).toBe(0.5);
    expect(directory("directory")).toBe(1);
    expect(termMatcher("directories", { synonyms: 0.5 })("dir")).toBe(0.5);
    expect(termMatcher("exception", { synonyms: 1 })("exc")).toBe(1);
    expect(termMatcher("returns", { synonyms: 1 })("get")).toBe(1);
    // Without a synonym weight the table is not consulted.
    expect(termMatcher("directory")("dir")).toBe(0);
  });

  it("matches a token that glues the word to its query neighbour", () => {
    const id = termMatcher("id", { joined: ["nodeid"] });
    expect(id("nodeid")).toBe(1);
    expect(id("nodeids")).toBe(1);
    expect(id("node")).toBe(0);
  });

  it("keeps the synonym table small and lower-case", () => {
    expect(CODE_SYNONYMS.size).toBeLessThanOrEqual(60);
    for (const [word, tokens] of CODE_SYNONYMS) for (const token of [word, ...tokens]) expect(token).toMatch(/^[a-z]+$/);
  });
});

describe("ftsQuery joined phrases", () => {
  it("records each plain word glued to the word beside it, and searches none of them", () => {
    const query = ftsQuery("look up the node id");
    expect(query.groups.map((group) => [group.token, group.joined ?? []])).toEqual([
      ["look", ["lookup"]],
      ["up", ["lookup"]],
      ["node", ["nodeid"]],
      ["id", ["nodeid"]],
    ]);
    expect(query.terms).not.toContain("nodeid");
  });

  it("glues no identifier and nothing across a dropped stop word", () => {
    expect(ftsQuery("parse the config").groups.every((group) => group.joined === undefined)).toBe(true);
    expect(ftsQuery("getUser name").groups.every((group) => group.joined === undefined)).toBe(true);
  });
});
