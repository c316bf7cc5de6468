import { parentPort, workerData } from "node:worker_threads";
import type { GraphStore, SqlGraphFileStats } from "@tsift/core";
import { refreshCodeGraph, type CodeGraphRefreshReport } from "../code-graph/refresh-code-graph";
import type { IndexLocation } from "../../walk/index-location";
import type { GraphStoreWorkerOpen } from "./refresh-graph-db-file";

/** What the refreshing thread sends: the file to write, how to open it, from which index, and how. */
export interface RefreshWorkerInput {
  file: string;
  open: GraphStoreWorkerOpen;
  location: IndexLocation;
  scope: string;
  force: boolean;
}

export type RefreshWorkerOutput =
  | { ok: true; report: CodeGraphRefreshReport; file: SqlGraphFileStats | null }
  | { ok: false; error: { name: string; message: string; code?: string; hint?: string; details?: Record<string, unknown> } };

type Opener = (file: string, ...args: unknown[]) => Promise<GraphStore>;

/**
 * Runs one projection rebuild on this thread (see refresh-graph-db-file.ts for why a
 * thread): opens the store as the caller described it, refreshes it from the index,
 * reports back. Everything crosses the thread boundary as plain data; errors keep their
 * tsift code and hint.
 */
async function run(input: RefreshWorkerInput): Promise<RefreshWorkerOutput> {
  try {
    const module = (await import(input.open.module)) as Record<string, unknown>;
    const open = module[input.open.export] as Opener;
    const store = await open(input.file, ...(input.open.args ?? []));
    try {
      const report = await refreshCodeGraph(store, input.location, { scope: input.scope, ...(input.force ? { force: true } : {}) });
      const probe = (store as { fileStats?: () => Promise<SqlGraphFileStats | null> }).fileStats;
      return { ok: true, report, file: typeof probe === "function" ? await probe.call(store) : null };
    } finally {
      await store.close();
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
