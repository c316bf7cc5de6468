import { promptTarget } from "../session/extract";
import type { CoverageCounter } from "./coverage";
import type { SimRandom } from "./prng";

/** Prompt shapes: live asks, copied instruction ballast around one, and harness records that are no prompt at all. */
export const SESSION_CLASSES = [
  "live",
  "heading_ballast",
  "bold_label",
  "placeholder",
  "quote",
  "command_tag",
  "system_reminder",
  "interrupted",
  "long_line",
] as const;
export type SessionClass = (typeof SESSION_CLASSES)[number];

const ASKS = [
  "fix the flaky retry test in packages/index",
  "why does tsift search return no hits for getUser",
  "add a --limit option to the history command",
  "rename parseConfig to loadConfig everywhere",
  "review the diff of the last commit for regressions",
];

/** One user message of a class and the prompt target the extraction must find (null: none). */
export function generateSessionCase(random: SimRandom): { edgeClass: SessionClass; text: string; expected: string | null } {
  const edgeClass = random.pick(SESSION_CLASSES);
  const ask = random.pick(ASKS);
  switch (edgeClass) {
    case "live":
      return { edgeClass, text: random.int(2) ? ask : `${ask}\n\nthanks`, expected: ask };
    case "heading_ballast":
      return { edgeClass, text: `## Instructions\n### Task\n${ask}`, expected: ask };
    case "bold_label":
      return { edgeClass, text: `**Goal:**\n${ask}`, expected: ask };
    case "placeholder":
      return { edgeClass, text: `run /review <file> first\n${ask}`, expected: ask };
    case "quote":
      return { edgeClass, text: `> earlier: ${random.pick(ASKS)}\n${ask}`, expected: ask };
    case "command_tag":
      return { edgeClass, text: `<command-name>/clear</command-name>\n${ask}`, expected: null };
    case "system_reminder":
      return { edgeClass, text: `<system-reminder>\n${ask}\n</system-reminder>`, expected: null };
    case "interrupted":
      return { edgeClass, text: "[Request interrupted by user]", expected: null };
    case "long_line": {
      const long = `${ask} ${"and keep the output bounded ".repeat(10 + random.int(10))}`.trim();
      return { edgeClass, text: long, expected: `${long.slice(0, 197)}...` };
    }
  }
}

/**
 * A Claude Code transcript record carrying the message, as the session readers see it, so the
 * corpus also exercises the JSONL framing (the check runs the extraction on its content).
 */
export function claudeUserRecord(text: string, index: number): string {
  return JSON.stringify({
    type: "user",
    uuid: `u${index}`,
    timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
    message: { role: "user", content: text },
  });
}

export function simulateSession(random: SimRandom, coverage: CoverageCounter, failures: string[], index: number): void {
  const { edgeClass, text, expected } = generateSessionCase(random);
  coverage.hit("session", edgeClass);
  const record = JSON.parse(claudeUserRecord(text, index)) as { message: { content: string } };
  const found = promptTarget(record.message.content);
  if (found !== expected)
    failures.push(`session ${edgeClass} ${JSON.stringify(text.slice(0, 80))}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(found)}`);
}
