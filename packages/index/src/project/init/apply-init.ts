import { lstatSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { TsiftError } from "@tsift/core/light";
import { discoverScopes } from "../../walk/workspace-scopes";
import { checkInsideRoot, writeInsideRoot } from "../../walk/write-inside-root";
import { codeNavigationSection } from "./code-navigation-section";
import { mergeClaudeSettings } from "./claude-settings";
import { codexHook, mergeCodexHook } from "./codex-hook";
import { MCP_TOOL_NAMES, mcpRegistered, mergeClaudeMcp, mergeCodexMcp, mergeOpencodeMcp } from "./mcp-registration";
import { upsertInstructionBlock } from "./instruction-block";
import { tsiftLauncher, type TsiftLauncher } from "./tsift-launcher";
import { OPENCODE_COMMANDS, OPENCODE_MARKER_PREFIX, opencodeCommandFile } from "./opencode-commands";

export type InitAction = "created" | "updated" | "unchanged";

export interface InitChange {
  /** Root-relative, `/`-separated. */
  file: string;
  action: InitAction;
}

export interface InitOptions {
  /** Claude Code: the auto-reindex and rewrite hooks in `.claude/settings.json`, the MCP server in `.mcp.json`. */
  claude?: boolean | undefined;
  codex: boolean;
  opencode: boolean;
  /** `--workspace`: the Codex hook must cover submodule scopes (fails when there are none). */
  workspace: boolean;
  /** How the clients start tsift; default `tsiftLauncher(root)` (the project's own install, else `tsift`). */
  launcher?: TsiftLauncher | undefined;
}

export function readText(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new TsiftError("io_error", `cannot read ${path}: ${(error as Error).message}`, { cause: error, details: { path } });
  }
}

interface PlannedWrite {
  file: string;
  before: string | null;
  /** null: nothing to change. */
  after: string | null;
}

/**
 * Makes `root` ready for agents: the Code Navigation section in
 * AGENTS.md (and CLAUDE.md when present), optionally the Claude Code hooks, the Codex
 * hook and the OpenCode shortcuts, each with the client's MCP server registration, all
 * started through `launcher` and naming no absolute project path. Every file is planned and checked first and only then written, so a
 * conflict (an unmanaged OpenCode file, a broken marker, malformed hooks.json, a target
 * that is a symbolic link or lies outside the project through one) leaves the project
 * untouched; every write goes through `writeInsideRoot`. `.tsift/` ignores itself, so the
 * project's `.gitignore` is never edited. Running it twice changes nothing the second time.
 */
export function applyInit(root: string, options: InitOptions): InitChange[] {
  const plan: PlannedWrite[] = [];
  const planFile = (file: string, next: (before: string | null) => string | null) => {
    // Checked before the read too: a link to a file elsewhere is neither read nor written.
    checkInsideRoot(root, file);
    const before = readText(join(root, file));
    const after = next(before);
    plan.push({ file, before, after: after === before ? null : after });
  };
  const launcher = options.launcher ?? tsiftLauncher(root);
  const mcp = options.claude === true || options.codex || options.opencode || mcpRegistered((file) => readText(join(root, file)));
  const section = codeNavigationSection(undefined, mcp ? MCP_TOOL_NAMES : []);
  planFile("AGENTS.md", (before) => upsertInstructionBlock(before, section, "AGENTS.md"));
  if (lstatOrNull(join(root, "CLAUDE.md")) !== null && !linksTo(root, "CLAUDE.md", "AGENTS.md"))
    planFile("CLAUDE.md", (before) => upsertInstructionBlock(before, section, "CLAUDE.md"));
  if (options.codex) {
    if (options.workspace && discoverScopes(root).length === 0) {
      throw new TsiftError("not_found", `--workspace: ${root} declares no git submodules, so there is no workspace hook to install`, {
        hint: "run `tsift init --codex` without --workspace",
      });
    }
    planFile(".codex/hooks.json", (before) => mergeCodexHook(before, codexHook(launcher), ".codex/hooks.json") ?? before);
    planFile(".codex/config.toml", (before) => mergeCodexMcp(before, ".codex/config.toml", launcher) ?? before);
  }
  if (options.claude) {
    planFile(".claude/settings.json", (before) => mergeClaudeSettings(before, ".claude/settings.json", launcher) ?? before);
    planFile(".mcp.json", (before) => mergeClaudeMcp(before, ".mcp.json", launcher) ?? before);
  }
  if (options.opencode) {
    for (const entry of OPENCODE_COMMANDS) {
      const file = `.opencode/commands/${entry.name}.md`;
      planFile(file, (before) => {
        if (before !== null && !before.includes(OPENCODE_MARKER_PREFIX)) {
          throw new TsiftError("invalid_input", `${file} exists and is not managed by tsift; refusing to overwrite it`, {
            details: { file },
            hint: `rename or delete ${file}, then rerun tsift init --opencode`,
          });
        }
        return opencodeCommandFile(entry);
      });
    }
    planFile("opencode.json", (before) => mergeOpencodeMcp(before, "opencode.json", launcher) ?? before);
  }
  for (const write of plan) {
    if (write.after === null) continue;
    writeInsideRoot(root, write.file, write.after);
  }
  return plan.map((write) => ({ file: write.file, action: write.after === null ? "unchanged" : write.before === null ? "created" : "updated" }));
}

/** `file` is a symbolic link to the project's own `other` (CLAUDE.md -> AGENTS.md): writing `other` covers it. */
function linksTo(root: string, file: string, other: string): boolean {
  try {
    return lstatSync(join(root, file)).isSymbolicLink() && realpathSync(join(root, file)) === realpathSync(join(root, other));
  } catch {
    return false;
  }
}

function lstatOrNull(path: string): ReturnType<typeof lstatSync> | null {
  return lstatSync(path, { throwIfNoEntry: false }) ?? null;
}
