import { describe, expect, it } from "vitest";
import { dequantize, dotQuantized, quantize } from "./encoder";
import { createHashEncoder, lightStem } from "./hash-encoder";
import { halfToFloat, readSafetensors } from "./safetensors";

describe("tsift-hash-v1", () => {
  const encoder = createHashEncoder();
  const cosine = (a: string, b: string) => {
    const [x, y] = encoder.encode([a, b]);
    return x!.reduce((sum, v, i) => sum + v * y![i]!, 0);
  };

  it("is deterministic, unit length and named by its id", () => {
    expect(encoder.id).toBe("tsift-hash-v1");
    const [a, b] = encoder.encode(["retryWithBackoff", "retryWithBackoff"]);
    expect(Array.from(a!)).toEqual(Array.from(b!));
    expect(Math.hypot(...a!)).toBeCloseTo(1, 5);
    expect(Array.from(encoder.encode([""])[0]!).every((v) => v === 0)).toBe(true);
    expect(createHashEncoder({ dimensions: 64 }).id).toBe("tsift-hash-v1-d64");
  });

  it("puts naming styles and inflections of the same words close together", () => {
    expect(cosine("getUserName", "get_user_name")).toBeGreaterThan(0.8);
    expect(cosine("retries failed requests", "retry the failing request")).toBeGreaterThan(cosine("retries failed requests", "render markdown tables"));
    expect(lightStem("retries")).toBe("retry");
    expect(lightStem("schedules")).toBe("schedule");
    expect(lightStem("boxes")).toBe("box");
  });

  it("stores vectors as int8 with a scale, keeping dot products", () => {
    const [a, b] = encoder.encode(["parse json file", "json parser"]);
    const exact = a!.reduce((sum, v, i) => sum + v * b![i]!, 0);
    expect(dotQuantized(a!, quantize(b!))).toBeCloseTo(exact, 2);
    expect(dequantize(quantize(a!)).length).toBe(a!.length);
  });
});

describe("safetensors", () => {
  it("decodes F16 and rejects a truncated file", () => {
    expect(halfToFloat(0x3c00)).toBe(1);
    expect(halfToFloat(0xc000)).toBe(-2);
    const data = Buffer.alloc(4);
    data.writeUInt16LE(0x3c00, 0);
    data.writeUInt16LE(0x3800, 2);
    const header = Buffer.from(JSON.stringify({ w: { dtype: "F16", shape: [2], data_offsets: [0, 4] } }));
    const length = Buffer.alloc(8);
    length.writeBigUInt64LE(BigInt(header.length));
    expect(Array.from(readSafetensors(Buffer.concat([length, header, data]), ["w"]).get("w")!.data)).toEqual([1, 0.5]);
    expect(() => readSafetensors(Buffer.alloc(4), ["w"])).toThrow(expect.objectContaining({ code: "corrupt_data" }));
  });
});
