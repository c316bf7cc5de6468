import { describe, expect, it } from "vitest";
import { VERSION } from "../src/index";
import { repoRoot, run, spawnTsift } from "./helpers";

describe("tsift shell", () => {
  it("prints version and a hint with no command", async () => {
    const result = await run(repoRoot);
    expect(result).toMatchObject({ code: 0, out: `tsift v${VERSION}\nRun \`tsift --help\` for usage.\n` });
  });

  it("lists commands in --help", async () => {
    const { code, out } = await run(repoRoot, "--help");
    expect(code).toBe(0);
    expect(out).toMatch(/tsift graph-db <command>/);
  });

  it("suggests the closest command for a typo and exits 2", async () => {
    const { code, err, out } = await run(repoRoot, "graph-bd");
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toMatch(/unknown command graph-bd \(did you mean graph-db\?\)/);
    expect(err.trim().split("\n")).toHaveLength(1);
  });

  it("rejects unknown flags", async () => {
    const { code, err } = await run(repoRoot, "graph-db", "status", "--frobnicate");
    expect(code).toBe(2);
    expect(err).toMatch(/unknown option --frobnicate/);
  });
});

describe("the built tsift binary", () => {
  it("runs --version and --help as a real process", () => {
    expect(spawnTsift(repoRoot, ["--version"]).out.trim()).toBe(VERSION);
    const help = spawnTsift(repoRoot, ["--help"]);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/graph-db/);
  });

  it("reports graph-db status for a fixture project", () => {
    const result = spawnTsift(repoRoot, ["graph-db", "--path", "fixtures/graph-db", "--json", "status"]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toMatchObject({ operation: "status", status: "missing" });
  });

  it("prints no stack trace for an internal failure unless TSIFT_DEBUG=1", () => {
    const plain = spawnTsift(repoRoot, [
      "graph-db",
      "--path",
      "fixtures/graph-db",
      "--backend",
      "convex-snapshot",
      "--convex-snapshot",
      "canonical-rows.json",
      "status",
    ]);
    expect(plain.code).not.toBe(0);
    expect(plain.err).not.toMatch(/\n\s+at /);
  });
});
