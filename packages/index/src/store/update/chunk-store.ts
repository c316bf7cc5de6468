import { createHash } from "node:crypto";
import type Database from "better-sqlite3";
import type { FileExtraction } from "@tsift/graph";

/** The search-term builders of @tsift/graph, handed in by the updater, which loads that package only when it writes. */
export type ChunkTerms = Pick<typeof import("@tsift/graph"), "identifierTerms" | "nameTerms" | "pathTerms">;

/**
 * Writes a file's search chunks and their FTS rows. Deleting goes the other way
 * round: `chunks` is one of PER_FILE_TABLES and a trigger removes the FTS row, so
 * the updater's existing per-file delete covers chunks without a call here. The
 * updater makes one `write` per extracted file, inside its SAVEPOINT.
 */
export class ChunkStore {
  private readonly insertChunk: Database.Statement;
  private readonly insertFts: Database.Statement;

  constructor(
    db: Database.Database,
    private readonly terms: ChunkTerms,
  ) {
    this.insertChunk = db.prepare(
      `INSERT INTO chunks (file, language, start_line, end_line, origin, symbol, symbol_kind, names, hash, text)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertFts = db.prepare("INSERT INTO chunks_fts (rowid, names, path, body, terms, doc) VALUES (?, ?, ?, ?, ?, ?)");
  }

  write(path: string, extraction: FileExtraction): void {
    // Chunks from an older extraction shape (a stale worker bundle) simply add nothing.
    const chunks = extraction.chunks ?? [];
    if (chunks.length === 0) return;
    const { identifierTerms, nameTerms, pathTerms } = this.terms;
    const pathText = pathTerms(path);
    for (const chunk of chunks) {
      const names = chunk.names.join("\n");
      const id = this.insertChunk.run(
        path,
        extraction.language,
        chunk.start_line,
        chunk.end_line,
        chunk.origin,
        chunk.symbol,
        chunk.symbol_kind,
        names,
        chunkHash(path, names, chunk.text),
        chunk.text,
      ).lastInsertRowid;
      this.insertFts.run(id, nameTerms(chunk.names), pathText, chunk.text, identifierTerms(chunk.text), chunk.doc ?? "");
    }
  }
}

/**
 * The key dense vectors are cached under: exactly what an encoder reads (path, names,
 * text; see @tsift/search embeddingText), so re-indexing a file keeps the vectors of its
 * unchanged chunks and nothing is reused for different input.
 */
export function chunkHash(path: string, names: string, text: string): string {
  return createHash("sha1").update(path).update("\0").update(names).update("\0").update(text).digest("hex");
}
