import type { ConvexSnapshotProblem } from "./convex-snapshot";
import type { GraphCounts, ProjectionVersion } from "./graph-types";
import type { SqlGraphInspection } from "./sql/sql-graph-maintenance";

export type DoctorCheckStatus = "ok" | "warn" | "fail";

export interface DoctorCheck {
  name: string;
  status: DoctorCheckStatus;
  message: string;
  /** The command that fixes it, when one does. */
  repair?: string;
}

/** Everything the doctor looked at; absent facts skip their checks. */
export interface GraphDoctorFacts {
  /** Opening the store failed (newer schema, corrupt file): every other check is moot. */
  openError?: { code: string; message: string } | null;
  /** `PRAGMA quick_check` problems of a local file (empty: sound; null/absent: not checked). */
  integrity?: readonly string[] | null;
  inspection?: SqlGraphInspection | null;
  /** Convex snapshot validation problems (duplicates, dangling edges, index metadata). */
  convexProblems?: readonly ConvexSnapshotProblem[] | null;
  projection?: ProjectionVersion | null;
  /** The projection version this project's graph must hold (null: whatever was imported). */
  expectedProjectionVersion?: string | null;
  /** The projection compared with its source index. */
  freshness?: "current" | "stale" | "index_missing" | "not_projected" | null;
  counts?: GraphCounts | null;
  /** Set when the live file was locked and a snapshot copy was read. */
  recovery?: string | null;
}

/** Commands the report suggests, spelled for the caller's project and backend. */
export interface DoctorRepairCommands {
  refresh: string;
  /** Rebuilds the file from scratch (`refresh --force`, which moves an unusable file aside). */
  rebuild: string;
  compact: string;
  index: string;
  /** Re-export or re-sync a broken Convex snapshot. */
  resync: string;
}

export interface GraphDoctorReport {
  status: "ok" | "fail_closed";
  fail_closed: boolean;
  checks: DoctorCheck[];
  repair_commands: string[];
}

/** Tombstones beyond this many times the live rows are worth a warning (they only grow until reconciled). */
const TOMBSTONE_RETENTION_RATIO = 1;
/** Free pages worth a VACUUM: a quarter of the file and at least 1 MiB. */
const FREELIST_WARN_RATIO = 0.25;
const FREELIST_WARN_BYTES = 1 << 20;

/**
 * Turns the facts into checks. `fail` means reads from this store cannot be trusted
 * (wrong schema, wrong projection, missing hash or index, dangling or duplicate rows)
 * and the report fails closed; `warn` means it is usable but needs attention (stale,
 * tombstones piling up, free pages, a snapshot read).
 */
