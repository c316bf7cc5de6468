import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import {
  TsiftError,
  exportGraphRows,
  importGraphDbRows,
  readGraphDbEdge,
  readGraphDbEdges,
  readGraphDbIncident,
  readGraphDbKind,
  readGraphDbNeighborhood,
  readGraphDbNode,
  readGraphDbPath,
  readGraphRowsFile,
  type GraphDbNeighborhoodOptions,
  type GraphDbPageOptions,
  type GraphDbPathOptions,
} from "@tsift/core";
import { commandResult, type CommandResult } from "../command-result";
import { reportError } from "../error-report";
import { EXIT_CODES } from "../exit-codes";
import { graphDbExportOutput, graphDbImportOutput, type GraphDbStatusData } from "./graph-db-output";
import { graphDbFreshness, type GraphDbFreshness } from "./graph-db-freshness";
import { graphDbDisplay, graphDbPlace, graphDbPrefix } from "./graph-db-context";
import { displayPath, graphDbPath, localGraphDbExists, openGraphStore, type GraphDbTarget, type OpenedGraphStore } from "./open-graph-store";

async function withStore<D>(
  target: GraphDbTarget,
  body: (opened: OpenedGraphStore, freshness: () => Promise<GraphDbFreshness>) => Promise<CommandResult<D>>,
): Promise<CommandResult<D>> {
  const opened = await openGraphStore(target, { readOnly: true });
  try {
    // Read at most once per command: status reports it, every read notes a stale one.
    let checked: Promise<GraphDbFreshness> | undefined;
    const freshness = () => (checked ??= graphDbFreshness(target, opened.store));
    const result = await body(opened, freshness);
    if (opened.recovery)
      result.notes = [...(result.notes ?? []), `note: read a snapshot copy (${opened.recovery}) because another process holds the graph.db lock`];
    // Reads answer from graph.db as it is; a projection trailing its index says how to refresh.
    const { note } = await freshness();
    if (note) result.notes = [...(result.notes ?? []), note];
    return { ...result, root: target.root };
  } finally {
    await opened.store.close();
  }
}

export async function graphDbStatus(target: GraphDbTarget): Promise<CommandResult<GraphDbStatusData>> {
  const { graphDbStatus: statusOf } = await import("@tsift/index/code-graph");
  if (!localGraphDbExists(target)) {
    const data = await statusOf(null, null, graphDbPlace(target), { opened: { location: graphDbDisplay(target), recovery: null } });
    return { data, root: target.root };
  }
  return withStore(target, async (opened, checkFreshness) => {
    await refuseDamagedPages(target, opened);
    const data = await statusOf(opened.store, null, graphDbPlace(target), { opened, freshness: async () => (await checkFreshness()).state });
    return { data };
  });
}

/** What to run when an id is not in the graph: list the ids there are. */
const listIdsHint = (target: GraphDbTarget) => `${graphDbPrefix(target)} kind <kind>`;

/** A missing node or endpoint, thrown by a read, gains the hint; exit 3 in the standard one-line form. */
async function withNotFoundHint<T>(target: GraphDbTarget, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof TsiftError && error.code === "not_found" && !error.hint)
      throw new TsiftError("not_found", error.message, { hint: listIdsHint(target), details: error.details, cause: error });
    throw error;
  }
}

/** Capped requests (GRAPH_QUERY_LIMITS) print one `warning:` line each on stderr. */
const warningNotes = (data: { warnings?: readonly string[] }) => (data.warnings ?? []).map((warning) => `warning: ${warning}`);

/** `node`/`edge` keep `{node: null}` as their data, and say what is missing in the standard error line. */
const missingNote = (what: string, hint: string) => reportError(new TsiftError("not_found", what, { hint }), false).line;

export function graphDbNode(target: GraphDbTarget, id: string) {
  return withStore(target, async ({ store }) => {
    const data = await readGraphDbNode(store, id);
    return {
      data,
      exitCode: data.node ? EXIT_CODES.ok : EXIT_CODES.notFound,
      notes: data.node ? [] : [missingNote(`node ${id} is not in the graph`, listIdsHint(target))],
    };
  });
}

