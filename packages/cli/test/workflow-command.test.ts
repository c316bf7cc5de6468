import { parse } from "shell-quote";
import { describe, expect, it } from "vitest";
import { parseArgv } from "../src/definition/parse-argv";
import { usageError } from "../src/definition/usage-errors";
import { project, tsift } from "./index-helpers";

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
});
