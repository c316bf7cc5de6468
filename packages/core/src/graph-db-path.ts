import { isAbsolute, join } from "node:path";
import { TsiftError } from "./errors";

/** `.tsift/graph.db` under a project root, or `.tsift/indexes/<scope>/graph.db` for a workspace scope. */
export function graphDbPath(root: string, scope?: string): string {
  if (!scope) return join(root, ".tsift", "graph.db");
  if (isAbsolute(scope) || scope.split(/[\\/]/).some((part) => part === ".." || part === "")) {
    throw new TsiftError("usage", `invalid scope "${scope}": use a scope id such as "app" or "vendor/lib"`);
  }
  return join(root, ".tsift", "indexes", scope, "graph.db");
}
