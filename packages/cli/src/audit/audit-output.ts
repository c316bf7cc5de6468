import type { SkillAuditReport } from "@tsift/quality";
import { defineOutput } from "../output/output-spec";

export const auditOutput = defineOutput<SkillAuditReport>({
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
