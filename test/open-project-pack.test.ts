import { afterAll, describe, expect, it } from "vitest";
import { loadTokenCounter } from "@tsift/search";
import { openProject, type ProjectPackOptions } from "../src/index";
import { asJson, cliInProcess, fixtureCopy, removeTempDirs } from "./cli-parity";

// `tsift pack` is a library call: the built CLI's JSON and `openProject().pack()` agree.

afterAll(() => removeTempDirs());

describe("openProject().pack", () => {
  it("returns what tsift pack --json prints, within the budget", async () => {
    const root = fixtureCopy("canonical");
    const project = openProject(root);
    try {
      const requests: Array<{ request: ProjectPackOptions & { budget: number }; argv: string[] }> = [
        { request: { budget: 300 }, argv: [] },
        { request: { budget: 2000, profile: "review", format: "xml", tokenMap: true }, argv: ["--profile", "review", "--format", "xml", "--token-map"] },
      ];
      for (const { request, argv: flags } of requests) {
        const data = await project.pack(request);
        const argv = ["pack", "--budget", String(request.budget), ...flags];
        expect(asJson(data)).toEqual(await cliInProcess(root, argv));
        expect(data.tokens).toBeLessThanOrEqual(request.budget);
        expect(data.tokens).toBe((await loadTokenCounter())(data.text));
        expect(data.files.length).toBeGreaterThan(0);
      }
    } finally {
      await project.close();
    }
  });
});
