/** The graph.db backends a command can name. */
export type GraphDbBackendName = "sqlite" | "libsql" | "convex-snapshot";

/** Where a graph.db lives, as the commands suggested in reports spell it. */
export interface GraphDbPlace {
  /** The project root as suggested commands spell it (`.` for the working directory). */
  pathArg: string;
  /** Workspace scope id, or undefined for the project's own graph.db. */
  scope?: string | undefined;
  backend: GraphDbBackendName;
  /** Whether the rows are in a local file under `.tsift/` (not a remote URL or a snapshot). */
  localFile: boolean;
  /** The local graph.db as reports name it (root-relative). */
  display: string;
}

/** `tsift graph-db` with the project, scope and backend as the user typed them. */
export function graphDbPrefix(place: Pick<GraphDbPlace, "pathArg" | "scope" | "backend">): string {
  const parts = ["tsift graph-db"];
  if (place.pathArg !== ".") parts.push(`--path ${place.pathArg}`);
  if (place.scope) parts.push(`--scope ${place.scope}`);
  if (place.backend !== "sqlite") parts.push(`--backend ${place.backend}`);
  return parts.join(" ");
}

/** The same prefix for the local (SQLite) store, e.g. for drift's next commands. */
export function localGraphDbPrefix(place: Pick<GraphDbPlace, "pathArg" | "scope">): string {
  return graphDbPrefix({ ...place, backend: "sqlite" });
}

/** `tsift <command> [path]` with the project and scope (`index` spells the scope `--submodule`). */
export function tsiftCommand(place: Pick<GraphDbPlace, "pathArg" | "scope">, command: string): string {
  const parts = [`tsift ${command}`];
  if (place.pathArg !== ".") parts.push(place.pathArg);
  if (place.scope) parts.push(`${command === "index" ? "--submodule" : "--scope"} ${place.scope}`);
  return parts.join(" ");
}
