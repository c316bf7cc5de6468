import { describe, expect, it } from "vitest";
import { measureEconomy, withEconomy } from "./digest-economy";

describe("measureEconomy", () => {
  it("measures the compact JSON report against the input", () => {
    const report = { a: "x".repeat(10) };
    const bytes = Buffer.byteLength(JSON.stringify(report));
    expect(measureEconomy(1000, report)).toEqual({ input_bytes: 1000, output_bytes: bytes, saved_percent: Math.round((1 - bytes / 1000) * 1000) / 10 });
  });

  it("never reports a negative saving", () => {
    expect(measureEconomy(2, { long: "more than two bytes" }).saved_percent).toBe(0);
    expect(measureEconomy(0, {}).saved_percent).toBe(0);
  });

  it("adds the economy without counting itself", () => {
    const report = withEconomy(500, { ok: true });
    expect(report.ok).toBe(true);
    expect(report.economy.output_bytes).toBe(Buffer.byteLength(JSON.stringify({ ok: true })));
  });
});
