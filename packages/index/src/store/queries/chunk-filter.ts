/** Filters over chunks and symbols: `path` is a root-relative file or directory prefix, `languages` and `kinds` are alternatives. */
export interface IndexRowFilters {
  path?: string;
  languages?: readonly string[];
  kinds?: readonly string[];
}

/** `./src/`, `src/`, `src` all mean `src`; `.` and empty mean no filter. */
export function normalizePathFilter(path: string | undefined): string | null {
  if (path === undefined) return null;
  const normalized = path
    .replace(/\\/g, "/")
    .replace(/^(\.\/)+/, "")
    .replace(/\/+$/, "");
  return normalized === "" || normalized === "." ? null : normalized;
}

/**
 * A WHERE fragment for the shared filters over a table with `file` and `language`
 * columns; `kindColumn` names the kind column (`symbol_kind` on chunks, `kind` on symbols).
 */
export function rowFilterSql(filters: IndexRowFilters, kindColumn: string): { sql: string; params: string[] } {
  const clauses: string[] = [];
  const params: string[] = [];
  const prefix = normalizePathFilter(filters.path);
  if (prefix !== null) {
    // GLOB, unlike LIKE, is case-sensitive and has no `_` wildcard; escape its own metacharacters.
    clauses.push("(file = ? OR file GLOB ?)");
    params.push(prefix, `${prefix.replace(/[*?[]/g, "[$&]")}/*`);
  }
  if (filters.languages && filters.languages.length > 0) {
    clauses.push(`language IN (${filters.languages.map(() => "?").join(",")})`);
    params.push(...filters.languages);
  }
  if (filters.kinds && filters.kinds.length > 0) {
    clauses.push(`${kindColumn} IN (${filters.kinds.map(() => "?").join(",")})`);
    params.push(...filters.kinds);
  }
  return { sql: clauses.join(" AND "), params };
}

/** Whether the filters restrict anything. */
export function hasRowFilters(filters: IndexRowFilters): boolean {
  return rowFilterSql(filters, "kind").sql !== "";
}
