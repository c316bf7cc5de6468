import type { RouteEntry } from "../extraction-types";
import type { Lang } from "../lang";

/** HTTP routes declared in a file (express, nestjs, fastapi, flask, axum, actix). */
export function detectRoutes(_lang: Lang, _source: string): RouteEntry[] {
  return [];
}
