/** Opens a GraphStore per backend from the BUILT packages (build them first). */
import { join } from "node:path";

export const BACKENDS = ["sqlite", "libsql"];

export async function openerFor(backend) {
  if (backend === "sqlite") {
    const { openSqliteGraphStore } = await import("@tsift/sqlite");
    return { file: (dir, name) => join(dir, `${name}.db`), open: (path) => openSqliteGraphStore(path) };
  }
  if (backend === "libsql") {
    let mod;
    try {
      mod = await import("@tsift/libsql");
    } catch (error) {
      throw new Error(`@tsift/libsql is not built or not importable (${error.message}); build it or pass --backends sqlite`);
    }
    if (typeof mod.openLibsqlGraphStore !== "function") {
      throw new Error("@tsift/libsql does not export openLibsqlGraphStore yet; pass --backends sqlite");
    }
    // Local file through @libsql/client, the same file format SQLite writes.
    return { file: (dir, name) => join(dir, `${name}.libsql.db`), open: (path) => mod.openLibsqlGraphStore({ url: `file:${path}` }) };
  }
  throw new Error(`unknown backend ${backend}; use ${BACKENDS.join(",")}`);
}
