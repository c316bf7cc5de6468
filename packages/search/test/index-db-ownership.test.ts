import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repo = join(dirname(fileURLToPath(import.meta.url)), "../../..");

const TABLES = "(symbols|chunks|chunks_fts|chunk_vectors|calls|files|meta|imports|routes|dir_state|member_types)";

/**
 * Statements against index.db's tables; @tsift/index is the only package allowed to run
 * them. SQL keywords are matched in capitals, as this codebase writes them, so prose
 * ("split into chunks") does not count.
 */
const INDEX_DB_SQL = [
  new RegExp(`\\b(FROM|JOIN|INSERT( OR \\w+)? INTO|UPDATE|DELETE FROM)\\s+${TABLES}\\b`),
  /\bchunk_vectors\b/,
  /\bINDEXED BY idx_(symbols|chunks|calls)_/,
];

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(path));
    else if (/\.(ts|mts|js|mjs)$/.test(entry.name) && !/\.test\.[a-z]+$/.test(entry.name)) out.push(path);
  }
  return out;
}

describe("index.db has one owner", () => {
  it("no package but @tsift/index runs SQL against index.db's tables", () => {
    const roots = [
      join(repo, "src"),
      ...readdirSync(join(repo, "packages"))
        .filter((name) => name !== "index")
        .map((name) => join(repo, "packages", name, "src")),
    ];
    const offenders: string[] = [];
    let scanned = 0;
    for (const root of roots) {
      let files: string[];
      try {
        files = sources(root);
      } catch {
        continue;
      }
      for (const file of files) {
        scanned++;
        readFileSync(file, "utf8")
          .split("\n")
          .forEach((line, at) => {
            if (INDEX_DB_SQL.some((pattern) => pattern.test(line))) offenders.push(`${relative(repo, file)}:${at + 1}: ${line.trim()}`);
          });
      }
    }
    // The walk found the other packages' sources (search's own among them), so an empty list means something.
    expect(scanned).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });

  it("the patterns catch the statements search used to run itself", () => {
    for (const line of [
      'db.prepare("SELECT vector FROM chunk_vectors WHERE encoder = ?")',
      "FROM symbols INDEXED BY idx_symbols_name_lower WHERE",
      'db.prepare("SELECT count(*) FROM chunks")',
      'prepare("SELECT path FROM files WHERE skip_reason IS NULL")',
      "INSERT INTO calls (caller) VALUES (?)",
    ]) {
      expect(INDEX_DB_SQL.some((pattern) => pattern.test(line))).toBe(true);
    }
  });
});
