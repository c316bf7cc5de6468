import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isTsiftError } from "@tsift/core/light";
import { applyInit } from "../src/project/init/apply-init";
import { projectStatus } from "../src/project/project-status";
import { writeInsideRoot } from "../src/walk/write-inside-root";
import { tempTree } from "./helpers";

/** Every file below `dir` with its content: what a test compares before and after. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string, rel: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      const key = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path, key);
      else out[key] = entry.isSymbolicLink() ? `-> link` : readFileSync(path, "utf8");
    }
  };
  walk(dir, "");
  return out;
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(isTsiftError(error, "invalid_input")).toBe(true);
    return (error as Error).message;
  }
  throw new Error("expected a refusal");
}

describe("writeInsideRoot", () => {
  it("writes a new file, creating its directories, and replaces an existing one", () => {
    const root = tempTree({ "a.md": "old\n" });
    writeInsideRoot(root, ".claude/settings.json", "{}\n");
    writeInsideRoot(root, "a.md", "new\n");
    expect(readFileSync(join(root, ".claude/settings.json"), "utf8")).toBe("{}\n");
    expect(readFileSync(join(root, "a.md"), "utf8")).toBe("new\n");
    // No temporary file is left beside the targets.
    expect(readdirSync(root).sort()).toEqual([".claude", "a.md"]);
  });

  it("refuses a target that is a symbolic link, naming where it points, and writes nothing there", () => {
    const root = tempTree();
    const outside = tempTree({ "notes.md": "mine\n" });
    symlinkSync(join(outside, "notes.md"), join(root, "AGENTS.md"));
    const message = refusal(() => writeInsideRoot(root, "AGENTS.md", "x\n"));
    expect(message).toContain("AGENTS.md");
    expect(message).toContain(join(outside, "notes.md"));
    expect(readFileSync(join(outside, "notes.md"), "utf8")).toBe("mine\n");
    expect(lstatSync(join(root, "AGENTS.md")).isSymbolicLink()).toBe(true);
  });

  it("refuses a dangling link (writing through it would create the file elsewhere)", () => {
    const root = tempTree();
    const outside = tempTree();
    symlinkSync(join(outside, "new.md"), join(root, "AGENTS.md"));
    expect(refusal(() => writeInsideRoot(root, "AGENTS.md", "x\n"))).toContain("dangling");
    expect(readdirSync(outside)).toEqual([]);
  });

  it("refuses a directory on the way that links outside the project, and creates nothing below it", () => {
    const root = tempTree();
    const outside = tempTree();
    symlinkSync(outside, join(root, ".codex"));
    expect(refusal(() => writeInsideRoot(root, ".codex/hooks.json", "{}\n"))).toContain(`points to ${outside}`);
    symlinkSync(outside, join(root, ".opencode"));
    refusal(() => writeInsideRoot(root, ".opencode/commands/x.md", "x\n"));
    expect(readdirSync(outside)).toEqual([]);
  });

  it("follows a directory link that stays inside the project", () => {
    const root = tempTree({ "real/keep.txt": "k\n" });
    symlinkSync(join(root, "real"), join(root, ".claude"));
    writeInsideRoot(root, ".claude/settings.json", "{}\n");
    expect(readFileSync(join(root, "real/settings.json"), "utf8")).toBe("{}\n");
  });

  it("refuses paths that leave the root by their text", () => {
    const root = tempTree();
    refusal(() => writeInsideRoot(root, "../x.md", "x\n"));
    refusal(() => writeInsideRoot(root, "/tmp/x.md", "x\n"));
  });
});

describe("applyInit through links", () => {
  const options = { claude: true, codex: true, opencode: true, workspace: false, launcher: { command: "tsift", args: [], source: "fallback" as const } };

  for (const target of [
    "AGENTS.md",
    "CLAUDE.md",
    ".mcp.json",
    ".claude/settings.json",
    ".codex/config.toml",
    ".codex/hooks.json",
    "opencode.json",
    ".opencode/commands/tsift-status.md",
  ]) {
    it(`refuses ${target} linked outside the project and leaves both sides untouched`, () => {
      const root = tempTree({ "src/a.ts": "export const a = 1;\n" });
      // A dangling link: an unguarded write creates the file outside, whatever its format.
      const outside = tempTree({ "keep.txt": "keep\n" });
      mkdirSync(join(root, target, ".."), { recursive: true });
      symlinkSync(join(outside, "victim.txt"), join(root, target));
      const before = { root: snapshot(root), outside: snapshot(outside) };
      refusal(() => applyInit(root, options));
      expect(snapshot(outside)).toEqual(before.outside);
      expect(snapshot(root)).toEqual(before.root);
    });
  }

  it("keeps CLAUDE.md as a link when it points at the project's own AGENTS.md", () => {
    const root = tempTree();
    writeFileSync(join(root, "AGENTS.md"), "# Agents\n");
    symlinkSync("AGENTS.md", join(root, "CLAUDE.md"));
    const changes = applyInit(root, { codex: false, opencode: false, workspace: false });
    expect(changes).toEqual([{ file: "AGENTS.md", action: "updated" }]);
    expect(lstatSync(join(root, "CLAUDE.md")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(root, "CLAUDE.md"), "utf8")).toContain("tsift:code-navigation");
  });
});

describe("status --fix through a link", () => {
  it("refuses to append the instructions to an AGENTS.md that links outside, or to create one there", async () => {
    const root = tempTree({ "src/a.ts": "export const a = 1;\n" });
    const outside = tempTree({ "notes.md": "# mine\n" });
    symlinkSync(join(outside, "notes.md"), join(root, "AGENTS.md"));
    await expect(projectStatus({ cwd: root, fix: true })).rejects.toThrow(/refusing to write AGENTS.md: it is a symbolic link/);
    expect(snapshot(outside)).toEqual({ "notes.md": "# mine\n" });
    rmSync(join(root, "AGENTS.md"));
    symlinkSync(join(outside, "created.md"), join(root, "AGENTS.md"));
    await expect(projectStatus({ cwd: root, fix: true })).rejects.toThrow(/dangling/);
    expect(snapshot(outside)).toEqual({ "notes.md": "# mine\n" });
  });
});
