import type { GraphPropertyFilter } from "./graph-types";
import { DEFAULT_PAGE_LIMIT } from "./schema";

/** The paging flags every graph-db list takes (`--cursor`, `--limit`, `--property`, `--edge-kind`). */
export interface GraphDbPageOptions {
  /** Exclusive: the `next_cursor` of the previous page. */
  cursor?: string | undefined;
  /** Page size; default 100, 0 means all. */
  limit?: number | undefined;
  /** Node or edge properties that must all match. */
  properties?: GraphPropertyFilter | undefined;
  edgeKinds?: readonly string[] | undefined;
}

/** The `page` object of every graph-db list: where it started, where the next one starts, what came back. */
export interface GraphDbPageReport {
  cursor: string | null;
  limit: number;
  next_cursor: string | null;
  returned_nodes: number;
  returned_edges: number;
  truncated: boolean;
  /** Present when the backend counted every match. */
  total?: number;
  diagnostics: string[];
}

/** Builds the `page` report of one list from the options it was asked with and the store's page. */
export function graphDbPageReport(
  options: Pick<GraphDbPageOptions, "cursor" | "limit">,
  page: { nextCursor: string | null; truncated: boolean; total?: number },
  returned: { nodes: number; edges: number },
): GraphDbPageReport {
  // The diagnostics name CLI flags on purpose: the same report is what `graph-db --json` prints.
  const diagnostics = ["cursor is exclusive and ordered by id"];
  if (page.truncated) diagnostics.push("result was truncated; pass page.next_cursor as --cursor for the next page");
  const report: GraphDbPageReport = {
    cursor: options.cursor ?? null,
    limit: options.limit ?? DEFAULT_PAGE_LIMIT,
    next_cursor: page.nextCursor,
    returned_nodes: returned.nodes,
    returned_edges: returned.edges,
    truncated: page.truncated,
    diagnostics,
  };
  if (page.total !== undefined) report.total = page.total;
  return report;
}