export function evaluateGraphDoctor(facts: GraphDoctorFacts, commands: DoctorRepairCommands): GraphDoctorReport {
  const checks: DoctorCheck[] = [];
  const add = (name: string, status: DoctorCheckStatus, message: string, repair?: string) =>
    checks.push(repair && status !== "ok" ? { name, status, message, repair } : { name, status, message });

  if (facts.openError) {
    const newer = facts.openError.code === "schema_newer";
    add("open", "fail", facts.openError.message, newer ? "upgrade tsift" : commands.rebuild);
    if (newer) checks[checks.length - 1]!.message = `${facts.openError.message} (fail closed: this tsift cannot read it)`;
    return finish(checks, newer ? [commands.rebuild] : []);
  }
  add("open", "ok", "store opened");
  if (facts.recovery) add("lock_recovery", "warn", `read a snapshot copy (${facts.recovery}): another process holds the live file's lock`, "tsift locks");
  if (facts.integrity) {
    const damaged = facts.integrity.length > 0;
    add(
      "integrity",
      damaged ? "fail" : "ok",
      damaged ? `quick_check: ${facts.integrity.slice(0, 3).join("; ")}` : "quick_check found every page sound",
      commands.rebuild,
    );
  }

  const inspection = facts.inspection;
  if (inspection) {
    const version = inspection.schema_version === inspection.supported_schema_version;
    add(
      "schema_version",
      version ? "ok" : "fail",
      version ? `schema version ${inspection.schema_version}` : `schema version ${inspection.schema_version}, expected ${inspection.supported_schema_version}`,
      commands.rebuild,
    );
    if (inspection.missing_tables.length > 0) add("tables", "fail", `missing table ${inspection.missing_tables.join(", ")}`, commands.rebuild);
    else add("tables", "ok", "all graph tables present");
    if (inspection.missing_indexes.length > 0) {
      for (const name of inspection.missing_indexes) add("indexes", "fail", `missing index ${name}`, commands.rebuild);
    } else add("indexes", "ok", "all required indexes present");
    const orphans = inspection.orphan_edges;
    add(
      "orphan_edges",
      orphans.count > 0 ? "fail" : "ok",
      orphans.count > 0 ? `${orphans.count} edge(s) reference missing nodes, e.g. ${orphans.sample.slice(0, 3).join(", ")}` : "every edge has both endpoints",
      commands.refresh,
    );
    add(
      "orphan_properties",
      inspection.orphan_properties > 0 ? "fail" : "ok",
      inspection.orphan_properties > 0 ? `${inspection.orphan_properties} property row(s) without an owner` : "every property row has its owner",
      commands.refresh,
    );
    const duplicates = inspection.duplicate_ids;
    if (duplicates && duplicates.count > 0)
      add(
        "duplicate_ids",
        "fail",
        `${duplicates.count} node id(s) or edge key(s) stored more than once, e.g. ${duplicates.sample.slice(0, 3).join(", ")}`,
        commands.rebuild,
      );
    else add("duplicate_ids", "ok", "node ids and edge keys are primary keys");
    const file = inspection.file;
    if (file && file.freelist_bytes >= FREELIST_WARN_BYTES && file.freelist_bytes >= file.size_bytes * FREELIST_WARN_RATIO) {
      add(
        "compaction",
        "warn",
        `${file.freelist_bytes} free bytes of ${file.size_bytes} (${Math.round((100 * file.freelist_bytes) / file.size_bytes)}%)`,
        commands.compact,
      );
    } else if (file) add("compaction", "ok", `${file.freelist_bytes} free bytes of ${file.size_bytes}`);
  }

  if (facts.convexProblems) {
    const problems = (kinds: string[]) => facts.convexProblems!.filter((problem) => kinds.includes(problem.kind));
    // A failed check names its first three problems; a passing one says what holds.
    const check = (name: string, found: { message: string }[], fine: string, shown = 3) =>
      add(
        name,
        found.length ? "fail" : "ok",
        found.length
          ? found
              .slice(0, shown)
              .map((p) => p.message)
              .join("; ")
          : fine,
        commands.resync,
      );
    check("duplicate_ids", problems(["duplicate_node", "duplicate_edge"]), "no duplicate externalId or edgeKey");
    check("orphan_edges", problems(["missing_from_node", "missing_to_node"]), "every edge has both endpoints");
    check("convex_indexes", problems(["missing_index"]), "required index metadata present", 1);
    const malformed = problems(["malformed", "edge_key_mismatch"]);
    if (malformed.length) check("rows", malformed, "");
  }

  const projection = facts.projection;
  if (projection === null && facts.expectedProjectionVersion) {
    add("projection_version", "fail", `no projection recorded; expected ${facts.expectedProjectionVersion}`, commands.refresh);
  } else if (projection) {
    const expected = facts.expectedProjectionVersion;
    const mismatch = expected && projection.projection_version !== expected;
    add(
      "projection_version",
      mismatch ? "fail" : "ok",
      mismatch ? `projection version mismatch: found ${projection.projection_version}, expected ${expected}` : `projection ${projection.projection_version}`,
      commands.refresh,
    );
    const hash = projection.content_hash;
    add("content_hash", hash ? "ok" : "fail", hash ? `content hash ${hash.slice(0, 16)}…` : "projection content hash is missing", commands.refresh);
  }

  if (facts.freshness === "stale") add("freshness", "warn", "the index changed since the projection was built", commands.refresh);
  else if (facts.freshness === "index_missing") add("freshness", "warn", "no code index to compare the projection with", commands.index);
  else if (facts.freshness === "current") add("freshness", "ok", "projection matches the index watermark");

  const counts = facts.counts;
  if (counts) {
    const live = counts.nodes + counts.edges;
    const retained = counts.tombstones.total > Math.max(1, live) * TOMBSTONE_RETENTION_RATIO;
    add(
      "tombstone_retention",
      retained ? "warn" : "ok",
      `${counts.tombstones.total} tombstone(s) for ${live} live row(s)${retained ? "; prune them once the Convex consumer has reconciled deletions" : ""}`,
      `${commands.compact} --prune-tombstones --confirmed-convex-reconciled`,
    );
  }
  return finish(checks, []);
}

function finish(checks: DoctorCheck[], extra: string[]): GraphDoctorReport {
  const failClosed = checks.some((check) => check.status === "fail");
  const repairs = [...new Set([...checks.filter((check) => check.status !== "ok" && check.repair).map((check) => check.repair!), ...extra])];
  return { status: failClosed ? "fail_closed" : "ok", fail_closed: failClosed, checks, repair_commands: repairs };
}
