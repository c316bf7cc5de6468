import { describe, expect, it } from "vitest";
import { project, tsift } from "./index-helpers";

const LONG = "Parses the retry schedule from its textual form, accepting every unit the scheduler knows and rejecting the rest loudly";

const TREE = {
  "src/retry.ts": [
    "/** Retries a failing operation with exponential backoff. */",
    "export function retryWithBackoff(attempts: number) { return attempts * 2; }",
    "",
    `/** ${LONG}. */`,
    "export function parseRetrySchedule(text: string) { return text.length; }",
    "",
    "export function retryCount() { return 3; }",
    "",
  ].join("\n"),
};

describe("doc comments where symbols are read", () => {
  it("symbols: JSON rows carry doc only when present; text rows end with it, cut at 80 characters", async () => {
    const root = project(TREE);
    await tsift(root, ["index", "-q"]);
    const rows = (await tsift(root, ["symbols", "retry", "--json", "--limit", "0"])).json().symbols as { name: string; doc?: string }[];
    const byName = new Map(rows.map((row) => [row.name, row]));
    expect(byName.get("retryWithBackoff")?.doc).toBe("Retries a failing operation with exponential backoff.");
    expect(byName.get("retryCount")).toBeDefined();
    expect("doc" in byName.get("retryCount")!).toBe(false);

    const text = (await tsift(root, ["symbols", "retryWithBackoff"])).out.trim();
    expect(text).toBe(
      "src/retry.ts:2  function  retryWithBackoff  export function retryWithBackoff(attempts: number)  — Retries a failing operation with exponential backoff.",
    );
    const long = (await tsift(root, ["symbols", "parseRetrySchedule"])).out.trim();
    expect(long).toContain(`  — ${LONG.slice(0, 79)}…`);
    expect((await tsift(root, ["symbols", "retryCount"])).out).not.toContain("—");
  });

  it("explain: the text output shows the doc under the declaration", async () => {
    const root = project(TREE);
    await tsift(root, ["index", "-q"]);
    const out = (await tsift(root, ["explain", "retryWithBackoff"])).out.split("\n");
    expect(out[0]).toMatch(/^retryWithBackoff {2}function {2}src\/retry\.ts:2 /);
    expect(out).toContain("  doc: Retries a failing operation with exponential backoff.");
    expect((await tsift(root, ["explain", "retryCount"])).out).not.toContain("doc:");
  });

  it("search: the symbols list carries doc in JSON and text, and so do the merged results", async () => {
    const root = project(TREE);
    await tsift(root, ["index", "-q"]);
    const identifier = await tsift(root, ["search", "retryWithBackoff", "--strategy", "lexical", "--json"]);
    const symbol = (identifier.json().symbols as { name: string; doc?: string }[]).find((entry) => entry.name === "retryWithBackoff");
    expect(symbol?.doc).toBe("Retries a failing operation with exponential backoff.");
    const identifierText = (await tsift(root, ["search", "retryWithBackoff", "--strategy", "lexical"])).out;
    expect(identifierText).toMatch(/retryWithBackoff {2}\[exact_name 1\.0000\] {2}— Retries a failing operation with exponential backoff\./);

    const prose = (await tsift(root, ["search", "retry a failing operation with backoff"])).out;
    expect(prose).toMatch(/function retryWithBackoff {2}\[[\w+]+\] {2}— Retries a failing operation with exponential backoff\./);
  });
});