export function graphDbEdge(target: GraphDbTarget, id: string) {
  return withStore(target, async ({ store }) => {
    const data = await readGraphDbEdge(store, id);
    return {
      data,
      exitCode: data.edge ? EXIT_CODES.ok : EXIT_CODES.notFound,
      notes: data.edge ? [] : [missingNote(`edge ${id} is not in the graph`, `${graphDbPrefix(target)} edges --limit 20`)],
    };
  });
}

export function graphDbEdges(target: GraphDbTarget, flags: GraphDbPageOptions) {
  return withStore(target, async ({ store }) => {
    const data = await readGraphDbEdges(store, flags);
    return { data, notes: warningNotes(data) };
  });
}

export function graphDbIncident(target: GraphDbTarget, id: string, flags: GraphDbPageOptions) {
  return withStore(target, async ({ store }) => {
    const data = await withNotFoundHint(target, () => readGraphDbIncident(store, id, flags));
    return { data, notes: warningNotes(data) };
  });
}

export function graphDbKind(target: GraphDbTarget, kind: string, flags: GraphDbPageOptions) {
  return withStore(target, async ({ store }) => {
    const data = await readGraphDbKind(store, kind, flags);
    return { data, notes: warningNotes(data) };
  });
}

export function graphDbNeighborhood(target: GraphDbTarget, id: string, flags: GraphDbNeighborhoodOptions) {
  return withStore(target, async ({ store }) => {
    const data = await withNotFoundHint(target, () => readGraphDbNeighborhood(store, id, flags));
    return { data, notes: warningNotes(data) };
  });
}

export function graphDbShortestPath(target: GraphDbTarget, from: string, to: string, flags: GraphDbPathOptions) {
  return withStore(target, async ({ store }) => {
    const data = await withNotFoundHint(target, () => readGraphDbPath(store, from, to, flags));
    return { data, notes: warningNotes(data) };
  });
}

export async function graphDbImport(target: GraphDbTarget, file: string): Promise<CommandResult> {
  // Read (and validate) the file before opening the store, so a bad file never creates graph.db.
  const rows = await readGraphRowsFile(resolve(target.root, file));
  const opened = await openGraphStore(target, { readOnly: false });
  try {
    const data = await importGraphDbRows(opened.store, rows, { scope: target.scope, location: opened.location });
    return commandResult(data, graphDbImportOutput, { root: target.root });
  } finally {
    await opened.store.close();
  }
}

/**
 * The rows document is the library's `exportGraphRows`; writing it to `--out` stays here
 * because choosing stdout or a file (and how the file is named in the report) is output.
 */
export function graphDbExport(target: GraphDbTarget, out: string | undefined): Promise<CommandResult> {
  return withStore(target, async ({ store }): Promise<CommandResult> => {
    const document = await exportGraphRows(store, target.scope ?? "root");
    // Rows on stdout are machine data: JSON in every mode, no spec.
    if (!out) return { data: document };
    const path = resolve(target.root, out);
    try {
      await writeFile(path, `${JSON.stringify(document)}\n`);
    } catch (error) {
      throw new TsiftError("io_error", `cannot write ${path}: ${(error as Error).message}`, {
        cause: error,
        hint: "check that the --out directory exists and is writable",
      });
    }
    return commandResult(
      { operation: "export" as const, out: displayPath(target.root, path), nodes: document.nodes.length, edges: document.edges.length },
      graphDbExportOutput,
    );
  });
}

/**
 * A local graph.db that something other than a tsift writer changed since one left it
 * sound is checked page by page before status reports on it: damage is `corrupt_data`
 * (exit 6) naming the forced rebuild, whichever pages it hit.
 */
async function refuseDamagedPages(target: GraphDbTarget, opened: OpenedGraphStore): Promise<void> {
  const quickCheck = (opened.store as { quickCheck?: () => string[] }).quickCheck;
  if (target.backend !== "sqlite" || target.url || typeof quickCheck !== "function") return;
  const path = target.file ?? graphDbPath(target.root, target.scope);
  const { sqliteFileUnchangedSinceSound } = await import("@tsift/sqlite");
  if (sqliteFileUnchangedSinceSound(path)) return;
  const problems = quickCheck.call(opened.store);
  if (problems.length === 0) return;
  throw new TsiftError("corrupt_data", `${displayPath(target.root, path)} is corrupt: quick_check: ${problems.slice(0, 3).join("; ")}`, {
    details: { path },
    hint: `${graphDbPrefix(target)} refresh --force`,
  });
}
