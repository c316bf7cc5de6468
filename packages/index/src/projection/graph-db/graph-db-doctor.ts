import { existsSync } from "node:fs";
import {
  evaluateGraphDoctor,
  isTsiftError,
  graphDbPrefix,
  tsiftCommand,
  type DoctorRepairCommands,
  type GraphDbPlace,
  type GraphDoctorFacts,
  type GraphDoctorReport,
  type GraphStore,
  type SqlGraphInspection,
} from "@tsift/core";
import { CODE_PROJECTION_VERSION } from "../code-graph/code-graph-ids";
import { codeGraphFreshness, type CodeGraphFreshnessState } from "../code-graph/refresh-code-graph";
import type { IndexLocation } from "../../walk/index-location";

/** What `tsift graph-db doctor --json` reports. */
export interface DoctorData extends GraphDoctorReport {
  operation: "doctor";
  backend: string;
  location: string;
  recovery: string | null;
  duration_micros: number;
}

/** Facts about a store plus where it is, as doctor reports them. */
export type DoctorFacts = GraphDoctorFacts & { location?: string; backend?: string };

export function doctorRepairCommands(place: GraphDbPlace): DoctorRepairCommands {
  const prefix = graphDbPrefix(place);
  return {
    refresh: `${prefix} refresh`,
    // --force moves a local file it cannot use aside before rebuilding, so no `rm` is needed.
    rebuild: `${prefix} refresh --force`,
    compact: `${prefix} compact --apply`,
    index: tsiftCommand(place, "index"),
    resync: `${tsiftCommand(place, "convex-sync")} --snapshot <rows.json> --apply --endpoint <url>`,
  };
}

/**
 * How a local store's code projection compares with its index (`unknown` for stores
 * tsift does not project into). Advice on top of a read that succeeded: a broken index
 * reads as `unknown` rather than failing it.
 */
export async function graphStoreFreshness(
  store: GraphStore,
  index: IndexLocation | null,
  place: Pick<GraphDbPlace, "scope" | "localFile">,
): Promise<CodeGraphFreshnessState | "unknown"> {
  if (!place.localFile || index === null) return "unknown";
  try {
    return (await codeGraphFreshness(store, index, place.scope ?? "root")).state;
  } catch {
    return "unknown";
  }
}

/**
 * The facts doctor judges an open SQL store (local file or remote libSQL) by; `index` is
 * the local projection's source, null for remote stores. A local file is quick_checked
 * (`integrity`); damage or a missing table met while reading is itself a fact (`openError`,
 * repaired by `refresh --force`), not a failure of the command.
 */
export async function graphStoreDoctorFacts(
  store: GraphStore,
  index: IndexLocation | null,
  place: GraphDbPlace,
  opened: { location: string; recovery: string | null },
): Promise<DoctorFacts> {
  try {
    return await readDoctorFacts(store, index, place, opened);
  } catch (error) {
    if (!(isTsiftError(error, "corrupt_data") || isTsiftError(error, "schema_mismatch"))) throw error;
    return { openError: { code: error.code, message: error.message }, recovery: opened.recovery, location: opened.location, backend: store.backend };
  }
}

async function readDoctorFacts(
  store: GraphStore,
  index: IndexLocation | null,
  place: GraphDbPlace,
  opened: { location: string; recovery: string | null },
): Promise<DoctorFacts> {
  const quickCheck = (store as { quickCheck?: () => string[] }).quickCheck;
  // First: a damaged page makes every later read's answer suspect.
  const integrity = typeof quickCheck === "function" ? quickCheck.call(store) : null;
  const inspect = (store as { inspect?: () => Promise<SqlGraphInspection> }).inspect;
  const inspection = typeof inspect === "function" ? await inspect.call(store) : null;
  const projection = await store.projectionStatus(place.scope ?? "root");
  const counts = await store.counts();
  const freshness = await graphStoreFreshness(store, index, place);
  // A project with a code index expects the code projection; imported rows elsewhere may carry any version.
  const expected = place.localFile && index !== null && existsSync(index.dbPath) ? CODE_PROJECTION_VERSION : null;
  return {
    integrity,
    inspection,
    projection,
    expectedProjectionVersion: expected,
    freshness: freshness === "unknown" || freshness === "not_projected" ? null : freshness,
    counts,
    recovery: opened.recovery,
    location: opened.location,
    backend: store.backend,
  };
}

/**
 * Judges the facts: fails closed when reads from the store cannot be trusted (a newer or
 * older schema, a projection of another version or without its content hash, a missing
 * index, orphan or duplicate rows), with the commands that repair it.
 */
export function graphDbDoctorData(facts: DoctorFacts, place: GraphDbPlace, options: { missing: boolean; location: string; startedAt: bigint }): DoctorData {
  const report = evaluateGraphDoctor(facts, doctorRepairCommands(place));
  if (options.missing) report.repair_commands = [`${graphDbPrefix(place)} refresh`];
  return {
    operation: "doctor",
    backend: facts.backend ?? place.backend,
    location: facts.location ?? options.location,
    recovery: facts.recovery ?? null,
    ...report,
    duration_micros: Number((process.hrtime.bigint() - options.startedAt) / 1000n),
  };
}

/** `tsift graph-db doctor` on an open store (null: no graph.db at `place.display`). Validates; never refreshes. */
export async function doctorGraphDb(
  store: GraphStore | null,
  index: IndexLocation,
  place: GraphDbPlace,
  opened: { location: string; recovery: string | null },
): Promise<DoctorData> {
  const startedAt = process.hrtime.bigint();
  const facts: DoctorFacts = store
    ? await graphStoreDoctorFacts(store, index, place, opened)
    : { openError: { code: "not_found", message: `no graph.db at ${place.display}` } };
  return graphDbDoctorData(facts, place, { missing: store === null, location: opened.location, startedAt });
}
