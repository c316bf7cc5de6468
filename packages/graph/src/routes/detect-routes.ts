import type { RouteEntry } from "../extraction-types";
import type { Lang } from "../lang";
import { jsRoutes } from "./js-routes";
import { pythonRoutes } from "./python-routes";
import { rustRoutes } from "./rust-routes";

/**
 * HTTP routes declared in a file, found by a line-based text scan (no parse needed):
 * express and NestJS in TypeScript/JavaScript, FastAPI and Flask in Python, axum and actix-web
 * in Rust. Lines are 1-based; routes are ordered by line.
 */
export function detectRoutes(lang: Lang, source: string): RouteEntry[] {
  switch (lang) {
    case "typescript":
    case "tsx":
    case "javascript":
    case "jsx":
      return jsRoutes(source).sort((a, b) => a.line - b.line);
    case "python":
      return pythonRoutes(source);
    case "rust":
      return rustRoutes(source);
    default:
      return [];
  }
}
