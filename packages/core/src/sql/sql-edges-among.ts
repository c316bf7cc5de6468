import { compareIds } from "../compare-ids";
import type { GraphEdge } from "../graph-types";
import { decodeEdgeRow, type EncodedEdgeRow } from "../rows";
import type { SqlExecutor } from "./sql-executor";
import { EDGE_COLUMNS, IN_CHUNK_SIZE, SqlWhere, chunked } from "./sql-fragments";

/**
 * Edges with both endpoints in `nodeIds`. A set that fits one `IN` list filters both
 * endpoints in SQL, so only member-to-member rows are decoded: for a page of 50 files
 * on effect's src/ that is 326 rows instead of their 3,842 outgoing edges. Larger sets
 * are read by bounded chunks over the from-index and filtered here.
 */
export async function edgesAmong(db: SqlExecutor, nodeIds: readonly string[], kinds: readonly string[] | undefined): Promise<GraphEdge[]> {
  const members = new Set(nodeIds);
  const found: GraphEdge[] = [];
  if (members.size === 0) return found;
  if (members.size <= IN_CHUNK_SIZE) {
    const ids = [...members];
    // `+to_id` keeps the to-index out of the plan: seeking every member's incoming edges
    // costs a hub's whole in-degree (8k callers at 1M rows), while the from-side seek
    // costs only the members' out-degrees, which the walk already paid for.
    const where = new SqlWhere().inList("from_id", ids).inList("+to_id", ids).inList("kind", kinds);
    for (const row of await db.all<Omit<EncodedEdgeRow, "row_hash">>(`SELECT ${EDGE_COLUMNS} FROM graph_edges${where.toSql()}`, where.params))
      found.push(decodeEdgeRow(row));
    return found.sort((a, b) => compareIds(a.id, b.id));
  }
  for (const chunk of chunked([...members], IN_CHUNK_SIZE)) {
    const where = new SqlWhere().inList("from_id", chunk).inList("kind", kinds);
    const rows = await db.all<Omit<EncodedEdgeRow, "row_hash">>(`SELECT ${EDGE_COLUMNS} FROM graph_edges${where.toSql()}`, where.params);
    for (const row of rows) if (members.has(row.to_id)) found.push(decodeEdgeRow(row));
  }
  return found.sort((a, b) => compareIds(a.id, b.id));
}
