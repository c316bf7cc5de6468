import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export interface SkillUsage {
  skill: string;
  invocation_count: number;
  installed: boolean;
}

export interface SkillUsageScan {
  counts: Map<string, number>;
  sessions: number;
  /** Lines that were not JSON (a transcript cut off mid-write), skipped. */
  malformed_lines: number;
}

/**
 * Folds a plugin-namespaced name (`plugin:skill`) onto an installed skill: the part after the
 * colon when that is installed, else the plugin when that is, else the part after the colon.
 */
export function foldSkillName(name: string, installed: ReadonlySet<string>): string {
  const bare = name.replace(/^\//, "").trim();
  const colon = bare.indexOf(":");
  if (colon < 0) return bare;
  const plugin = bare.slice(0, colon);
  const skill = bare.slice(colon + 1);
  if (installed.has(skill)) return skill;
  if (installed.has(plugin)) return plugin;
  return skill;
}

function jsonlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const files: string[] = [];
  const walk = (current: string, depth: number) => {
    for (const entry of readdirSync(current, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(current, entry.name);
      if (entry.isDirectory() && depth < 3) walk(path, depth + 1);
      else if (entry.isFile() && entry.name.endsWith(".jsonl")) files.push(path);
    }
  };
  if (statSync(dir).isDirectory()) walk(dir, 0);
  return files;
}

type Block = { type?: unknown; name?: unknown; input?: { skill?: unknown; command?: unknown }; text?: unknown };

// A slash command is recorded as `<command-name>/x</command-name>` (some versions drop the slash) or typed as the first word of the prompt.
const COMMAND_TAG = /<command-name>\s*\/?([\w.:-]+)\s*<\/command-name>/g;
const LEADING_SLASH = /^\s*\/([\w.:-]+)(?:\s|$)/;

/**
 * Counts skill invocations in Claude Code session JSONL under `dir`: `Skill` tool_use blocks
 * (`input.skill` or `input.command`) in assistant records, and slash commands naming an installed
 * skill in user records (built-ins such as `/clear` are not skills and are not counted).
 */
export function scanSkillUsage(dir: string, installed: ReadonlySet<string>): SkillUsageScan {
  const counts = new Map<string, number>();
  let malformed = 0;
  const files = jsonlFiles(dir);
  const add = (raw: string) => {
    const name = foldSkillName(raw, installed);
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  };
  for (const file of files) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (!line.trim()) continue;
      let record: { type?: unknown; message?: { content?: unknown } };
      try {
        record = JSON.parse(line) as typeof record;
      } catch {
        malformed++;
        continue;
      }
      const content = record?.message?.content;
      const blocks: Block[] = typeof content === "string" ? [{ type: "text", text: content }] : Array.isArray(content) ? (content as Block[]) : [];
      for (const block of blocks) {
        if (block?.type === "tool_use" && block.name === "Skill") {
          const name = block.input?.skill ?? block.input?.command;
          if (typeof name === "string") add(name);
        } else if (record.type === "user" && block?.type === "text" && typeof block.text === "string") {
          const named = [...block.text.matchAll(COMMAND_TAG)].map((match) => match[1]!);
          if (named.length === 0) {
            const leading = LEADING_SLASH.exec(block.text);
            if (leading) named.push(leading[1]!);
          }
          for (const raw of named) if (installed.has(foldSkillName(raw, installed))) add(raw);
        }
      }
    }
  }
  return { counts, sessions: files.length, malformed_lines: malformed };
}

/** Every installed skill and every invoked one, by count (highest first), then name. */
export function usageList(counts: ReadonlyMap<string, number>, installed: ReadonlySet<string>): SkillUsage[] {
  const names = new Set([...installed, ...counts.keys()]);
  return [...names]
    .map((skill) => ({ skill, invocation_count: counts.get(skill) ?? 0, installed: installed.has(skill) }))
    .sort((a, b) => b.invocation_count - a.invocation_count || (a.skill < b.skill ? -1 : a.skill > b.skill ? 1 : 0));
}
