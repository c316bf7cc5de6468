import { existsSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { defineCommand } from "../definition/define-command";

/** `tsift audit`: Claude Code skill directories — health, manifest drift, near-duplicates, usage, a prune list. */
export const audit = defineCommand({
  name: "audit",
  summary: "Claude Code skills: health, manifest drift, near-duplicates, usage from sessions, a prune list with token savings",
  helpOrder: 540,
  positionals: [],
  options: {
    skillsDir: { type: "array", description: "skill directories to scan (repeatable; default ~/.claude/skills and the project's .claude/skills)" },
    manifest: { type: "string", description: "expected skills, one name a line (`#` comments): reports missing and orphan skills" },
    usage: { type: "boolean", default: false, description: "count Skill invocations in Claude Code session JSONL" },
    sessionsDir: { type: "string", description: "where the session JSONL lives (default ~/.claude/projects; implies --usage)" },
    cleanup: { type: "boolean", default: false, description: "list skills worth removing (broken, unused, near-duplicate) with the tokens each saves" },
    report: { type: "string", description: "also write the audit as a markdown report to this file" },
  },
  examples: [
    { command: "tsift audit --manifest skills.txt", description: "health and drift against an expected list" },
    { command: "tsift audit --usage --cleanup --report audit.md", description: "everything, with a markdown report for a nightly job" },
  ],
  // The home and project skill directories unless `--skills-dir` names others.
  async run(options, io) {
    const [{ TsiftError }, { auditSkills, skillAuditMarkdown }] = await Promise.all([import("@tsift/core/light"), import("@tsift/quality")]);
    const named = options.skillsDir ?? [];
    const home = io.env.HOME;
    const skillsDirs = named.length
      ? named.map((dir) => resolve(io.cwd, dir))
      : [...(home ? [join(home, ".claude", "skills")] : []), join(io.cwd, ".claude", "skills")];
    // The default directories may not exist (no user or project skills); a named one that does not is a typo, not an empty audit.
    const absent = named.length ? skillsDirs.find((dir) => !existsSync(dir)) : undefined;
    if (absent)
      throw new TsiftError("not_found", `skills directory ${absent} does not exist`, { hint: "tsift audit --skills-dir <dir with one folder per skill>" });
    const sessionsDir = options.sessionsDir !== undefined ? resolve(io.cwd, options.sessionsDir) : home ? join(home, ".claude", "projects") : undefined;
    // Cleanup's "unused" check needs the usage counts, so it reads the sessions too.
    const wantUsage = options.usage || options.cleanup || options.sessionsDir !== undefined;
    const data = await auditSkills({
      skillsDirs,
      ...(options.manifest !== undefined ? { manifest: resolve(io.cwd, options.manifest) } : {}),
      ...(wantUsage && sessionsDir !== undefined ? { sessionsDir } : {}),
      cleanup: options.cleanup,
    });
    const notes: string[] = [];
    if (options.report !== undefined) {
      writeFileSync(resolve(io.cwd, options.report), skillAuditMarkdown(data));
      notes.push(`wrote ${options.report}`);
    }
    if (data.sessions?.malformed_lines) notes.push(`skipped ${data.sessions.malformed_lines} malformed session lines`);
    return { data, ...(notes.length ? { notes } : {}) };
  },
  output: async () => (await import("../audit/audit-output")).auditOutput,
});
