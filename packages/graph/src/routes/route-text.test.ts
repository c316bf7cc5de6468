import { describe, expect, it } from "vitest";
import { callArguments, stringLiteral } from "./route-text";

describe("stringLiteral", () => {
  it("reads quotes, escapes and unterminated literals", () => {
    expect(stringLiteral(`get("/users/:id", h)`)).toEqual({ value: "/users/:id", start: 4, end: 16 });
    expect(stringLiteral(String.raw`x 'it\'s \\ ok' y`)).toEqual({ value: String.raw`it's \ ok`, start: 2, end: 15 });
    expect(stringLiteral("`a`", 0, false)).toBeNull();
    expect(stringLiteral("`a${b}`", 0, true)?.value).toBe("a${b}");
    expect(stringLiteral(`f("open`)).toEqual({ value: "open", start: 2, end: 7 });
    expect(stringLiteral(`"abcdef"`, 0, false, 4)).toEqual({ value: "abc", start: 0, end: 4 });
  });

  it("stops argument scans at their length cap inside a huge literal", () => {
    const text = `app.get("/x", handler, "${"a".repeat(100_000)}")`;
    const open = text.indexOf("(") + 1;
    const scanned = callArguments(text, open, 200);
    expect(scanned.closed).toBe(false);
    expect(scanned.end).toBeLessThanOrEqual(open + 200);
  });
});
