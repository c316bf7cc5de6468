export { LibsqlConnection, openLibsqlConnection, type LibsqlConnectionOptions } from "./libsql-connection";
export { openLibsqlGraphStore, type LibsqlGraphStore, type LibsqlGraphStoreOptions } from "./libsql-graph-store";
export { redactLibsqlUrl, resolveLibsqlTarget, type LibsqlMode, type LibsqlTarget } from "./libsql-target";
