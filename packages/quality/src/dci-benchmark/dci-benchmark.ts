import { readFileSync } from "node:fs";
import { TsiftError } from "@tsift/core/light";
import { shippedDciBenchmarkFixturePath } from "../shipped-fixtures";

/** The strategy lanes the benchmark compares; a fixture without one of them is reported with a warning. */
export const DCI_LANES = ["exact_chained_rg", "lexical_bm25", "hybrid"] as const;

/** A localization task: a question an agent is given and the file that answers it. */
export interface DciTask {
  id: string;
  question: string;
  /** The file (project-relative) the strategy has to surface. */
  target: string;
}

/** One strategy's attempt at one task. */
export interface DciRun {
  task: string;
  lane: string;
  localized: boolean;
  tool_calls: number;
  latency_ms: number;
  estimated_tokens: number;
}

export interface DciBenchmarkFixture {
  version: 1;
  description?: string;
  /** What was searched and how the runs were recorded (free-form, kept in the report). */
  corpus?: Record<string, unknown>;
  tasks: DciTask[];
  runs: DciRun[];
}

export interface DciLaneSummary {
  lane: string;
  rank: number;
  tasks: number;
  localized: number;
  /** 0..1, four decimals. */
  localization_rate: number;
  avg_tool_calls: number;
  avg_latency_ms: number;
  avg_tokens: number;
}

export interface DciBenchmarkReport {
  fixture: string;
  tasks: number;
  lanes: DciLaneSummary[];
  warnings: string[];
}

function checkFixture(value: unknown, path: string): DciBenchmarkFixture {
  const fail = (why: string): never => {
    throw new TsiftError("invalid_input", `${path} is not a DCI benchmark fixture: ${why}`);
  };
  if (typeof value !== "object" || value === null) return fail('expected {"version":1,"tasks":[…],"runs":[…]}');
  const fixture = value as DciBenchmarkFixture;
  if (!Array.isArray(fixture.tasks) || !Array.isArray(fixture.runs)) fail('expected {"version":1,"tasks":[…],"runs":[…]}');
  if (fixture.version !== 1) fail(`unknown version ${String(fixture.version)}`);
  fixture.tasks.forEach((task, index) => {
    if (typeof task?.id !== "string" || typeof task.target !== "string") fail(`task ${index + 1} needs an id and a target`);
  });
  fixture.runs.forEach((run, index) => {
    const where = `run ${index + 1}`;
    if (typeof run?.task !== "string" || typeof run.lane !== "string") fail(`${where} needs a task and a lane`);
    if (typeof run.localized !== "boolean") fail(`${where} (${run.task}/${run.lane}): localized must be true or false`);
    for (const key of ["tool_calls", "latency_ms", "estimated_tokens"] as const)
      if (typeof run[key] !== "number" || !Number.isFinite(run[key]) || run[key] < 0) fail(`${where} (${run.task}/${run.lane}): ${key} must be a number ≥ 0`);
  });
  return fixture;
}

/** Reads and checks a benchmark file: the one at `path`, or the shipped one when none is given. */
export function readDciBenchmarkFixture(path: string = shippedDciBenchmarkFixturePath()): DciBenchmarkFixture {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw new TsiftError("not_found", `DCI benchmark fixture ${path} does not exist`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new TsiftError("invalid_input", `${path} is not JSON: ${(error as Error).message}`);
  }
  return checkFixture(value, path);
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const average = (values: readonly number[]) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0);

/**
 * Per lane: localization rate and the average agent budget (tool calls, latency, tokens), ranked
 * by localization first, then tokens, then tool calls. A run of a task the fixture does not
 * list, a lane missing altogether or missing some tasks, and a task run twice by one lane are
 * warnings (the later run counts), so a partial experiment still reads.
 */
export function evaluateDciBenchmark(fixture: DciBenchmarkFixture, path: string): DciBenchmarkReport {
  const warnings: string[] = [];
  const taskIds = new Set(fixture.tasks.map((task) => task.id));
  const byLane = new Map<string, Map<string, DciRun>>();
  for (const run of fixture.runs) {
    if (!taskIds.has(run.task)) {
      warnings.push(`run of unknown task ${run.task} (${run.lane}) ignored`);
      continue;
    }
    const lane = byLane.get(run.lane) ?? new Map<string, DciRun>();
    if (lane.has(run.task)) warnings.push(`${run.lane} ran ${run.task} twice; the later run counts`);
    lane.set(run.task, run);
    byLane.set(run.lane, lane);
  }
  for (const lane of DCI_LANES) if (!byLane.has(lane)) warnings.push(`lane ${lane} is missing`);
  const lanes = [...byLane].map(([lane, runs]) => {
    const list = [...runs.values()];
    if (list.length < taskIds.size) warnings.push(`lane ${lane} ran ${list.length} of ${taskIds.size} tasks`);
    const localized = list.filter((run) => run.localized).length;
    return {
      lane,
      rank: 0,
      tasks: list.length,
      localized,
      // Unrun tasks count as not localized: a lane cannot rank higher by skipping hard tasks.
      localization_rate: taskIds.size ? round(localized / taskIds.size, 4) : 0,
      avg_tool_calls: round(average(list.map((run) => run.tool_calls)), 2),
      avg_latency_ms: round(average(list.map((run) => run.latency_ms)), 1),
      avg_tokens: round(average(list.map((run) => run.estimated_tokens)), 1),
    };
  });
  lanes.sort(
    (a, b) =>
      b.localization_rate - a.localization_rate ||
      a.avg_tokens - b.avg_tokens ||
      a.avg_tool_calls - b.avg_tool_calls ||
      (a.lane < b.lane ? -1 : a.lane > b.lane ? 1 : 0),
  );
  lanes.forEach((lane, index) => (lane.rank = index + 1));
  return { fixture: path, tasks: taskIds.size, lanes, warnings };
}
