import { afterAll, describe, expect, it } from "vitest";
import { loadTokenCounter } from "@tsift/search";
import { openProject } from "../src/index";
import { asJson, cli, fixtureCopy, removeTempDirs } from "./cli-parity";

// `tsift pack` is a library call: the built CLI's JSON and `openProject().pack()` agree.

afterAll(() => removeTempDirs());

describe("openProject().pack", () => {
  it("returns what tsift pack --json prints, within the budget", async () => {
    const root = fixtureCopy("canonical");
    const project = openProject(root);
    try {
      for (const request of [{ budget: 300 }, { budget: 2000, profile: "review" as const, format: "xml" as const, tokenMap: true }]) {
        const data = await project.pack(request);
        const argv = ["pack", "--budget", String(request.budget)];
        if ("profile" in request) argv.push("--profile", request.profile, "--format", request.format, "--token-map");
        expect(asJson(data)).toEqual(cli(root, argv));
        expect(data.tokens).toBeLessThanOrEqual(request.budget);
        expect(data.tokens).toBe((await loadTokenCounter())(data.text));
        expect(data.files.length).toBeGreaterThan(0);
      }
    } finally {
      await project.close();
    }
  });
});
