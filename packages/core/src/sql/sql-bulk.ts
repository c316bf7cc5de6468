import type { SqlExecutor, SqlValue } from "./sql-executor";
import { placeholders } from "./sql-fragments";

/** Parameters per multi-row statement: well under SQLite's 32766, big enough to amortize parsing. */
const MAX_PARAMS_PER_STATEMENT = 8000;
const MAX_ROWS_PER_STATEMENT = 500;

export function rowsPerStatement(columns: number): number {
  return Math.max(1, Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(MAX_PARAMS_PER_STATEMENT / columns)));
}

/**
 * Writes rows with multi-row `VALUES` statements in bounded chunks. Full chunks share
 * one SQL text, so drivers that cache prepared statements reuse it.
 */
export async function insertRows(
  db: SqlExecutor,
  head: string,
  columns: number,
  rows: readonly (readonly SqlValue[])[],
  tail = "",
): Promise<number> {
  if (rows.length === 0) return 0;
  const perStatement = rowsPerStatement(columns);
  const tuple = `(${placeholders(columns)})`;
  let changes = 0;
  for (let start = 0; start < rows.length; start += perStatement) {
    const end = Math.min(rows.length, start + perStatement);
    const params: SqlValue[] = [];
    for (let i = start; i < end; i++) {
      const row = rows[i]!;
      for (let c = 0; c < columns; c++) params.push(row[c] ?? null);
    }
    const values = tuple + `,${tuple}`.repeat(end - start - 1);
    changes += (await db.run(`${head} VALUES ${values}${tail}`, params)).changes;
  }
  return changes;
}

/** Deletes `(owner, key)` pairs with row-value IN lists in bounded chunks. */
export async function deletePairs(db: SqlExecutor, table: string, ownerColumn: string, pairs: readonly (readonly [string, string])[]): Promise<number> {
  let changes = 0;
  const perStatement = rowsPerStatement(2);
  for (let start = 0; start < pairs.length; start += perStatement) {
    const chunk = pairs.slice(start, start + perStatement);
    const params = chunk.flatMap(([owner, key]) => [owner, key]);
    const values = "(?,?)" + ",(?,?)".repeat(chunk.length - 1);
    changes += (await db.run(`DELETE FROM ${table} WHERE (${ownerColumn}, key) IN (VALUES ${values})`, params)).changes;
  }
  return changes;
}

export function nowUnix(): number {
  return Math.floor(Date.now() / 1000);
}
