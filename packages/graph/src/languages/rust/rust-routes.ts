import type { RouteEntry } from "../../extraction-types";
import { callArguments, lineOf, lineStarts, stringLiteral } from "../../routes/route-text";

const ACTIX_ATTRIBUTE = /^#\[\s*(?:actix_web\s*::\s*)?(get|post|put|patch|delete|head|options|connect|trace|route)\s*\(/u;
const FN_NAME = /\bfn\s+([A-Za-z_]\w*)/u;
const AXUM_ROUTE = /\.\s*route\s*\(/gu;
const AXUM_METHOD = /(?<![\w:])(?:axum\s*::\s*routing\s*::\s*)?(get|post|put|patch|delete|head|options|trace|any)\s*\(/gu;

/** `list_users`, `handlers::list_users` -> the function's own name; a closure or async block -> `<inline>`. */
function axumHandler(argument: string): string | null {
  const text = argument.trim();
  if (/^(?:\||async\b|move\b)/u.test(text)) return "<inline>";
  const path = /^[A-Za-z_][\w]*(?:\s*::\s*[A-Za-z_][\w]*)*/u.exec(text);
  if (!path) return null;
  const segments = path[0].split(/\s*::\s*/u);
  return segments[segments.length - 1]!;
}

/** One route per method in a method router: `get(list).post(create)`. */
function axumMethods(router: string): Array<{ method: string; handler: string }> {
  const found: Array<{ method: string; handler: string }> = [];
  let position = 0;
  for (;;) {
    AXUM_METHOD.lastIndex = position;
    const match = AXUM_METHOD.exec(router);
    if (!match) break;
    const call = callArguments(router, match.index + match[0].length);
    const handler = call.args[0] !== undefined ? axumHandler(call.args[0]) : null;
    if (handler) found.push({ method: match[1]!, handler });
    position = call.end;
  }
  return found;
}

/**
 * actix-web: `#[get("/x")]` attributes, the handler being the `fn` on the same line or the
 * next one; `#[route("/x", method = "GET", method = "POST")]` gives one route per method.
 * axum: `.route("/x", get(list).post(create))`, arguments possibly over several lines; a
 * closure handler is `<inline>`.
 */
export function rustRoutes(source: string): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const starts = lineStarts(source);
  let pending: RouteEntry[] = [];
  for (let index = 0; index < starts.length; index++) {
    const lineStart = starts[index]!;
    const lineEnd = index + 1 < starts.length ? starts[index + 1]! - 1 : source.length;
    const line = source.slice(lineStart, lineEnd);
    const trimmed = line.trimStart();
    if (trimmed.startsWith("//")) continue;
    const attribute = ACTIX_ATTRIBUTE.exec(trimmed);
    if (attribute) {
      const open = lineStart + (line.length - trimmed.length) + attribute[0].length;
      const { args, end } = callArguments(source, open);
      const first = args[0] ? stringLiteral(args[0]) : null;
      if (first && first.start === 0) {
        const methods: string[] = [];
        if (attribute[1] === "route") {
          for (const arg of args.slice(1)) {
            const method = /^method\s*=\s*"([A-Za-z]+)"/u.exec(arg);
            if (method) methods.push(method[1]!.toLowerCase());
          }
        }
        for (const method of methods.length > 0 ? methods : [attribute[1]!]) {
          pending.push({ framework: "actix", method, path: first.value, handler: "", line: index + 1, handler_line: null });
        }
        // `#[get("/")] async fn index() {}` on one line.
        const sameLine = FN_NAME.exec(source.slice(end, Math.max(end, lineEnd)));
        if (sameLine) {
          for (const route of pending) routes.push({ ...route, handler: sameLine[1]!, handler_line: index + 1 });
          pending = [];
        }
      }
      continue;
    }
    if (pending.length === 0) continue;
    const fn = FN_NAME.exec(trimmed);
    if (!fn) continue;
    for (const route of pending) routes.push({ ...route, handler: fn[1]!, handler_line: index + 1 });
    pending = [];
  }
  for (const match of source.matchAll(AXUM_ROUTE)) {
    const lineIndex = lineOf(starts, match.index);
    if (source.slice(starts[lineIndex]!, match.index).trimStart().startsWith("//")) continue;
    const { args } = callArguments(source, match.index + match[0].length);
    const first = args[0] ? stringLiteral(args[0]) : null;
    if (!first || first.start !== 0 || args.length < 2) continue;
    const methods = axumMethods(args[1]!);
    if (methods.length === 0) {
      const handler = axumHandler(args[1]!);
      if (handler) methods.push({ method: "route", handler });
    }
    for (const { method, handler } of methods) {
      routes.push({ framework: "axum", method, path: first.value, handler, line: lineIndex + 1, handler_line: null });
    }
  }
  return routes.sort((a, b) => a.line - b.line);
}
