import type { ConvexProjectionMetadata, ConvexProjectionRows } from "./convex-snapshot";
import type { ConvexSyncChunk } from "./convex-sync-plan";
import { TsiftError } from "./errors";

/**
 * The HTTP action protocol `convex-sync` speaks (one POST endpoint, JSON in and out):
 *
 * - `{operation: "snapshotMeta", projectionMetaId}` → `{projection?, indexes, pageSize?}`
 * - `{operation: "snapshotNodesPage" | "snapshotEdgesPage", cursor, pageSize}` →
 *   `{page: rows[], continueCursor, isDone}` (Convex's paginate shape)
 * - `{operation: "upsertNodes" | "upsertEdges" | "deleteEdges" | "deleteNodes", chunk, rows}` → 2xx
 *
 * Mutations are idempotent by `externalId` and `edgeKey`, so a retried or replayed chunk
 * is harmless. The token rides in `Authorization: Bearer`, never in the URL.
 */
export interface ConvexTransport {
  endpoint: string;
  authToken?: string | undefined;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Pause between attempts, ms (tests pass 0). */
  backoffMs?: number;
}

export const CONVEX_SNAPSHOT_PAGE_SIZE = 1000;

/** Removes user info, query and fragment from a URL before it appears in a report. */
export function redactEndpoint(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return "<invalid url>";
  }
}

class HttpFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

async function post(transport: ConvexTransport, body: unknown): Promise<unknown> {
  const doFetch = transport.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(transport.endpoint, {
      method: "POST",
      headers: { "content-type": "application/json", ...(transport.authToken ? { authorization: `Bearer ${transport.authToken}` } : {}) },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new HttpFailure(`request failed: ${(error as Error).message}`, true);
  }
  const text = await response.text();
  // 5xx and 429 are the server's trouble and may pass; other 4xx will fail the same way again.
  if (!response.ok) throw new HttpFailure(`HTTP ${response.status}: ${text.slice(0, 200)}`, response.status >= 500 || response.status === 429);
  if (text.trim() === "") return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpFailure(`response is not JSON: ${text.slice(0, 120)}`, false);
  }
}

async function withRetries<T>(transport: ConvexTransport, attempts: number, call: () => Promise<T>): Promise<T> {
  let last: HttpFailure | undefined;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof HttpFailure)) throw error;
      last = error;
      if (!error.retryable) break;
      if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, (transport.backoffMs ?? 250) * attempt));
    }
  }
  throw last!;
}

function remoteError(transport: ConvexTransport, what: string, error: unknown): TsiftError {
  return new TsiftError("backend_error", `Convex ${what} at ${redactEndpoint(transport.endpoint)} failed: ${(error as Error).message}`, {
    cause: error,
    hint: "check --endpoint and the token in --auth-token-env, then rerun",
  });
}

/**
 * Pulls the remote projection: the cheap `snapshotMeta` first, and when its projection
 * hash already equals the local one, no row pages at all (freshness is current
 * without fetching every page); otherwise every node and edge page.
 */
export async function fetchRemoteSnapshot(
  transport: ConvexTransport,
  local: ConvexProjectionMetadata,
  attempts: number,
): Promise<{ rows: ConvexProjectionRows; pages: number; hashMatch: boolean }> {
  const call = (body: unknown) => withRetries(transport, attempts, () => post(transport, body));
  let meta: { projection?: ConvexProjectionMetadata; indexes?: ConvexProjectionRows["indexes"]; pageSize?: number };
  try {
    meta = ((await call({ operation: "snapshotMeta", projectionMetaId: local.projectionMetaId ?? null })) ?? {}) as typeof meta;
  } catch (error) {
    throw remoteError(transport, "snapshotMeta", error);
  }
  const indexes = Array.isArray(meta.indexes) ? meta.indexes : [];
  const hashMatch = Boolean(local.projectionHash && meta.projection?.projectionHash === local.projectionHash);
  if (hashMatch) return { rows: { projection: meta.projection!, indexes, nodes: [], edges: [] }, pages: 0, hashMatch };
  const pageSize = Number.isInteger(meta.pageSize) && meta.pageSize! > 0 ? meta.pageSize! : CONVEX_SNAPSHOT_PAGE_SIZE;
  let pages = 0;
  const readAll = async <T>(operation: string): Promise<T[]> => {
    const rows: T[] = [];
    let cursor: string | null = null;
    for (;;) {
      let page: { page?: T[]; continueCursor?: string | null; isDone?: boolean };
      try {
        page = ((await call({ operation, cursor, pageSize })) ?? {}) as typeof page;
      } catch (error) {
        throw remoteError(transport, operation, error);
      }
      pages++;
      rows.push(...(Array.isArray(page.page) ? page.page : []));
      if (page.isDone !== false || !page.continueCursor) return rows;
      cursor = page.continueCursor;
    }
  };
  const nodes = await readAll<ConvexProjectionRows["nodes"][number]>("snapshotNodesPage");
  const edges = await readAll<ConvexProjectionRows["edges"][number]>("snapshotEdgesPage");
  return { rows: { ...(meta.projection ? { projection: meta.projection } : {}), indexes, nodes, edges }, pages, hashMatch };
}

export interface ApplyOutcome {
  endpoint: string;
  chunks_total: number;
  chunks_applied: number;
  /** Requests sent, retries included (one per chunk when nothing was retried). */
  attempts: number;
  failed_chunk: number | null;
  error: string | null;
}

/**
 * Sends the chunks in plan order, each with bounded retries, and stops at the first
 * chunk that still fails: later chunks may depend on it (edges on nodes). Rerunning the
 * same command resumes safely because every mutation is idempotent.
 */
export async function applyChunks(transport: ConvexTransport, chunks: readonly ConvexSyncChunk[], attempts: number): Promise<ApplyOutcome> {
  const outcome: ApplyOutcome = {
    endpoint: redactEndpoint(transport.endpoint),
    chunks_total: chunks.length,
    chunks_applied: 0,
    attempts: 0,
    failed_chunk: null,
    error: null,
  };
  for (const chunk of chunks) {
    try {
      await withRetries(transport, attempts, () => {
        outcome.attempts++;
        return post(transport, { operation: chunk.operation, chunk: chunk.index, rows: chunk.rows });
      });
      outcome.chunks_applied++;
    } catch (error) {
      outcome.failed_chunk = chunk.index;
      outcome.error = (error as Error).message;
      break;
    }
  }
  return outcome;
}
