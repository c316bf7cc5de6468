import type Database from "better-sqlite3";
import { TsiftError, isTsiftError, shellArg, type TsiftErrorCode } from "@tsift/core/light";
import { openSqliteConnection, openSqliteReadOnly, sqliteQuickCheck } from "@tsift/sqlite";
import { INDEX_MIGRATIONS, INDEX_SCHEMA_VERSION } from "./index-schema";
import type { IndexLocation } from "../walk/index-location";
import { pathArg } from "../walk/command-place";

/**
 * The command that rebuilds this index from its sources, whatever state the file is in,
 * as typed from `cwd` (the project as a path argument unless it is `cwd` itself), so the
 * `next:` of an error works where the command was run.
 */
export function indexRepairHint(location: IndexLocation, cwd: string = process.cwd()): string {
  const at = pathArg(cwd, location.projectRoot);
  return `tsift index --rebuild${at === "." ? "" : ` ${at}`}${location.scope ? ` --submodule ${shellArg(location.scope)}` : ""}`;
}

/** Why an index.db cannot be used as it is, in the codes the CLI maps to exit 6. */
export interface IndexFileProblem {
  code: Extract<TsiftErrorCode, "corrupt_data" | "schema_mismatch" | "schema_newer">;
  reason: string;
}

const shapes = new Map<number, Map<string, Set<string>>>();

/**
 * The tables and columns a file at schema `version` holds, read from an in-memory
 * database the migrations built, so the check follows every migration without a second
 * list of columns to keep in step.
 */
function expectedShape(version: number): Map<string, Set<string>> {
  let shape = shapes.get(version);
  if (shape) return shape;
  const memory = openSqliteConnection(":memory:", {});
  try {
    for (const statements of INDEX_MIGRATIONS.slice(0, version)) for (const statement of statements) memory.database.exec(statement);
    shape = readShape(memory.database);
  } finally {
    memory.database.close();
  }
  shapes.set(version, shape);
  return shape;
}

function readShape(db: Database.Database): Map<string, Set<string>> {
  const rows = db
    .prepare("SELECT m.name AS name, p.name AS col FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table' ORDER BY m.name, p.cid")
    .all() as { name: string; col: string }[];
  const shape = new Map<string, Set<string>>();
  for (const row of rows) {
    let columns = shape.get(row.name);
    if (!columns) shape.set(row.name, (columns = new Set()));
    columns.add(row.col);
  }
  return shape;
}

/**
 * What is missing from an index.db at schema `version`: the first absent table or
 * column, or null. Reads only the schema (well under a millisecond on a 50 MB index), so
 * every open can afford it.
 */
export function indexShapeProblem(db: Database.Database, version: number): string | null {
  const actual = readShape(db);
  for (const [table, columns] of expectedShape(version)) {
    const present = actual.get(table);
    if (!present) return `missing table ${table}`;
    for (const column of columns) if (!present.has(column)) return `missing column ${table}.${column}`;
  }
  return null;
}

/** A TsiftError for `problem`, naming the file and the rebuild that repairs it. */
export function indexFileError(location: IndexLocation, problem: IndexFileProblem): TsiftError {
  const hint = indexRepairHint(location);
  return new TsiftError(problem.code, `${location.dbPath}: ${problem.reason}`, {
    details: { path: location.dbPath, reason: problem.reason },
    hint: problem.code === "schema_newer" ? `upgrade tsift, or rebuild the index with \`${hint}\`` : hint,
  });
}

function asProblem(error: unknown): IndexFileProblem | null {
  if (isTsiftError(error, "corrupt_data") || isTsiftError(error, "schema_mismatch") || isTsiftError(error, "schema_newer")) {
    return { code: error.code as IndexFileProblem["code"], reason: error.message };
  }
  return null;
}

/**
 * Whether index.db can be used as it is: it opens as SQLite, its schema version is one
 * this tsift knows, it holds every table and column of that version, and (with `quick`)
 * `PRAGMA quick_check` finds every page sound. Null when it can, or when there is no
 * file. Other failures (permissions, a writer's lock) are thrown: they are not the file's fault.
 */
export function indexFileProblem(location: IndexLocation, options: { quick?: boolean } = {}): IndexFileProblem | null {
  let connection;
  try {
    connection = openSqliteReadOnly(location.dbPath, { repairHint: indexRepairHint(location) });
  } catch (error) {
    if (isTsiftError(error, "not_found")) return null;
    const problem = asProblem(error);
    if (problem) return problem;
    throw error;
  }
  try {
    const db = connection.database;
    const version = Number(db.pragma("user_version", { simple: true }));
    if (version > INDEX_SCHEMA_VERSION)
      return { code: "schema_newer", reason: `index schema ${version} is newer than this tsift understands (${INDEX_SCHEMA_VERSION})` };
    if (version < 0) return { code: "schema_mismatch", reason: `index schema ${version} is not a tsift schema version` };
    const missing = indexShapeProblem(db, version);
    if (missing) return { code: "schema_mismatch", reason: missing };
    if (options.quick) {
      const problems = sqliteQuickCheck(db, 3);
      if (problems.length > 0) return { code: "corrupt_data", reason: `quick_check: ${problems.join("; ")}` };
    }
    return null;
  } catch (error) {
    const problem = asProblem(error);
    if (problem) return problem;
    throw error;
  } finally {
    void connection.close();
  }
}
