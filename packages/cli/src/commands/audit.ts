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
  async run(args, io) {
    const { runAudit } = await import("../audit/run-audit");
    return runAudit(io, {
      skillsDirs: args.skillsDir ?? [],
      manifest: args.manifest,
      usage: args.usage,
      sessionsDir: args.sessionsDir,
      cleanup: args.cleanup,
      report: args.report,
    });
  },
});
