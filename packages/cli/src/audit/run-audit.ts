import { existsSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { TsiftError } from "@tsift/core/light";
import { auditSkills, skillAuditMarkdown, type SkillAuditReport } from "@tsift/quality";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { defineOutput } from "../output/output-spec";

const auditOutput = defineOutput<SkillAuditReport>({
  tool: "audit",
  text: (data) => {
    const lines = [`${data.summary.skills} skills: ${data.summary.healthy} healthy, ${data.summary.unhealthy} with issues`];
    for (const skill of data.skills)
      lines.push(
        `${skill.status === "ok" ? "ok  " : "FAIL"} ${skill.name}${skill.status === "ok" ? "" : ` (${skill.status})`}${skill.invocation_count === undefined ? "" : `, ${skill.invocation_count} uses`}`,
      );
    if (data.similar_pairs.length) lines.push("similar:");
    for (const pair of data.similar_pairs)
      lines.push(`  ${Math.round(pair.score * 100)}% ${pair.skill_a} / ${pair.skill_b}`, `    ${pair.desc_a}`, `    ${pair.desc_b}`);
    if (data.manifest) lines.push(`missing: ${data.manifest.missing.join(", ") || "none"}`, `orphan: ${data.manifest.orphan.join(", ") || "none"}`);
    if (data.usage) {
      lines.push(`usage (${data.sessions?.files ?? 0} session files):`);
      for (const entry of data.usage) lines.push(`  ${entry.invocation_count} ${entry.skill}${entry.installed ? "" : " (not installed)"}`);
    }
    if (data.cleanup) {
      lines.push(`cleanup: ${data.cleanup.recommendations.length} skills, ${data.cleanup.total_token_savings} ${data.tokenizer} tokens`);
      for (const entry of data.cleanup.recommendations) lines.push(`  ${entry.skill}: ${entry.reasons.join("; ")} (${entry.token_savings} tokens)`);
    }
    return lines.join("\n");
  },
  tables: [
    {
      columns: ["name", "status", "description", "tokens", "invocation_count"],
      rows: (data) => data.skills.map((skill) => [skill.name, skill.status, skill.description ?? "", skill.tokens, skill.invocation_count ?? null]),
    },
  ],
  envelope: {
    view: "report",
    summary: (data) => `${data.summary.skills} skills, ${data.summary.unhealthy} with issues, ${data.similar_pairs.length} similar pairs`,
    metrics: (data) => [
      { label: "skills", value: data.summary.skills },
      { label: "unhealthy", value: data.summary.unhealthy },
      { label: "similar_pairs", value: data.similar_pairs.length },
    ],
  },
});

/** `tsift audit` (`auditSkills`): the home and project skill directories unless `--skills-dir` names others. */
export async function runAudit(
  io: CliIo,
  flags: {
    skillsDirs: string[];
    manifest?: string | undefined;
    usage: boolean;
    sessionsDir?: string | undefined;
    cleanup: boolean;
    report?: string | undefined;
  },
): Promise<CommandResult<SkillAuditReport>> {
  const home = io.env.HOME;
  const skillsDirs = flags.skillsDirs.length
    ? flags.skillsDirs.map((dir) => resolve(io.cwd, dir))
    : [...(home ? [join(home, ".claude", "skills")] : []), join(io.cwd, ".claude", "skills")];
  // The default directories may not exist (no user or project skills); a named one that does not is a typo, not an empty audit.
  const absent = flags.skillsDirs.length ? skillsDirs.find((dir) => !existsSync(dir)) : undefined;
  if (absent)
    throw new TsiftError("not_found", `skills directory ${absent} does not exist`, { hint: "tsift audit --skills-dir <dir with one folder per skill>" });
  const sessionsDir = flags.sessionsDir !== undefined ? resolve(io.cwd, flags.sessionsDir) : home ? join(home, ".claude", "projects") : undefined;
  // Cleanup's "unused" check needs the usage counts, so it reads the sessions too.
  const wantUsage = flags.usage || flags.cleanup || flags.sessionsDir !== undefined;
  const report = await auditSkills({
    skillsDirs,
    ...(flags.manifest !== undefined ? { manifest: resolve(io.cwd, flags.manifest) } : {}),
    ...(wantUsage && sessionsDir !== undefined ? { sessionsDir } : {}),
    cleanup: flags.cleanup,
  });
  const notes: string[] = [];
  if (flags.report !== undefined) {
    writeFileSync(resolve(io.cwd, flags.report), skillAuditMarkdown(report));
    notes.push(`wrote ${flags.report}`);
  }
  if (report.sessions?.malformed_lines) notes.push(`skipped ${report.sessions.malformed_lines} malformed session lines`);
  return commandResult(report, auditOutput, notes.length ? { notes } : {});
}
