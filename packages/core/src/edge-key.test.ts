import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { edgeKey } from "./edge-key";

describe("edgeKey", () => {
  it("is stable, prefixed and 128 bits long", () => {
    const key = edgeKey("a", "calls", "b");
    expect(key).toMatch(/^edge:[0-9a-f]{32}$/);
    expect(edgeKey("a", "calls", "b")).toBe(key);
  });

  it("distinguishes direction, kind and ambiguous concatenations", () => {
    const keys = new Set([
      edgeKey("a", "calls", "b"),
      edgeKey("b", "calls", "a"),
      edgeKey("a", "imports", "b"),
      edgeKey("a:b", "c", "d"),
      edgeKey("a", "b:c", "d"),
      edgeKey("a", "b", "c:d"),
    ]);
    expect(keys.size).toBe(6);
  });

  it("hashes the JSON text of [from, kind, to], whatever characters the ids hold", () => {
    const reference = (from: string, kind: string, to: string) =>
      `edge:${createHash("sha256")
        .update(JSON.stringify([from, kind, to]))
        .digest("hex")
        .slice(0, 32)}`;
    const awkward = [
      "plain",
      'say "hi"',
      "back\\slash",
      "line\nbreak",
      "tab\there",
      "\u0001ctl",
      "caf\u00e9",
      "emoji \u{1f600}",
      "lone \ud800",
      "sep\u2028",
      "del\u007f",
      "",
    ];
    for (const from of awkward) for (const to of awkward) expect(edgeKey(from, "calls", to)).toBe(reference(from, "calls", to));
    expect(edgeKey("a", 'k"ind', "b")).toBe(reference("a", 'k"ind', "b"));
  });
});
