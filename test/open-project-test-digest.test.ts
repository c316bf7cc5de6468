import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { digestTestOutput, openProject } from "../src/index";
import { asJson, cliInProcess, removeTempDirs, repoRoot, tempDir } from "./cli-parity";
import { cpSync } from "node:fs";

// `tsift test-digest` is a library call: the built CLI's JSON and `openProject().testDigest()` agree.

afterAll(() => removeTempDirs());

const FIXTURES = join(repoRoot, "fixtures", "test-output");

describe("openProject digests test output as `tsift test-digest --json` does", () => {
  it("without an index, then with one that maps the failing frame to its symbol", async () => {
    const root = tempDir("tsift-open-project-test-digest-");
    cpSync(join(FIXTURES, "project"), root, { recursive: true });
    const input = join(FIXTURES, "jest-verbose.txt");
    const text = readFileSync(input, "utf8");
    const project = openProject(root);

    const unmapped = await project.testDigest(text, { limit: 2 });
    expect(asJson(unmapped)).toEqual(await cliInProcess(root, ["test-digest", "--input", input, "--limit", "2"]));
    expect(unmapped).toMatchObject({ root: ".", runner: "jest", symbols: { status: "no_index" } });

    await project.index();
    const mapped = await project.testDigest(text, { runner: "jest" });
    expect(asJson(mapped)).toEqual(await cliInProcess(root, ["test-digest", "--input", input, "--runner", "jest"]));
    expect(mapped.failures[0]!.symbol).toMatchObject({ name: "parsePort", file: "src/config.js" });
    await project.close();
  });

  it("the pure digest needs no project", async () => {
    expect(digestTestOutput(readFileSync(join(FIXTURES, "go-test.txt"), "utf8")).failed_tests).toBe(5);
  });
});
