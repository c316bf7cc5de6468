export { SqliteConnection, isSqliteBusy, openSqliteConnection, type SqliteConnectionOptions } from "./sqlite-connection";
export { openSqliteGraphStore, walAutocheckpointFor, type SqliteGraphStore } from "./sqlite-graph-store";
