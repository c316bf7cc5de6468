import type { SqlExecutor, SqlValue } from "./sql-executor";
import { placeholders } from "./sql-fragments";

/** Parameters per multi-row statement: well under SQLite's 32766, big enough to amortize parsing. */
const MAX_PARAMS_PER_STATEMENT = 8000;
const MAX_ROWS_PER_STATEMENT = 500;

export function rowsPerStatement(columns: number): number {
  return Math.max(1, Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(MAX_PARAMS_PER_STATEMENT / columns)));
}

/** `(?,?,?),(?,?,?)…` texts, built once per shape so drivers that cache statements by text reuse them. */
const valuesTexts = new Map<string, string>();

function valuesText(columns: number, rows: number): string {
  const shape = `${columns}x${rows}`;
  let text = valuesTexts.get(shape);
  if (text === undefined) {
    const tuple = `(${placeholders(columns)})`;
    text = tuple + `,${tuple}`.repeat(rows - 1);
    if (valuesTexts.size < 256) valuesTexts.set(shape, text);
  }
  return text;
}

/**
 * Buffers rows for one multi-row `INSERT … VALUES` statement at a time. Callers add
 * values row by row and await `flush()` whenever `add` reports a full statement, so
 * 1M rows never need 1M intermediate arrays.
 */
export class RowInserter {
  private params: SqlValue[] = [];
  private rows = 0;
  private readonly perStatement: number;
  /** The full-statement text, kept so each flush hands the driver the same string (its statement-cache key). */
  private fullText: string | null = null;
  changes = 0;

  constructor(
    private readonly db: SqlExecutor,
    private readonly head: string,
    private readonly columns: number,
    private readonly tail = "",
  ) {
    this.perStatement = rowsPerStatement(columns);
  }

  /** Adds one row (exactly `columns` values); true when a full statement is buffered. */
  add(...values: SqlValue[]): boolean {
    for (let c = 0; c < this.columns; c++) this.params.push(values[c] ?? null);
    return ++this.rows >= this.perStatement;
  }

  /** Writes the buffered rows, if any; resolves to the total rows written so far. */
  async flush(): Promise<number> {
    if (this.rows === 0) return this.changes;
    const params = this.params;
    const rows = this.rows;
    this.params = [];
    this.rows = 0;
    let text: string;
    if (rows === this.perStatement) text = this.fullText ??= `${this.head} VALUES ${valuesText(this.columns, rows)}${this.tail}`;
    else text = `${this.head} VALUES ${valuesText(this.columns, rows)}${this.tail}`;
    this.changes += (await this.db.run(text, params)).changes;
    return this.changes;
  }
}

/**
 * Writes rows with multi-row `VALUES` statements in bounded chunks. Full chunks share
 * one SQL text, so drivers that cache prepared statements reuse it.
 */
export async function insertRows(db: SqlExecutor, head: string, columns: number, rows: readonly (readonly SqlValue[])[], tail = ""): Promise<number> {
  if (rows.length === 0) return 0;
  const inserter = new RowInserter(db, head, columns, tail);
  for (const row of rows) if (inserter.add(...row)) await inserter.flush();
  return inserter.flush();
}

/** Deletes rows whose `column` is one of `keys`, in bounded `IN` chunks; returns the rows deleted. */
export async function deleteKeys(db: SqlExecutor, table: string, column: string, keys: readonly string[]): Promise<number> {
  let changes = 0;
  const perStatement = rowsPerStatement(1);
  for (let start = 0; start < keys.length; start += perStatement) {
    const chunk = keys.slice(start, start + perStatement);
    changes += (await db.run(`DELETE FROM ${table} WHERE ${column} IN (${placeholders(chunk.length)})`, chunk)).changes;
  }
  return changes;
}

export function nowUnix(): number {
  return Math.floor(Date.now() / 1000);
}
