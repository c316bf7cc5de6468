import type { RouteEntry, RouteFramework } from "../../extraction-types";
import { callArguments, joinPaths, lineStarts, stringLiteral } from "../../routes/route-text";

const DECORATOR = /^@([\w.]*?)\.(get|post|put|patch|delete|head|options|route|api_route)\s*\(/u;
const HANDLER = /^(?:async\s+)?def\s+([A-Za-z_]\w*)/u;
/** `router = APIRouter(prefix="/users")`, `bp = Blueprint("users", __name__, url_prefix="/users")`. */
const ROUTER = /^([A-Za-z_]\w*)\s*(?::\s*[\w.]+\s*)?=\s*(?:[\w.]+\.)?(APIRouter|Blueprint)\s*\(/gmu;

function keywordString(args: readonly string[], keyword: string): string | null {
  for (const arg of args) {
    const match = new RegExp(`^${keyword}\\s*=\\s*`, "u").exec(arg);
    if (!match) continue;
    const literal = stringLiteral(arg, match[0].length);
    return literal && literal.start === match[0].length ? literal.value : null;
  }
  return null;
}

/** The literal strings of a `methods=["GET", "POST"]` argument, lower-cased. */
function methodsArgument(args: readonly string[]): string[] {
  for (const arg of args) {
    const match = /^methods\s*=\s*[[(]/u.exec(arg);
    if (!match) continue;
    const methods: string[] = [];
    for (let literal = stringLiteral(arg, match[0].length); literal; literal = stringLiteral(arg, literal.end)) {
      methods.push(literal.value.toLowerCase());
    }
    return methods;
  }
  return [];
}

/**
 * FastAPI and Flask: `@app.get("/items/{id}")` / `@bp.route("/x", methods=["POST"])` wait for
 * the next `def`/`async def`, which is the handler. The framework comes from the file's
 * imports when it says (`from flask import …`); otherwise `route` means Flask, the verb
 * decorators FastAPI. A router's `prefix=`/`url_prefix=` is joined to its routes' paths.
 */
export function pythonRoutes(source: string): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const starts = lineStarts(source);
  const importsFlask = /^\s*(?:from\s+flask\b|import\s+flask\b)/mu.test(source);
  const importsFastapi = /^\s*(?:from\s+fastapi\b|import\s+fastapi\b)/mu.test(source);
  const prefixes = new Map<string, string>();
  for (const match of source.matchAll(ROUTER)) {
    const { args } = callArguments(source, match.index + match[0].length);
    const prefix = keywordString(args, match[2] === "APIRouter" ? "prefix" : "url_prefix");
    if (prefix) prefixes.set(match[1]!, prefix);
  }
  let pending: RouteEntry[] = [];
  for (let index = 0; index < starts.length; index++) {
    const lineStart = starts[index]!;
    const lineEnd = index + 1 < starts.length ? starts[index + 1]! - 1 : source.length;
    const line = source.slice(lineStart, lineEnd);
    const trimmed = line.trim();
    if (trimmed.startsWith("#")) continue;
    const decorator = DECORATOR.exec(trimmed);
    if (decorator) {
      const open = lineStart + line.indexOf(trimmed) + decorator[0].length;
      const { args } = callArguments(source, open);
      const first = args[0] ? stringLiteral(args[0]) : null;
      const path = first && first.start === 0 ? first.value : (keywordString(args, "path") ?? keywordString(args, "rule"));
      if (path === null) continue;
      const receiver = decorator[1]!;
      const verb = decorator[2]!;
      const framework: RouteFramework = verb === "route" ? "flask" : verb === "api_route" ? "fastapi" : importsFlask && !importsFastapi ? "flask" : "fastapi";
      const prefix = prefixes.get(receiver);
      const fullPath = prefix ? joinPaths(prefix, path) : path;
      const listed = verb === "route" || verb === "api_route" ? methodsArgument(args) : [];
      const methods = listed.length > 0 ? listed : [verb === "api_route" ? "any" : verb];
      for (const method of methods) pending.push({ framework, method, path: fullPath, handler: "", line: index + 1, handler_line: null });
      continue;
    }
    if (pending.length === 0) continue;
    const handler = HANDLER.exec(trimmed);
    if (!handler) continue;
    for (const route of pending) routes.push({ ...route, handler: handler[1]!, handler_line: index + 1 });
    pending = [];
  }
  return routes;
}
