import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bufferedIo, createCli, VERSION } from "../src/index";
import { codeNavigationSection, NAVIGATION_COMMANDS } from "../src/init/code-navigation-section";
import { codexHook } from "../src/init/codex-hook";
import { OPENCODE_COMMANDS, opencodeCommandFile } from "../src/init/opencode-commands";
import { project, tsift, write } from "./index-helpers";

const read = (root: string, file: string) => readFileSync(join(root, file), "utf8");
const section = codeNavigationSection();

/** Every `tsift <command>` named in backticks, with global flags skipped. */
function namedCommands(text: string): string[] {
  return [...text.matchAll(/`tsift ([^`]*)`/g)].map((match) => match[1]!.split(/\s+/).find((word) => !word.startsWith("-"))!);
}

describe("tsift init", () => {
  it("writes the versioned section, leaves .gitignore alone, and a second run changes nothing", async () => {
    const root = project({ "src/a.ts": "export const a = 1;\n" });
    const first = await tsift(root, ["init", "--json"]);
    expect(first.code).toBe(0);
    expect(first.json()).toEqual({
      target: ".",
      resolved_from: null,
      changes: [{ file: "AGENTS.md", action: "created" }],
      changed: true,
    });
    expect(read(root, "AGENTS.md")).toBe(`${section}\n`);
    expect(section.startsWith(`<!-- tsift:code-navigation v=${VERSION} -->\n## Code Navigation\n`)).toBe(true);
    // .tsift/ ignores itself: the project's .gitignore is never created nor edited.
    expect(existsSync(join(root, ".gitignore"))).toBe(false);
    const second = await tsift(root, ["init"]);
    expect(second.out).toBe("AGENTS.md: unchanged\ninit: already up to date\n");
  });

  it("appends to existing files, updates CLAUDE.md, and replaces an old block in place", async () => {
    const old = "<!-- tsift:code-navigation v=0.0.1 -->\nold\n<!-- /tsift:code-navigation -->";
    const root = project({ "AGENTS.md": "# Agents\nKeep me.", "CLAUDE.md": `# Claude\n\n${old}\n\nTail stays.\n`, ".gitignore": "node_modules\n/.tsift/\n" });
    const result = (await tsift(root, ["init", "--json"])).json();
    expect(read(root, ".gitignore")).toBe("node_modules\n/.tsift/\n");
    expect(result.changes).toEqual([
      { file: "AGENTS.md", action: "updated" },
      { file: "CLAUDE.md", action: "updated" },
    ]);
    expect(read(root, "AGENTS.md")).toBe(`# Agents\nKeep me.\n\n${section}\n`);
    expect(read(root, "CLAUDE.md")).toBe(`# Claude\n\n${section}\n\nTail stays.\n`);
    expect((await tsift(root, ["init", "--json"])).json().changed).toBe(false);
  });

  it("fails closed on a start marker without an end marker", async () => {
    const root = project({ "AGENTS.md": "<!-- tsift:code-navigation v=0.0.1 -->\nno end\n" });
    const result = await tsift(root, ["init"]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/AGENTS.md has a <!-- tsift:code-navigation marker but no/);
    expect(existsSync(join(root, ".gitignore"))).toBe(false);
  });

  it("resolves a file or nested path to its git root, and --workspace to the superproject", async () => {
    const root = project(
      { "docs/tasks/plan.md": "# plan\n", "mod/src/lib.rs": "fn x() {}\n", ".gitmodules": '[submodule "mod"]\n\tpath = mod\n\turl = ../mod.git\n' },
      { git: true },
    );
    execFileSync("git", ["init", "-q"], { cwd: join(root, "mod") });
    const nested = await tsift(root, ["init", "docs/tasks/plan.md"]);
    expect(nested.out.split("\n")[0]).toBe("resolved: docs/tasks/plan.md → .");
    expect(existsSync(join(root, "AGENTS.md"))).toBe(true);
    expect(existsSync(join(root, "docs/tasks/AGENTS.md"))).toBe(false);
    const inModule = await tsift(root, ["init", "mod/src/lib.rs", "--json"]);
    expect(inModule.json()).toMatchObject({ target: "mod", resolved_from: "mod/src/lib.rs" });
    expect(existsSync(join(root, "mod/AGENTS.md"))).toBe(true);
    const promoted = await tsift(join(root, "mod/src"), ["init", "--workspace", "--json"]);
    expect(promoted.json()).toMatchObject({ target: "../..", changed: false });
  });

  it("--codex merges one auto-reindex hook, keeping other hooks and removing duplicates", async () => {
    const root = project({ "a.py": "" });
    const other = { type: "command", command: "echo hi", statusMessage: "other" };
    const staleHook = { type: "command", command: "tsift index --old", statusMessage: "tsift auto-reindex" };
    write(root, {
      ".codex/hooks.json": JSON.stringify({ model: "x", hooks: { UserPromptSubmit: [{ hooks: [other, staleHook] }, { hooks: [staleHook] }], Stop: [] } }),
    });
    const first = (await tsift(root, ["init", "--codex", "--json"])).json();
    expect(first.changes).toContainEqual({ file: ".codex/hooks.json", action: "updated" });
    const hooks = JSON.parse(read(root, ".codex/hooks.json"));
    const hook = { type: "command", command: "tsift hook user-prompt-submit", statusMessage: "tsift auto-reindex" };
    expect(hooks).toEqual({ model: "x", hooks: { UserPromptSubmit: [{ hooks: [other, hook] }, { hooks: [] }], Stop: [] } });
    expect((await tsift(root, ["init", "--codex", "--json"])).json().changed).toBe(false);

    const fresh = project({ "a.py": "" });
    await tsift(fresh, ["init", "--codex"]);
    expect(JSON.parse(read(fresh, ".codex/hooks.json"))).toEqual({ hooks: { UserPromptSubmit: [{ hooks: [hook] }] } });
    expect((await tsift(fresh, ["init", "--codex", "--workspace"])).code).toBe(3);
  });

  it("--codex on a workspace root installs the same hook: it finds the scopes when it runs", async () => {
    const root = project({ ".gitmodules": '[submodule "lib"]\n\tpath = lib\n\turl = ../lib.git\n', "lib/a.rs": "fn a() {}\n" });
    await tsift(root, ["init", "--codex", "--workspace"]);
    expect(JSON.parse(read(root, ".codex/hooks.json")).hooks.UserPromptSubmit[0].hooks[0].command).toBe("tsift hook user-prompt-submit");
  });

  it("--opencode installs managed command files and refuses to overwrite unmanaged ones", async () => {
    const root = project({ "a.py": "" });
    const result = (await tsift(root, ["init", "--opencode", "--json"])).json();
    for (const entry of OPENCODE_COMMANDS) {
      expect(result.changes).toContainEqual({ file: `.opencode/commands/${entry.name}.md`, action: "created" });
      expect(read(root, `.opencode/commands/${entry.name}.md`)).toBe(opencodeCommandFile(entry));
    }
    writeFileSync(join(root, ".opencode/commands/tsift-status.md"), opencodeCommandFile(OPENCODE_COMMANDS[0]!, "0.0.1"));
    expect((await tsift(root, ["init", "--opencode", "--json"])).json().changes).toContainEqual({
      file: ".opencode/commands/tsift-status.md",
      action: "updated",
    });

    const clash = project({ "a.py": "" });
    mkdirSync(join(clash, ".opencode/commands"), { recursive: true });
    writeFileSync(join(clash, ".opencode/commands/tsift-locks.md"), "my own command\n");
    const refused = await tsift(clash, ["init", "--opencode"]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/tsift-locks.md exists and is not managed by tsift/);
    expect(read(clash, ".opencode/commands/tsift-locks.md")).toBe("my own command\n");
    expect(existsSync(join(clash, "AGENTS.md"))).toBe(false);
    expect(existsSync(join(clash, ".opencode/commands/tsift-status.md"))).toBe(false);
  });

  it("names only commands this CLI registers, in the section, the shortcuts and the hook", () => {
    const registered = (createCli(bufferedIo()).parser as unknown as { getInternalMethods(): { getCommandInstance(): { getCommands(): string[] } } })
      .getInternalMethods()
      .getCommandInstance()
      .getCommands();
    const named = [
      ...namedCommands(section),
      ...OPENCODE_COMMANDS.flatMap((entry) => namedCommands(entry.body)),
      ...namedCommands(`\`${codexHook({ command: "tsift", args: [], source: "path" }).command}\``),
    ];
    expect(named.length).toBeGreaterThan(NAVIGATION_COMMANDS.length);
    expect(named.filter((name) => !registered.includes(name))).toEqual([]);
    for (const entry of NAVIGATION_COMMANDS) expect(section).toContain(entry.usage);
  });
});
