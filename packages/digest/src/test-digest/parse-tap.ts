import { expectedActual, leadingSpaces, normalizePath, parseJsFrame, splitError, toNumber } from "./parse-helpers";
import type { RawFailure, RawRun, TestCounts, TestFrame } from "./test-digest-types";

const RESULT = /^(\s*)(not ok|ok)\b\s*(\d+)?\s*(?:-\s*)?(.*)$/;
const DIRECTIVE = /\s+#\s*(SKIP|TODO)\b.*$/i;
const TRAILER = /^#\s*(tests|pass|fail|skipped|skip|todo|cancelled|duration_ms)\s+(\d+(?:\.\d+)?)\s*$/;

type Yaml = Map<string, string[]>;

/** The `---`…`...` block under a result: top-level keys with their (possibly block) values. */
function readYaml(lines: readonly string[], start: number, indent: number): { yaml: Yaml; end: number } {
  const yaml: Yaml = new Map();
  if (lines[start]?.trim() !== "---" || leadingSpaces(lines[start]!) <= indent) return { yaml, end: start };
  const base = leadingSpaces(lines[start]!);
  let key: string | null = null;
  let i = start + 1;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "...") return { yaml, end: i + 1 };
    if (line.trim() !== "" && leadingSpaces(line) < base) break;
    const entry = /^\s*([A-Za-z_][\w]*):\s?(.*)$/.exec(line);
    if (entry && leadingSpaces(line) === base) {
      key = entry[1]!;
      const value = entry[2]!;
      yaml.set(key, value === "|-" || value === "|" || value === ">-" || value === "" ? [] : [unquote(value)]);
    } else if (key !== null) {
      yaml.get(key)!.push(line.trim());
    }
  }
  return { yaml, end: i };
}

function unquote(value: string): string {
  const text = value.trim();
  if (text.length >= 2 && ((text.startsWith("'") && text.endsWith("'")) || (text.startsWith('"') && text.endsWith('"')))) {
    return text.slice(1, -1).replace(/''/g, "'");
  }
  return text;
}

function locationFrame(value: string | undefined): TestFrame | null {
  if (!value) return null;
  const match = /^(.+):(\d+)(?::(\d+))?$/.exec(value);
  return match ? { file: normalizePath(match[1]!), line: Number(match[2]), column: toNumber(match[3]), function: null } : null;
}

/**
 * TAP 13/14 (node:test's tap reporter and other producers): `not ok` lines with their
 * YAML diagnostics. A failed suite (`type: 'suite'`, `subtestsFailed`) is not a failure
 * of its own; `# SKIP`/`# TODO` results are not failures.
 */
export function parseTap(lines: readonly string[]): RawRun {
  const failures: RawFailure[] = [];
  const trailer = new Map<string, number>();
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const info = TRAILER.exec(line.trim());
    if (info && leadingSpaces(line) === 0) {
      trailer.set(info[1] === "skip" ? "skipped" : info[1]!, Number(info[2]));
      continue;
    }
    const result = RESULT.exec(line);
    if (!result) continue;
    const indent = result[1]!.length;
    const description = result[4] ?? "";
    const directive = DIRECTIVE.exec(description);
    const { yaml, end } = readYaml(lines, i + 1, indent);
    if (end > i + 1) i = end - 1;
    const suite = yaml.get("type")?.[0] === "suite" || yaml.get("failureType")?.[0] === "subtestsFailed";
    if (suite) continue;
    if (directive) {
      skipped++;
      continue;
    }
    if (result[2] === "ok") {
      passed++;
      continue;
    }
    failed++;
    const errorLines = yaml.get("error") ?? yaml.get("message") ?? [];
    const stack = (yaml.get("stack") ?? []).map(parseJsFrame).filter((frame): frame is TestFrame => frame !== null);
    const type = yaml.get("name")?.[0] ?? null;
    const first = errorLines.find((entry) => entry.trim() !== "") ?? description;
    const error = type ? { error_type: type, message: first.trim() } : splitError(first);
    const pair = expectedActual(errorLines);
    const expected = yaml.get("expected");
    const actual = yaml.get("actual");
    failures.push({
      name: description.replace(DIRECTIVE, "").trim() || `test ${result[3] ?? "?"}`,
      ...error,
      expected: expected ? expected.join(" ").trim() : pair.expected,
      actual: actual ? actual.join(" ").trim() : pair.actual,
      frames: stack,
      location: locationFrame(yaml.get("location")?.[0] ?? yaml.get("at")?.[0]),
    });
  }
  const counts: Partial<TestCounts> = {
    failed: trailer.get("fail") ?? failed,
    passed: trailer.get("pass") ?? passed,
    skipped: trailer.has("skipped") || trailer.has("todo") ? (trailer.get("skipped") ?? 0) + (trailer.get("todo") ?? 0) : skipped,
    ...(trailer.has("tests") ? { total: trailer.get("tests")! } : {}),
  };
  const duration = trailer.get("duration_ms");
  return { failures, counts, duration_ms: duration === undefined ? null : Math.round(duration), notes: [] };
}
