import type { RouteEntry } from "../extraction-types";
import type { Lang } from "../lang";
import { languageDefinition } from "../language-registry";

/**
 * HTTP routes declared in a file, found by a line-based text scan (no parse needed) by
 * the language's route detector: express and NestJS in TypeScript/JavaScript, FastAPI and
 * Flask in Python, axum and actix-web in Rust. Lines are 1-based; routes are ordered by line.
 */
export function detectRoutes(lang: Lang, source: string): RouteEntry[] {
  const { routes } = languageDefinition(lang).extraction;
  return routes ? routes(source) : [];
}
