import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtBin } from "./helpers";
import { project, tsift, write } from "./index-helpers";

/** This test run's PATH without any directory holding a `tsift`, plus Node's own (for npx): what a shell without tsift installed sees. */
const pathWithoutTsift = [dirname(process.execPath), ...(process.env.PATH ?? "").split(delimiter)]
  .filter((dir) => dir !== "" && !existsSync(join(dir, "tsift")))
  .join(delimiter);

const env = (path: string) => ({ ...process.env, PATH: path, TSIFT_NO_DAEMON: "1" });

/** The built CLI, run as a user would run it, with `path` as PATH. */
function cli(cwd: string, argv: string[], path = pathWithoutTsift, input?: string) {
  const result = spawnSync(process.execPath, [builtBin, ...argv], { cwd, encoding: "utf8", env: env(path), ...(input !== undefined ? { input } : {}) });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** A command string exactly as a client runs it: through a shell, in `cwd`, with the hook JSON on stdin. */
function shell(cwd: string, command: string, input: string, path = pathWithoutTsift) {
  const result = spawnSync("sh", ["-c", command], { cwd, input, encoding: "utf8", env: env(path) });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** An executable `tsift` in `dir` that runs the built CLI: a local install's `node_modules/.bin/tsift`, or a global one. */
function shim(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "tsift"), `#!/bin/sh\nexec "${process.execPath}" "${builtBin}" "$@"\n`);
  chmodSync(join(dir, "tsift"), 0o755);
}

const json = (root: string, file: string) => JSON.parse(readFileSync(join(root, file), "utf8")) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every client registration `init --claude --codex --opencode` writes: the MCP server's command line and each hook command. */
function registrations(root: string) {
  const settings = json(root, ".claude/settings.json");
  const hookCommands = (event: string) =>
    (settings.hooks[event] as { hooks: { command: string }[] }[]).flatMap((group) => group.hooks.map((hook) => hook.command)).filter((c) => c.includes("hook"));
  const claudeServer = json(root, ".mcp.json").mcpServers.tsift as { command: string; args: string[] };
  return {
    claude: [claudeServer.command, ...claudeServer.args],
    opencode: json(root, "opencode.json").mcp.tsift.command as string[],
    codexToml: readFileSync(join(root, ".codex/config.toml"), "utf8"),
    userPrompt: hookCommands("UserPromptSubmit"),
    preToolUse: hookCommands("PreToolUse"),
    codexHooks: (json(root, ".codex/hooks.json").hooks.UserPromptSubmit as { hooks: { command: string }[] }[]).flatMap((group) =>
      group.hooks.map((hook) => hook.command),
    ),
  };
}

/** The text of every file init wrote, for a search for the project's absolute path. */
function writtenText(root: string): string {
  const files = [".claude/settings.json", ".mcp.json", ".codex/hooks.json", ".codex/config.toml", "opencode.json", "AGENTS.md"];
  const commands = join(root, ".opencode/commands");
  return [...files.map((file) => join(root, file)), ...readdirSync(commands).map((file) => join(commands, file))]
    .filter((path) => statSync(path).isFile())
    .map((path) => readFileSync(path, "utf8"))
    .join("\n");
}

const promptInput = (cwd: string) =>
  JSON.stringify({ session_id: "s1", transcript_path: "/tmp/t.jsonl", cwd, hook_event_name: "UserPromptSubmit", prompt: "go" });
const bashInput = (cwd: string, command: string) =>
  JSON.stringify({ session_id: "s1", cwd, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: "t1" });

