import { existsSync, readFileSync } from "node:fs";
import { TsiftError } from "@tsift/core/light";
import { scanSkills, type SkillStatus } from "./scan-skills";
import { similarPairs, type SimilarPair } from "./skill-similarity";
import { scanSkillUsage, usageList, type SkillUsage } from "./skill-usage";

export interface AuditSkillsOptions {
  /** Skill directories, scanned in order (a name found twice is reported from the first). */
  skillsDirs: readonly string[];
  /** An expected-skills list: one name a line, `#` comments. */
  manifest?: string;
  /** Where Claude Code session JSONL lives; usage is counted when set. */
  sessionsDir?: string;
  /** Build the prune list (needs `sessionsDir` for the unused check). */
  cleanup?: boolean;
}

export interface AuditedSkill {
  name: string;
  path: string;
  status: SkillStatus;
  description: string | null;
  /** o200k_base tokens of SKILL.md: what loading it costs an agent. */
  tokens: number;
  /** Present when usage was counted. */
  invocation_count?: number;
}

export interface CleanupRecommendation {
  skill: string;
  reasons: string[];
  /** Tokens of the SKILL.md the removal saves. */
  token_savings: number;
}

export interface SkillAuditReport {
  skills_dirs: string[];
  skills: AuditedSkill[];
  summary: { skills: number; healthy: number; unhealthy: number };
  similar_pairs: SimilarPair[];
  manifest?: { path: string; missing: string[]; orphan: string[] };
  usage?: SkillUsage[];
  sessions?: { dir: string; files: number; malformed_lines: number };
  cleanup?: { recommendations: CleanupRecommendation[]; total_token_savings: number };
  tokenizer: string;
}

/** The similarity at which one of a pair is worth removing (the audit lists pairs from 30%). */
export const DUPLICATE_CLEANUP_SCORE = 0.5;

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function readManifest(path: string): string[] {
  if (!existsSync(path)) throw new TsiftError("not_found", `manifest ${path} does not exist`);
  return readFileSync(path, "utf8")
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*/, "").trim())
    .filter(Boolean);
}

/** `tsift audit`: health, manifest drift, near-duplicates, usage and a prune list for Claude Code skills. */
export async function auditSkills(options: AuditSkillsOptions): Promise<SkillAuditReport> {
  const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
  const scanned = scanSkills(options.skillsDirs);
  const installed = new Set(scanned.map((skill) => skill.name));
  const skills: AuditedSkill[] = scanned.map((skill) => ({
    name: skill.name,
    path: skill.path,
    status: skill.status,
    description: skill.description,
    tokens: skill.text ? countTokens(skill.text) : 0,
  }));
  const healthy = skills.filter((skill) => skill.status === "ok").length;
  const report: SkillAuditReport = {
    skills_dirs: [...options.skillsDirs],
    skills,
    summary: { skills: skills.length, healthy, unhealthy: skills.length - healthy },
    similar_pairs: similarPairs(scanned),
    tokenizer: "o200k_base",
  };
  if (options.manifest !== undefined) {
    const expected = new Set(readManifest(options.manifest));
    report.manifest = {
      path: options.manifest,
      missing: [...expected].filter((name) => !installed.has(name)).sort(byName),
      orphan: [...installed].filter((name) => !expected.has(name)).sort(byName),
    };
  }
  if (options.sessionsDir !== undefined) {
    const usage = scanSkillUsage(options.sessionsDir, installed);
    report.usage = usageList(usage.counts, installed);
    report.sessions = { dir: options.sessionsDir, files: usage.sessions, malformed_lines: usage.malformed_lines };
    for (const skill of skills) skill.invocation_count = usage.counts.get(skill.name) ?? 0;
  }
  if (options.cleanup) {
    const reasons = new Map<string, string[]>();
    const flag = (name: string, reason: string) => reasons.set(name, [...(reasons.get(name) ?? []), reason]);
    for (const skill of skills) {
      if (skill.status !== "ok") flag(skill.name, skill.status);
      if (skill.invocation_count === 0) flag(skill.name, "unused");
    }
    // Of a near-duplicate pair the less used one goes (the later name on a tie), so the pair keeps one skill.
    for (const pair of report.similar_pairs.filter((candidate) => candidate.score >= DUPLICATE_CLEANUP_SCORE)) {
      const uses = (name: string) => skills.find((skill) => skill.name === name)?.invocation_count ?? 0;
      const drop = uses(pair.skill_a) > uses(pair.skill_b) ? pair.skill_b : uses(pair.skill_b) > uses(pair.skill_a) ? pair.skill_a : pair.skill_b;
      const keep = drop === pair.skill_a ? pair.skill_b : pair.skill_a;
      flag(drop, `duplicate of ${keep} (${Math.round(pair.score * 100)}%)`);
    }
    const recommendations = [...reasons]
      .map(([skill, why]) => ({ skill, reasons: why, token_savings: skills.find((entry) => entry.name === skill)?.tokens ?? 0 }))
      .sort((a, b) => b.token_savings - a.token_savings || byName(a.skill, b.skill));
    report.cleanup = { recommendations, total_token_savings: recommendations.reduce((sum, entry) => sum + entry.token_savings, 0) };
  }
  return report;
}

const cell = (text: string | number | null | undefined) =>
  String(text ?? "")
    .replace(/\|/g, "\\|")
    .replace(/\s+/g, " ");

/** The audit as a markdown document (skills table, duplicates, manifest drift, prune list). */
export function skillAuditMarkdown(report: SkillAuditReport): string {
  const lines = [
    "# Skill audit",
    "",
    `${report.summary.skills} skills in ${report.skills_dirs.join(", ") || "(no directory)"}: ${report.summary.healthy} healthy, ${report.summary.unhealthy} with issues.`,
    "",
    "## Skills",
    "",
    "| status | name | description | uses | tokens |",
    "| --- | --- | --- | --- | --- |",
    ...report.skills.map(
      (skill) => `| ${skill.status} | ${cell(skill.name)} | ${cell(skill.description)} | ${skill.invocation_count ?? "-"} | ${skill.tokens} |`,
    ),
    "",
    "## Duplicate pairs",
    "",
    ...(report.similar_pairs.length
      ? report.similar_pairs.map((pair) => `- ${Math.round(pair.score * 100)}% ${pair.skill_a} / ${pair.skill_b}`)
      : ["No pairs at 30% or more."]),
  ];
  if (report.manifest)
    lines.push("", "## Manifest", "", `- missing: ${report.manifest.missing.join(", ") || "none"}`, `- orphan: ${report.manifest.orphan.join(", ") || "none"}`);
  if (report.cleanup)
    lines.push(
      "",
      "## Cleanup",
      "",
      ...(report.cleanup.recommendations.length
        ? report.cleanup.recommendations.map((entry) => `- ${entry.skill}: ${entry.reasons.join("; ")} (saves ${entry.token_savings} tokens)`)
        : ["Nothing to prune."]),
      "",
      `Total savings: ${report.cleanup.total_token_savings} ${report.tokenizer} tokens.`,
    );
  return `${lines.join("\n")}\n`;
}
