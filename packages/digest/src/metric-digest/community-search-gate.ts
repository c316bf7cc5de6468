import type { CommunityGateCheck, CommunitySearchGate, MetricRun } from "./metric-digest-types";

const PREFIXES = ["communities", "community_search"] as const;
const REQUIRED_WORKLOADS = ["real", "synthetic_multi_module"] as const;
/** Runtime may grow by at most this share against the compared run. */
const RUNTIME_SLACK = 0.25;
const FLOORS = [
  { check: "handle_coverage", metric: "handle_coverage_pct", min: 95 },
  { check: "duplicate_name_precision", metric: "duplicate_name_precision", min: 0.99 },
  { check: "top_community_stability", metric: "top_community_stability", min: 0.95 },
] as const;
const MUST_PASS = ["stale_behavior_pass", "no_tagpath_behavior_pass"] as const;

/** `communities.<workload>.<metric>` or `community_search.<workload>.<metric>`, whichever the run has. */
function lookup(metrics: Record<string, number>, workload: string, names: readonly string[]): { metric: string; value: number } | null {
  for (const name of names)
    for (const prefix of PREFIXES) {
      const metric = `${prefix}.${workload}.${name}`;
      const value = metrics[metric];
      if (value !== undefined) return { metric, value };
    }
  return null;
}

/**
 * The community-search gate, present when the current run has community metrics: both
 * the real and the synthetic multi-module workload must be there; runtime must not
 * regress more than 25% against the compared run; handle coverage >= 95%, duplicate-name
 * precision >= 0.99, top-community stability >= 0.95, and the stale and no-tagpath
 * behaviour checks must report 1.
 */
export function communitySearchGate(current: MetricRun, compared: MetricRun | null): CommunitySearchGate | null {
  const workloads = new Set<string>();
  for (const name of Object.keys(current.metrics)) {
    const match = /^(?:communities|community_search)\.([^.]+)\./.exec(name);
    if (match) workloads.add(match[1]!);
  }
  if (workloads.size === 0) return null;
  const checks: CommunityGateCheck[] = [];
  const missing = REQUIRED_WORKLOADS.filter((workload) => !workloads.has(workload));
  for (const workload of missing)
    checks.push({
      workload,
      check: "workload_present",
      metric: null,
      value: null,
      requirement: "present",
      status: "fail",
      reason: "required workload missing",
    });

  for (const workload of REQUIRED_WORKLOADS.filter((name) => workloads.has(name))) {
    const runtime = lookup(current.metrics, workload, ["duration_micros", "runtime_micros"]);
    const before = compared ? lookup(compared.metrics, workload, ["duration_micros", "runtime_micros"]) : null;
    const requirement = `<= +${RUNTIME_SLACK * 100}% vs compared`;
    if (!runtime)
      checks.push({ workload, check: "runtime", metric: null, value: null, requirement, status: "fail", reason: "no duration_micros or runtime_micros" });
    else if (!before || before.value <= 0)
      checks.push({ workload, check: "runtime", metric: runtime.metric, value: runtime.value, requirement, status: "pass", reason: "no compared runtime" });
    else {
      const growth = runtime.value / before.value - 1;
      const ok = growth <= RUNTIME_SLACK;
      checks.push({
        workload,
        check: "runtime",
        metric: runtime.metric,
        value: runtime.value,
        requirement,
        status: ok ? "pass" : "fail",
        ...(ok ? {} : { reason: `runtime grew ${(growth * 100).toFixed(1)}% (from ${before.value})` }),
      });
    }
    for (const floor of FLOORS) {
      const found = lookup(current.metrics, workload, [floor.metric]);
      const ok = found !== null && found.value >= floor.min;
      checks.push({
        workload,
        check: floor.check,
        metric: found?.metric ?? null,
        value: found?.value ?? null,
        requirement: `>= ${floor.min}`,
        status: ok ? "pass" : "fail",
        ...(ok ? {} : { reason: found ? `below ${floor.min}` : `no ${floor.metric}` }),
      });
    }
    for (const name of MUST_PASS) {
      const found = lookup(current.metrics, workload, [name]);
      const ok = found?.value === 1;
      checks.push({
        workload,
        check: name,
        metric: found?.metric ?? null,
        value: found?.value ?? null,
        requirement: "== 1",
        status: ok ? "pass" : "fail",
        ...(ok ? {} : { reason: found ? "behaviour check failed" : `no ${name}` }),
      });
    }
  }
  return {
    status: checks.every((check) => check.status === "pass") ? "pass" : "fail",
    workloads: [...workloads].sort(),
    missing_workloads: missing,
    checks,
  };
}
