import { parse } from "shell-quote";
import { describe, expect, it } from "vitest";
import { parseArgv } from "../src/definition/parse-argv";
import { usageError } from "../src/definition/usage-errors";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { project, tsift } from "./index-helpers";

/** Every `prefix-<12 hex>` handle in a command's output, by prefix: what the command really mints. */
const handleFamilies = (output: string) => new Set([...output.matchAll(/\b([a-z]{2,5})-[0-9a-f]{12}\b/g)].map((match) => match[1]!));

/** `report.ranked[].expand` read from a parsed answer: the values at that path (arrays flattened). */
function valuesAt(value: unknown, path: string): unknown[] {
  let current: unknown[] = [value];
  for (const part of path.split(".")) {
    const key = part.replace(/\[\]$/, "");
    current = current.map((item) => (item as Record<string, unknown> | null)?.[key]).filter((item) => item !== undefined && item !== null);
    if (part.endsWith("[]")) current = current.flat();
  }
  return current;
}

describe("tsift workflow search", () => {
  it("lists steps whose every command is a command line this CLI reads, with the flags it names", async () => {
    const root = project({ "a.ts": "export const a = 1;\n" });
    const report = (await tsift(root, ["workflow", "search", "--json"])).json();
    expect(report.steps.map((step: { name: string }) => step.name)).toEqual([
      "exact anchors",
      "ranked definitions",
      "semantic broadening",
      "graph expansion",
      "source window",
      "change and test impact",
      "digest expansion",
    ]);
    for (const step of report.steps as { command: string }[]) {
      // Placeholders become sample values; the line must then parse exactly as written.
      const words = (parse(step.command.replace(/<line>/g, "1").replace(/<[^>]+>/g, "x")) as string[]).slice(1);
      expect(usageError(words), step.command).toBeUndefined();
      expect(parseArgv(words), step.command).toBeDefined();
    }
    const envelope = (await tsift(root, ["--envelope", "workflow"])).json();
    expect(envelope.follow_up).toHaveLength(report.steps.length);
    expect((await tsift(root, ["workflow", "deploy"])).code).toBe(2);
  });

  it("names only the handle families each step's command really prints, and the fields its next commands come from", async () => {
    const root = project(
      {
        "src/retry.ts": [
          "/** Waits with exponential backoff before the next attempt. */",
          "export function backoffDelay(attempt: number): number {",
          "  return Math.min(1000, 2 ** attempt * 10);",
          "}",
          "",
          "export function retryPolicy(times: number): number[] {",
          "  return Array.from({ length: times }, (_, attempt) => backoffDelay(attempt));",
          "}",
          "",
        ].join("\n"),
        "test/retry.test.ts": 'import { retryPolicy } from "../src/retry";\ntest("policy", () => expect(retryPolicy(2)).toHaveLength(2));\n',
        "test.log": "FAIL test/retry.test.ts > policy\nError: expected 3\n at test/retry.test.ts:2:10\n",
        "build.log": "src/retry.ts:3:3 - error TS2322: Type 'string' is not assignable to type 'number'.\n",
      },
      { git: true },
    );
    const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: root });
    git("add", "-A");
    git("commit", "-qm", "init");
    // An uncommitted change, so impact and context-pack have something to report.
    writeFileSync(join(root, "src/retry.ts"), readFileSync(join(root, "src/retry.ts"), "utf8").replace("1000", "2000"));
    expect((await tsift(root, ["index"])).code).toBe(0);
    const samples: Record<string, string> = {
      literal: "backoffDelay",
      name: "backoffDelay",
      concept: "exponential backoff",
      symbol: "backoffDelay",
      file: "src/retry.ts",
      line: "2",
      path: "src",
    };
    const report = (await tsift(root, ["workflow", "search", "--json"])).json();
    for (const step of report.steps as { name: string; command: string; yields: string[]; next_from: string }[]) {
      const words = (parse(step.command.replace(/<(\w+)>/g, (_, key: string) => samples[key]!)) as string[]).slice(1);
      const result = await tsift(root, words);
      expect(result.code, `${step.command}: ${result.err}`).toBe(0);
      const named = new Set(step.yields.flatMap((item) => /^([a-z]{2,5})-\*$/.exec(item)?.[1] ?? []));
      expect([...named].sort(), step.command).toEqual([...handleFamilies(result.out)].sort());
      if (words.includes("--envelope")) {
        const answer = result.json();
        for (const field of step.next_from.split(", ")) expect(valuesAt(answer, field).length, `${step.name}: ${field}`).toBeGreaterThan(0);
      }
    }
  });
});
