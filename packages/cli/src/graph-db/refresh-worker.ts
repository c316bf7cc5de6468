import { parentPort, workerData } from "node:worker_threads";
import type { SqlGraphFileStats } from "@tsift/core";
import type { CodeGraphRefreshReport, IndexLocation } from "@tsift/index/code-graph";
import type { GraphDbTarget } from "./open-graph-store";

/** What the main thread sends: where to write, from which index, and how. */
export interface RefreshWorkerInput {
  target: GraphDbTarget;
  location: IndexLocation;
  scope: string;
  force: boolean;
}

export type RefreshWorkerOutput =
  | { ok: true; report: CodeGraphRefreshReport; file: SqlGraphFileStats | null }
  | { ok: false; error: { name: string; message: string; code?: string; hint?: string; details?: Record<string, unknown> } };

/**
 * Runs one projection rebuild on this thread (see graph-db-refresh.ts for why a thread):
 * opens the store, refreshes it from the index, reports back. Everything crosses the
 * thread boundary as plain data; errors keep their tsift code and hint.
 */
async function run(input: RefreshWorkerInput): Promise<RefreshWorkerOutput> {
  const { openGraphStore } = await import("./open-graph-store");
  const { refreshCodeGraph } = await import("@tsift/index/code-graph");
  try {
    const opened = await openGraphStore(input.target, { readOnly: false });
    try {
      const report = await refreshCodeGraph(opened.store, input.location, { scope: input.scope, ...(input.force ? { force: true } : {}) });
      const probe = (opened.store as { fileStats?: () => Promise<SqlGraphFileStats | null> }).fileStats;
      return { ok: true, report, file: typeof probe === "function" ? await probe.call(opened.store) : null };
    } finally {
      await opened.store.close();
    }
  } catch (error) {
    const e = error as Error & { code?: unknown; hint?: unknown; details?: unknown };
    return {
      ok: false,
      error: {
        name: e?.name ?? "Error",
        message: e?.message ?? String(error),
        ...(typeof e?.code === "string" ? { code: e.code } : {}),
        ...(typeof e?.hint === "string" ? { hint: e.hint } : {}),
        ...(e?.details && typeof e.details === "object" ? { details: JSON.parse(JSON.stringify(e.details)) as Record<string, unknown> } : {}),
      },
    };
  }
}

if (parentPort) parentPort.postMessage(await run(workerData as RefreshWorkerInput));
