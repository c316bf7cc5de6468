import { resolve } from "node:path";
import { isTsiftError, type GraphDoctorFacts } from "@tsift/core";
import type { DoctorData, DoctorFacts } from "@tsift/index/code-graph";
import type { CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import { defineOutput } from "../output/output-spec";
import { graphDbDisplay, graphDbPlace, indexLocationFor, isLocalFileBackend } from "./graph-db-context";
import { displayPath, localGraphDbExists, openGraphStore, type GraphDbTarget } from "./open-graph-store";

export type { DoctorData };

/** What doctor reads from a Convex snapshot file: its validation problems, without trusting it. */
async function convexFacts(target: GraphDbTarget): Promise<GraphDoctorFacts> {
  const { readConvexSnapshotFile, validateConvexSnapshot } = await import("@tsift/core");
  const path = resolve(target.root, target.convexSnapshot ?? "");
  try {
    const raw = await readConvexSnapshotFile(path);
    return { convexProblems: validateConvexSnapshot(raw).problems };
  } catch (error) {
    if (!isTsiftError(error)) throw error;
    return { openError: { code: error.code, message: error.message } };
  }
}

/** The facts of a SQL store (local file or remote libSQL); an open failure is itself a fact. */
async function storeFacts(target: GraphDbTarget): Promise<DoctorFacts> {
  let opened: Awaited<ReturnType<typeof openGraphStore>>;
  try {
    opened = await openGraphStore(target, { readOnly: true });
  } catch (error) {
    if (!isTsiftError(error)) throw error;
    return { openError: { code: error.code, message: error.message } };
  }
  try {
    const { graphStoreDoctorFacts } = await import("@tsift/index/code-graph");
    const index = isLocalFileBackend(target) ? await indexLocationFor(target) : null;
    return await graphStoreDoctorFacts(opened.store, index, graphDbPlace(target), opened);
  } finally {
    await opened.store.close();
  }
}

/**
 * Validates the existing store without refreshing it first, and fails closed (exit 1,
 * report still printed) when reads from it cannot be trusted: a newer or older schema,
 * a projection of another version or without its content hash, a missing index,
 * orphan or duplicate rows. Repair commands say what to run.
 */
export async function graphDbDoctor(target: GraphDbTarget): Promise<CommandResult<DoctorData>> {
  const startedAt = process.hrtime.bigint();
  const { graphDbDoctorData } = await import("@tsift/index/code-graph");
  let facts: DoctorFacts;
  if (target.backend === "convex-snapshot") facts = await convexFacts(target);
  else if (!localGraphDbExists(target)) facts = { openError: { code: "not_found", message: `no graph.db at ${graphDbDisplay(target)}` } };
  else facts = await storeFacts(target);
  const location = target.backend === "convex-snapshot" ? displayPath(target.root, resolve(target.root, target.convexSnapshot ?? "")) : graphDbDisplay(target);
  const data = graphDbDoctorData(facts, graphDbPlace(target), {
    missing: !localGraphDbExists(target) && target.backend !== "convex-snapshot",
    location,
    startedAt,
  });
  const failures = data.checks.filter((check) => check.status === "fail").map((check) => check.message);
  // The stderr line ends like every error's, with the first repair that is a command to run.
  const next = data.repair_commands.find((command) => command.startsWith("tsift "));
  return {
    data,
    root: target.root,
    exitCode: data.fail_closed ? EXIT_CODES.checkFailed : EXIT_CODES.ok,
    notes: data.fail_closed ? [`tsift: graph-db doctor failed closed: ${failures.join("; ")}${next ? ` (next: ${next})` : ""}`] : [],
  };
}

const mark = { ok: "ok  ", warn: "warn", fail: "FAIL" } as const;

export const doctorOutput = defineOutput<DoctorData>({
  tool: "graph-db",
  pathKeys: ["location"],
  text: (data) =>
    [
      `graph-db doctor ${data.backend}: ${data.status} (${data.location})`,
      ...data.checks.map((check) => `  ${mark[check.status]} ${check.name}: ${check.message}`),
      ...(data.repair_commands.length ? [`repair: ${data.repair_commands.join("\n        ")}`] : []),
    ].join("\n"),
  compact: (data) =>
    `gdb doctor ${data.status} fail:${data.checks.filter((c) => c.status === "fail").length} warn:${data.checks.filter((c) => c.status === "warn").length} ${data.location}`,
  tables: [{ columns: ["name", "status", "message"], rows: (data) => data.checks.map((check) => [check.name, check.status, check.message]) }],
  envelope: {
    view: "report",
    summary: (data) => `graph-db doctor: ${data.status}`,
    metrics: (data) => [
      { label: "status", value: data.status },
      { label: "failed", value: data.checks.filter((c) => c.status === "fail").length },
      { label: "warnings", value: data.checks.filter((c) => c.status === "warn").length },
    ],
    followUp: (data) => data.repair_commands,
    truncated: () => false,
  },
});
