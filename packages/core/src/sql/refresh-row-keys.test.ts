import { describe, expect, it } from "vitest";
import { edgeKey } from "../edge-key";
import { HexEdgeKeys, StringRowKeys } from "./refresh-row-keys";

function hexKeys(keys: readonly string[]): HexEdgeKeys {
  const index = new HexEdgeKeys(keys.length);
  keys.forEach((key, position) => expect(index.set(position, key)).toBe(true));
  return index;
}

describe("HexEdgeKeys", () => {
  const keys = Array.from({ length: 3000 }, (_, i) => edgeKey(`n${i}`, "calls", `n${i + 1}`));
  // Equal first words (ties settled on the rest of the key).
  keys.push("edge:00000000ffffffffffffffffffffffff", "edge:000000000000000000000000000000ff", "edge:0000000000000000000000000000000a");

  it("orders positions by key, looks keys up and rebuilds them", () => {
    const index = hexKeys(keys);
    expect(index.sort()).toBe(-1);
    expect(Array.from(index.sortedPositions(), (p) => keys[p])).toEqual([...keys].sort());
    keys.forEach((key, position) => {
      expect(index.positionOf(key)).toBe(position);
      expect(index.keyAt(position)).toBe(key);
    });
    expect(index.positionOf("edge:ffffffffffffffffffffffffffffffff")).toBeUndefined();
    expect(index.positionOf("node:1")).toBeUndefined();
  });

  it("finds the first position that repeats an earlier key", () => {
    const withRepeats = [...keys.slice(0, 10), keys[3]!, keys[1]!, keys[3]!];
    expect(hexKeys(withRepeats).sort()).toBe(10);
    expect(hexKeys(withRepeats).sort(11)).toBe(10);
    expect(hexKeys(withRepeats).sort(10)).toBe(-1);
  });

  it("refuses keys of any other shape", () => {
    const index = new HexEdgeKeys(2);
    expect(index.set(0, "edge:ABCDEF0123456789abcdef0123456789")).toBe(false);
    expect(index.set(1, "a")).toBe(false);
  });
});

describe("StringRowKeys", () => {
  it("rejects repeats and orders by key", () => {
    const index = new StringRowKeys(3);
    expect(index.set(0, "b")).toBe(true);
    expect(index.set(1, "a")).toBe(true);
    expect(index.set(2, "b")).toBe(false);
    expect(index.positionOf("a")).toBe(1);
  });
});