describe("tsift init: agent registrations run the installed tsift", () => {
  it("in-process, with nothing on PATH: a project's node_modules/.bin/tsift gets npx --no-install tsift, and no file names the project", async () => {
    const root = project({ "a.ts": "export const a = 1;\n" }, { git: true });
    mkdirSync(join(root, "node_modules/.bin"), { recursive: true });
    writeFileSync(join(root, "node_modules/.bin/tsift"), "#!/bin/sh\nexit 0\n");
    chmodSync(join(root, "node_modules/.bin/tsift"), 0o755);
    expect((await tsift(root, ["init", "--claude", "--codex", "--opencode"])).code).toBe(0);
    const written = registrations(root);
    expect(written.claude).toEqual(["npx", "--no-install", "tsift", "mcp"]);
    expect(written.opencode).toEqual(["npx", "--no-install", "tsift", "mcp"]);
    expect(written.codexToml).toBe('[mcp_servers.tsift]\ncommand = "npx"\nargs = ["--no-install", "tsift", "mcp"]\n');
    expect([...written.userPrompt, ...written.preToolUse, ...written.codexHooks]).toEqual([
      "npx --no-install tsift hook user-prompt-submit",
      "npx --no-install tsift hook pre-tool-use",
      "npx --no-install tsift hook user-prompt-submit",
    ]);
    expect(writtenText(root)).not.toContain(root);
  });

  it("a local install (node_modules/.bin/tsift, nothing on PATH) is started with npx --no-install, and survives moving the project", () => {
    expect(spawnSync("sh", ["-c", "command -v tsift"], { env: env(pathWithoutTsift) }).status).not.toBe(0);
    const root = project({ "src/a.ts": "export function one() { return 1; }\n" }, { git: true });
    shim(join(root, "node_modules/.bin"));
    const init = cli(root, ["init", "--claude", "--codex", "--opencode"]);
    expect(init.code, init.err).toBe(0);
    const written = registrations(root);
    expect(written.claude).toEqual(["npx", "--no-install", "tsift", "mcp"]);
    expect(written.opencode).toEqual(["npx", "--no-install", "tsift", "mcp"]);
    expect(written.codexToml).toBe('[mcp_servers.tsift]\ncommand = "npx"\nargs = ["--no-install", "tsift", "mcp"]\n');
    expect(written.userPrompt).toEqual(["npx --no-install tsift hook user-prompt-submit"]);
    expect(written.preToolUse).toEqual(["npx --no-install tsift hook pre-tool-use"]);
    expect(written.codexHooks).toEqual(["npx --no-install tsift hook user-prompt-submit"]);
    expect(writtenText(root)).not.toContain(root);
    expect(cli(root, ["index", "-q"]).code).toBe(0);

    // Moved after init: every registration still starts the project's tsift, from the project or a directory in it.
    const moved = `${root}-moved`;
    renameSync(root, moved);
    try {
      mkdirSync(join(moved, "src/deep"));
      const server = spawnSync(written.claude[0]!, [...written.claude.slice(1, -1), "--version"], {
        cwd: join(moved, "src/deep"),
        encoding: "utf8",
        env: env(pathWithoutTsift),
      });
      expect(server.status, server.stderr).toBe(0);
      expect(server.stdout).toMatch(/^\d+\.\d+\.\d+/);
      write(moved, { "src/b.ts": "export function two() { return 2; }\n" });
      expect(cli(moved, ["index", "--check", "--exit-code"]).code).toBe(1);
      // The Codex hook finds the project from the hook input's cwd.
      expect(shell(join(moved, "src"), written.codexHooks[0]!, promptInput(join(moved, "src")))).toMatchObject({ code: 0, out: "" });
      expect(cli(moved, ["index", "--check", "--exit-code"]).code).toBe(0);
      const rewritten = shell(moved, written.preToolUse[0]!, bashInput(moved, "git diff"));
      expect(rewritten.code, rewritten.err).toBe(0);
      expect(JSON.parse(rewritten.out).hookSpecificOutput.updatedInput.command).toBe("tsift diff-digest --unstaged --budget normal");
    } finally {
      renameSync(moved, root);
    }
  });

  it("a global install on PATH is started as tsift; installing locally later replaces every entry in place", () => {
    const root = project({ "a.py": "def f():\n    return 1\n" }, { git: true });
    const global = join(project({}), "bin");
    shim(global);
    const withGlobal = `${global}${delimiter}${pathWithoutTsift}`;
    expect(cli(root, ["init", "--claude", "--codex", "--opencode"], withGlobal).code).toBe(0);
    const first = registrations(root);
    expect(first.claude).toEqual(["tsift", "mcp"]);
    expect(first.userPrompt).toEqual(["tsift hook user-prompt-submit"]);
    expect(first.codexHooks).toEqual(["tsift hook user-prompt-submit"]);
    expect(shell(root, first.codexHooks[0]!, promptInput(root), withGlobal)).toMatchObject({ code: 0, out: "" });
    expect(cli(root, ["index", "--check", "--exit-code"]).code).toBe(0);

    shim(join(root, "node_modules/.bin"));
    const again = cli(root, ["init", "--claude", "--codex", "--opencode", "--json"], withGlobal);
    expect(again.code, again.err).toBe(0);
    const second = registrations(root);
    expect(second.claude).toEqual(["npx", "--no-install", "tsift", "mcp"]);
    expect(second.opencode).toEqual(["npx", "--no-install", "tsift", "mcp"]);
    expect(second.codexToml).toBe('[mcp_servers.tsift]\ncommand = "npx"\nargs = ["--no-install", "tsift", "mcp"]\n');
    expect(second.userPrompt).toEqual(["npx --no-install tsift hook user-prompt-submit"]);
    expect(second.preToolUse).toEqual(["npx --no-install tsift hook pre-tool-use"]);
    expect(second.codexHooks).toEqual(["npx --no-install tsift hook user-prompt-submit"]);
    expect(cli(root, ["init", "--claude", "--codex", "--opencode", "--json"], withGlobal).out).toMatch(/"changed":false/);
  });

  it("neither installed in the project nor on PATH: the tsift that ran init, by its absolute path", () => {
    const root = project({ "a.py": "" }, { git: true });
    const init = cli(root, ["init", "--claude", "--codex", "--opencode"]);
    expect(init.code, init.err).toBe(0);
    const written = registrations(root);
    expect(written.claude).toEqual([builtBin, "mcp"]);
    expect(written.opencode).toEqual([builtBin, "mcp"]);
    expect(written.preToolUse).toEqual([`${builtBin} hook pre-tool-use`]);
    expect(written.codexHooks).toEqual([`${builtBin} hook user-prompt-submit`]);
    const rewritten = shell(root, written.preToolUse[0]!, bashInput(root, "npm test"));
    expect(rewritten.code, rewritten.err).toBe(0);
    expect(JSON.parse(rewritten.out).hookSpecificOutput.updatedInput.command).toBe("tsift --envelope run --kind test -- npm test");
  });
});
