import { cpSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type Database from "better-sqlite3";
import { indexLocation, openIndexReader, updateIndex, type IndexLocation } from "../src/index";

export interface IndexedFixture {
  root: string;
  location: IndexLocation;
  db: Database.Database;
  /** Re-opens the reader (after the index changed). */
  reopen(): Promise<void>;
  close(): Promise<void>;
}

/** A temp copy of `fixtures/<name>`, indexed by updateIndex and opened read-only. */
export async function indexFixture(name: string): Promise<IndexedFixture> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), `tsift-${name}-`)));
  cpSync(fileURLToPath(new URL(`../../../fixtures/${name}`, import.meta.url)), root, { recursive: true });
  const location = indexLocation(root);
  await updateIndex(location, { workers: 0 });
  let reader = openIndexReader(location);
  const fixture: IndexedFixture = {
    root,
    location,
    db: reader.database,
    async reopen() {
      await reader.close();
      reader = openIndexReader(location);
      fixture.db = reader.database;
    },
    async close() {
      await reader.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
  return fixture;
}
