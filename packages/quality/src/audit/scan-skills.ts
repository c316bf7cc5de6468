import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join } from "node:path";

/** Why a skill is unhealthy; `ok` when none applies. */
export type SkillStatus = "ok" | "broken_symlink" | "unreadable" | "missing_skill_md" | "empty_skill_md" | "no_description";

export interface ScannedSkill {
  name: string;
  /** The skills directory it was found in. */
  root: string;
  path: string;
  status: SkillStatus;
  symlink: boolean;
  description: string | null;
  /** SKILL.md without its front matter. */
  body: string;
  /** The text of SKILL.md (empty when it cannot be read). */
  text: string;
}

/**
 * Reads the `description` of a SKILL.md front matter: a plain, quoted or folded (`>`/`|`) scalar.
 * Only the keys at the top level count, so a nested `metadata.description` is not mistaken for it.
 */
export function parseFrontMatter(text: string): { description: string | null; body: string } {
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== "---") return { description: null, body: text };
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === "---");
  if (end < 0) return { description: null, body: text };
  let description: string | null = null;
  for (let index = 1; index < end; index++) {
    const match = /^description:\s*(.*)$/.exec(lines[index]!);
    if (!match) continue;
    let value = match[1]!.trim();
    if (value === "" || /^[>|][-+]?$/.test(value)) {
      const folded: string[] = [];
      while (index + 1 < end && (/^\s+\S/.test(lines[index + 1]!) || lines[index + 1]!.trim() === "")) folded.push(lines[++index]!.trim());
      value = folded.filter(Boolean).join(" ");
    } else if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
    description = value.trim() || null;
    break;
  }
  return { description, body: lines.slice(end + 1).join("\n") };
}

function scanOne(root: string, name: string): ScannedSkill {
  const path = join(root, name);
  const symlink = lstatSync(path).isSymbolicLink();
  const base = { name, root, path, symlink, description: null, body: "", text: "" };
  if (symlink && !existsSync(path)) return { ...base, status: "broken_symlink" };
  let skillMd: string;
  try {
    const real = symlink ? realpathSync(path) : path;
    if (!statSync(real).isDirectory()) return { ...base, status: "unreadable" };
    readdirSync(real);
    skillMd = join(real, "SKILL.md");
  } catch {
    return { ...base, status: "unreadable" };
  }
  if (!existsSync(skillMd)) return { ...base, status: "missing_skill_md" };
  let text: string;
  try {
    text = readFileSync(skillMd, "utf8");
  } catch {
    return { ...base, status: "unreadable" };
  }
  if (text.trim() === "") return { ...base, text, status: "empty_skill_md" };
  const { description, body } = parseFrontMatter(text);
  return { ...base, text, body, description, status: description ? "ok" : "no_description" };
}

/**
 * Every skill directory under the given roots, sorted by name. A name found in two roots is
 * reported from the first (the user's skills shadow nothing; the project's come after).
 */
export function scanSkills(roots: readonly string[]): ScannedSkill[] {
  const byName = new Map<string, ScannedSkill>();
  for (const root of roots) {
    if (!existsSync(root)) continue;
    for (const entry of readdirSync(root, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (entry.name.startsWith(".") || byName.has(entry.name)) continue;
      if (!entry.isDirectory() && !entry.isSymbolicLink()) continue;
      byName.set(entry.name, scanOne(root, entry.name));
    }
  }
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
