import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openProject, readSummaryStats, summariesLocation, type SummaryProvider } from "../src/index";
import { asJson, cliInProcess, removeTempDirs, tempDir } from "./cli-parity";

// `tsift summarize …` is a library call too: openProject().summarize answers as the CLI does.

afterAll(() => removeTempDirs());

/** A provider of the public interface that answers from the request itself, and counts what it was sent. */
function echoProvider(): SummaryProvider & { sent: string[] } {
  const sent: string[] = [];
  return {
    model: "echo-1",
    sent,
    async summarize(batch) {
      sent.push(...batch.map((item) => item.name));
      return {
        summaries: new Map(batch.map((item) => [item.id, { summary: `${item.kind} ${item.name} in ${item.file}.`, concepts: [item.kind] }])),
        model: "echo-1",
        tokensInput: 10 * batch.length,
        tokensOutput: 5 * batch.length,
      };
    },
  };
}

describe("openProject().summarize", () => {
  it("extracts through a provider, then symbol, file and stats read what the CLI reads", async () => {
    const root = tempDir("tsift-open-project-summarize-");
    writeFileSync(
      join(root, "lib.ts"),
      "export function add(a: number, b: number) {\n  return a + b;\n}\n\nexport function twice(n: number) {\n  return add(n, n);\n}\n",
    );
    const project = openProject(root);
    try {
      await expect(project.summarize.stats()).rejects.toMatchObject({ code: "index_missing" });
      await expect(project.summarize.symbol("add")).rejects.toMatchObject({ code: "index_missing" });
      expect(existsSync(summariesLocation(root).dbPath)).toBe(false);

      const provider = echoProvider();
      const report = await project.summarize.extract({ provider, target: "." });
      expect(report).toMatchObject({ scope: ".", files: 1, symbols: 2, summarized: 2, requests: 1, model: "echo-1", tokens_input: 20, tokens_output: 10 });
      expect(provider.sent).toEqual(["add", "twice"]);

      const add = await project.summarize.symbol("add");
      expect(add).toMatchObject({ symbol: "add", state: "current", summary: "function add in lib.ts.", model: "echo-1" });
      expect(asJson(add)).toEqual(await cliInProcess(root, ["summarize", "add"]));
      expect(asJson(await project.summarize.file("lib.ts"))).toEqual(await cliInProcess(root, ["summarize", "--file", "lib.ts"]));
      expect(await project.summarize.stats()).toEqual(readSummaryStats(root));
      expect(asJson(await project.summarize.stats())).toEqual(await cliInProcess(root, ["summarize", "--stats"]));

      // Nothing changed: a second extract sends nothing.
      expect(await project.summarize.extract({ provider })).toMatchObject({ summarized: 0, reused: 2, requests: 0 });
      expect(provider.sent).toHaveLength(2);
    } finally {
      await project.close();
    }
  });
});
