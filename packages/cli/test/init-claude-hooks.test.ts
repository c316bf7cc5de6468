import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bufferedIo, createCli } from "../src/index";
import { builtBin } from "./helpers";
import { project, tsift, write } from "./index-helpers";

const read = (root: string, file: string) => readFileSync(join(root, file), "utf8");
const json = (root: string, file: string) => JSON.parse(read(root, file)) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Runs a hook command exactly as written into the client's settings, with `tsift` on PATH, fed the client's JSON. */
function runHookCommand(root: string, command: string, input: string): { out: string; code: number } {
  const bin = join(root, ".test-bin");
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, "tsift"), `#!/bin/sh\nexec "${process.execPath}" "${builtBin}" "$@"\n`);
  chmodSync(join(bin, "tsift"), 0o755);
  try {
    const out = execFileSync("sh", ["-c", command], { cwd: root, input, encoding: "utf8", env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } });
    return { out, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; status: number };
    return { out: failed.stdout, code: failed.status };
  }
}

describe("tsift init --claude", () => {
  it("installs both hooks and the MCP server, keeps other settings, and a second run changes nothing", async () => {
    const root = project({ "src/a.ts": "export const a = 1;\n" });
    const other = { type: "command", command: "echo lint" };
    write(root, { ".claude/settings.json": JSON.stringify({ model: "opus", hooks: { PreToolUse: [{ matcher: "Bash", hooks: [other] }] } }) });
    const first = (await tsift(root, ["init", "--claude", "--json"])).json();
    expect(first.changes).toEqual(
      expect.arrayContaining([
        { file: ".claude/settings.json", action: "updated" },
        { file: ".mcp.json", action: "created" },
      ]),
    );
    const settings = json(root, ".claude/settings.json");
    expect(settings.model).toBe("opus");
    expect(settings.hooks.PreToolUse).toEqual([{ matcher: "Bash", hooks: [other, { type: "command", command: "tsift hook pre-tool-use", timeout: 10 }] }]);
    expect(settings.hooks.UserPromptSubmit).toEqual([{ hooks: [{ type: "command", command: "tsift hook user-prompt-submit", timeout: 60 }] }]);
    expect(json(root, ".mcp.json")).toEqual({ mcpServers: { tsift: { command: "tsift", args: ["mcp"] } } });
    expect(read(root, "AGENTS.md")).toMatch(/The `tsift` MCP server is registered for this project: its tools \(`status`, `symbols`/);
    expect((await tsift(root, ["init", "--claude", "--json"])).json().changed).toBe(false);
    // A plain init afterwards keeps the MCP paragraph: the registration is read from .mcp.json.
    expect((await tsift(root, ["init", "--json"])).json().changed).toBe(false);
  });

  it("refuses an MCP server named tsift that it did not write, changing nothing", async () => {
    const root = project({ "a.py": "" });
    write(root, { ".mcp.json": JSON.stringify({ mcpServers: { tsift: { command: "my-tsift-fork" } } }) });
    const refused = await tsift(root, ["init", "--claude"]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/\.mcp\.json already registers an MCP server named "tsift" that tsift did not write/);
    expect(() => read(root, ".claude/settings.json")).toThrow();
  });

  it("--codex and --opencode register the server where their clients read it", async () => {
    const root = project({ "a.py": "" });
    write(root, { ".codex/config.toml": '# my settings\nmodel = "o4"\n', "opencode.json": JSON.stringify({ theme: "dark" }) });
    await tsift(root, ["init", "--codex", "--opencode"]);
    expect(read(root, ".codex/config.toml")).toBe('# my settings\nmodel = "o4"\n\n[mcp_servers.tsift]\ncommand = "tsift"\nargs = ["mcp"]\n');
    expect(json(root, "opencode.json")).toEqual({ theme: "dark", mcp: { tsift: { type: "local", command: ["tsift", "mcp"], enabled: true } } });
    expect((await tsift(root, ["init", "--codex", "--opencode", "--json"])).json().changed).toBe(false);
    write(root, { ".codex/config.toml": '[mcp_servers.tsift]\ncommand = "other"\n' });
    expect((await tsift(root, ["init", "--codex"])).code).toBe(2);
  });

  it("the installed PreToolUse hook rewrites a Bash command fed as Claude Code sends it, and passes others through", async () => {
    const root = project({ "a.ts": "export const a = 1;\n" }, { git: true });
    await tsift(root, ["init", "--claude"]);
    const command = json(root, ".claude/settings.json").hooks.PreToolUse[0].hooks[0].command as string;
    const call = (toolInput: object, tool = "Bash") =>
      JSON.stringify({
        session_id: "s1",
        transcript_path: "/tmp/t.jsonl",
        cwd: root,
        permission_mode: "default",
        hook_event_name: "PreToolUse",
        tool_name: tool,
        tool_input: toolInput,
        tool_use_id: "toolu_1",
      });
    const rewritten = runHookCommand(root, command, call({ command: "git diff --cached", description: "show staged changes" }));
    expect(rewritten.code).toBe(0);
    expect(JSON.parse(rewritten.out)).toEqual({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        updatedInput: { command: "tsift diff-digest --cached --budget normal", description: "show staged changes" },
        additionalContext:
          "tsift replaced `git diff --cached` with `tsift diff-digest --cached --budget normal`: staged diff → bounded diff digest with touched symbols",
      },
    });
    // The user's permission rules decide whether the rewrite runs: the hook never answers allow, ask or deny.
    for (const bash of ["npm test", "git diff", "rg foo", "ls"])
      expect(runHookCommand(root, command, call({ command: bash })).out).not.toMatch(/permissionDecision/);
    for (const input of [call({ command: "rg foo | head" }), call({ file_path: "/x" }, "Read"), "not json", ""]) {
      expect(runHookCommand(root, command, input)).toEqual({ out: "", code: 0 });
    }
  });

  it("the installed UserPromptSubmit hook brings a stale index up to date and prints nothing", async () => {
    const root = project({ "src/a.ts": "export function one() { return 1; }\n" });
    await tsift(root, ["init", "--claude"]);
    await tsift(root, ["index", "-q"]);
    write(root, { "src/b.ts": "export function two() { return 2; }\n" });
    expect((await tsift(root, ["index", "--check", "--exit-code"])).code).toBe(1);
    const command = json(root, ".claude/settings.json").hooks.UserPromptSubmit[0].hooks[0].command as string;
    const prompt = JSON.stringify({
      session_id: "s1",
      transcript_path: "/tmp/t.jsonl",
      cwd: join(root, "src"),
      hook_event_name: "UserPromptSubmit",
      prompt: "fix two()",
    });
    expect(runHookCommand(root, command, prompt)).toEqual({ out: "", code: 0 });
    expect((await tsift(root, ["index", "--check", "--exit-code"])).code).toBe(0);
    expect(runHookCommand(root, command, prompt)).toEqual({ out: "", code: 0 });
  });

  it("names only commands this CLI registers", () => {
    const registered = (createCli(bufferedIo()).parser as unknown as { getInternalMethods(): { getCommandInstance(): { getCommands(): string[] } } })
      .getInternalMethods()
      .getCommandInstance()
      .getCommands();
    expect(registered).toEqual(expect.arrayContaining(["hook", "rewrite", "init"]));
  });
});
