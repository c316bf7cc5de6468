import type { RouteEntry, RouteFramework } from "../../extraction-types";
import { callArguments, joinPaths, lineOf, lineStarts, stringLiteral } from "../../routes/route-text";

const NET_HTTP: RouteFramework = "net/http";
const GIN: RouteFramework = "gin";
const ECHO: RouteFramework = "echo";
const CHI: RouteFramework = "chi";

/**
 * `.HandleFunc(`, `.GET(`, `.Any(`, `.Get(`: a registration; the receiver path before the dot
 * is read backwards from it (a pattern starting at the receiver would be tried at every
 * offset of the file).
 */
const REGISTRATION = /\.[ \t]*(HandleFunc|Handle|GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|Any|Get|Post|Put|Patch|Delete|Head|Options)[ \t]*\(/gu;
/** The receiver path ending a text: `mux`, `s.router`, `api`. */
const RECEIVER_AT_END = /(?:^|[^\p{L}\p{N}_.])([\p{L}_][\p{L}\p{N}_]*(?:\s*\.\s*[\p{L}_][\p{L}\p{N}_]*)*)\s*$/u;
/** `api := r.Group("/api")`, `v1 = api.Group("/v1")`: a gin or echo group with its path prefix. */
const GROUP = /(?<![\w.])([\p{L}_][\p{L}\p{N}_]*)\s*:?=\s*([\p{L}_][\p{L}\p{N}_]*(?:\s*\.\s*[\p{L}_][\p{L}\p{N}_]*)*)\s*\.\s*Group\s*\(/gu;
const UPPER_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]);
/** Go 1.22 `ServeMux` patterns: `"GET /users/{id}"`, `"POST example.com/x"`. */
const METHOD_PATTERN = /^([A-Z]+)\s+(.*)$/u;

/** Which router framework the file's imports name; several are rare, the first listed wins. */
function importedRouters(source: string): { gin: boolean; echo: boolean; chi: boolean } {
  return {
    gin: source.includes('"github.com/gin-gonic/gin"'),
    echo: /"github\.com\/labstack\/echo(?:\/v\d+)?"/u.test(source),
    chi: /"github\.com\/go-chi\/chi(?:\/v\d+)?"/u.test(source),
  };
}

/**
 * The handler an argument names: `health`, `s.getUser` -> `getUser`, a function literal ->
 * `<inline>`, `http.HandlerFunc(h)` -> `h`, another call (`http.StripPrefix(…)`,
 * `auth(h)`) -> its callee's name.
 */
function handlerName(argument: string, depth = 0): string | null {
  const text = argument.trim();
  if (/^func\s*\(/u.test(text)) return "<inline>";
  const path = /^&?([\p{L}_][\p{L}\p{N}_]*(?:\s*\.\s*[\p{L}_][\p{L}\p{N}_]*)*)/u.exec(text);
  if (!path) return null;
  const segments = path[1]!.split(/\s*\.\s*/u);
  const name = segments.at(-1)!;
  const open = text.indexOf("(", path[0].length);
  if (name === "HandlerFunc" && open >= 0 && text.slice(path[0].length, open).trim() === "" && depth < 4) {
    const inner = callArguments(text, open + 1).args[0];
    if (inner !== undefined) return handlerName(inner, depth + 1);
  }
  return name;
}

/** The string literal an argument is (`"/x"` or a raw `` `/x` ``), or null. */
function literalArgument(argument: string | undefined): string | null {
  if (argument === undefined) return null;
  const literal = stringLiteral(argument, 0, true);
  return literal && literal.start === 0 && literal.end === argument.length ? literal.value : null;
}

/** Receiver path -> the group prefix it was created with, following groups of groups. */
function groupPrefixes(source: string): Map<string, string> {
  const prefixes = new Map<string, string>();
  for (const match of source.matchAll(GROUP)) {
    const open = match.index + match[0].length;
    const path = literalArgument(callArguments(source, open).args[0]);
    if (path === null) continue;
    const parent = prefixes.get(match[2]!.replace(/\s+/gu, "")) ?? "";
    prefixes.set(match[1]!, joinPaths(parent, path));
  }
  return prefixes;
}

/**
 * net/http: `http.HandleFunc("/x", h)`, `mux.Handle("/x", h)` on any receiver, with Go
 * 1.22's `"GET /x"` patterns giving the method (`any` otherwise). gin and echo (when the
 * file imports them): `r.GET("/x", mw, h)` (the last argument is the handler), `r.Any`,
 * `r.Handle("GET", "/x", h)`, with `g := r.Group("/api")` prefixes joined on. chi (when
 * imported): `r.Get("/x", h)` and the other method names. Commented-out lines are skipped.
 */
export function goRoutes(source: string): RouteEntry[] {
  if (!source.includes("Handle") && !/\.\s*(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|Any|Get|Post|Put|Patch|Delete|Head|Options)\s*\(/u.test(source)) return [];
  const routers = importedRouters(source);
  const prefixes = routers.gin || routers.echo ? groupPrefixes(source) : new Map<string, string>();
  const starts = lineStarts(source);
  const routes: RouteEntry[] = [];
  for (const match of source.matchAll(REGISTRATION)) {
    const line = lineOf(starts, match.index);
    if (/^\s*\/\//u.test(source.slice(starts[line]!, match.index))) continue;
    const before = RECEIVER_AT_END.exec(source.slice(Math.max(0, match.index - 120), match.index));
    if (!before) continue;
    const receiver = before[1]!.replace(/\s+/gu, "");
    const method = match[1]!;
    const { args } = callArguments(source, match.index + match[0].length);
    const route = (framework: RouteFramework, verb: string, path: string, handlerArgument: string | undefined) => {
      const handler = handlerArgument === undefined ? null : handlerName(handlerArgument);
      if (handler !== null) routes.push({ framework, method: verb, path, handler, line: line + 1, handler_line: null });
    };
    const ginLike = routers.gin ? GIN : routers.echo ? ECHO : null;
    if (method === "HandleFunc" || method === "Handle") {
      const first = literalArgument(args[0]);
      const second = literalArgument(args[1]);
      if (method === "Handle" && ginLike && first !== null && second !== null && UPPER_METHODS.has(first)) {
        route(ginLike, first.toLowerCase(), joinPaths(prefixes.get(receiver) ?? "", second), args.at(-1));
      } else if (first !== null && args.length >= 2) {
        const pattern = METHOD_PATTERN.exec(first);
        route(NET_HTTP, pattern ? pattern[1]!.toLowerCase() : "any", pattern ? pattern[2]!.trim() : first, args[1]);
      }
      continue;
    }
    const path = literalArgument(args[0]);
    if (path === null || args.length < 2) continue;
    if (UPPER_METHODS.has(method) || method === "Any") {
      if (ginLike) route(ginLike, method === "Any" ? "any" : method.toLowerCase(), joinPaths(prefixes.get(receiver) ?? "", path), args.at(-1));
    } else if (routers.chi) route(CHI, method.toLowerCase(), path, args.at(-1));
  }
  return routes;
}
