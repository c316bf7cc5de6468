import type { RouteEntry } from "../../extraction-types";
import { callArguments, firstIdentifier, joinPaths, lineOf, lineStarts, stringLiteral } from "../../routes/route-text";

const EXPRESS_CALL = /\.\s*(get|post|put|patch|delete|head|options|all|route)\s*\(/gu;
const CHAINED_CALL = /^\s*\.\s*(get|post|put|patch|delete|head|options|all)\s*\(/u;
/** Receivers that are HTTP clients, not routers: `axios.get("/users")` calls a route, it does not declare one. */
const HTTP_CLIENT = /(?:^|\.)(?:axios|got|superagent|ky|fetch|\$http|http|https|httpClient|client|apiClient)$/u;
const NEST_METHODS: Readonly<Record<string, string>> = {
  Get: "get",
  Post: "post",
  Put: "put",
  Patch: "patch",
  Delete: "delete",
  Head: "head",
  Options: "options",
  All: "any",
};
const NEST_HINT = /@(?:Get|Post|Put|Patch|Delete|Head|Options|All)\s*\(/u;
const MEMBER_MODIFIERS = /^(?:(?:public|private|protected|static|async|readonly|override|abstract)\s+)*\*?\s*/u;

function expressMethod(name: string): string {
  return name === "all" ? "any" : name;
}

function isCommentLine(trimmed: string): boolean {
  return trimmed.startsWith("//") || trimmed.startsWith("*") || trimmed.startsWith("/*");
}

/**
 * The handler an express argument names: an identifier or dotted name as written
 * (`createUser`, `users.create`), the function inside a wrapper (`asyncHandler(list)`,
 * `list.bind(this)`), or `<inline>` for a function written in place.
 */
export function expressHandler(argument: string): string {
  const text = argument.trim();
  if (/^[\p{L}_$][\w$]*(?:\s*\.\s*[\p{L}_$][\w$]*)*$/u.test(text)) return text.replace(/\s+/gu, "");
  if (/^(?:async\b|function\b|\(|[\p{L}_$][\w$]*\s*=>)/u.test(text)) return "<inline>";
  if (text.startsWith("[")) {
    const inner = callArguments(text, 1);
    return inner.args.length > 0 ? expressHandler(inner.args[inner.args.length - 1]!) : "<inline>";
  }
  const call = /^([\p{L}_$][\w$]*(?:\s*\.\s*[\p{L}_$][\w$]*)*)\s*\(/u.exec(text);
  if (call) {
    const callee = call[1]!.replace(/\s+/gu, "");
    if (callee.endsWith(".bind")) return callee.slice(0, -".bind".length);
    const inner = callArguments(text, call[0].length);
    return inner.args.length > 0 ? expressHandler(inner.args[inner.args.length - 1]!) : callee;
  }
  return "<inline>";
}

function receiverBefore(source: string, offset: number): string {
  const match = /([\p{L}_$][\w$]*(?:\s*\.\s*[\p{L}_$][\w$]*)*|\))\s*$/u.exec(source.slice(Math.max(0, offset - 200), offset));
  return match ? match[1]!.replace(/\s+/gu, "") : "";
}

/**
 * Express: `app.get("/x", handler)`, `router.post("/x", auth, validate, handler)` (the last
 * argument is the handler, the others middleware), arguments spread over several lines, and
 * `app.route("/x").get(list).post(create)` chains. A route needs a path starting with `/` (or
 * `*`) and at least one handler, and is not a call on an HTTP client.
 */
function expressRoutes(source: string, starts: readonly number[], routes: RouteEntry[]): void {
  const consumed = new Set<number>();
  for (const match of source.matchAll(EXPRESS_CALL)) {
    const offset = match.index;
    if (consumed.has(offset)) continue;
    const lineIndex = lineOf(starts, offset);
    const lineStart = starts[lineIndex]!;
    const trimmed = source.slice(lineStart, offset).trimStart();
    if (isCommentLine(trimmed) || trimmed.startsWith("@")) continue;
    const open = offset + match[0].length;
    const { args, end } = callArguments(source, open);
    const first = args[0] ? stringLiteral(args[0], 0, true) : null;
    if (!first || first.start !== 0 || first.end !== args[0]!.length) continue;
    const path = first.value;
    if (!(path.startsWith("/") || path === "*")) continue;
    if (HTTP_CLIENT.test(receiverBefore(source, offset))) continue;
    const method = match[1]!;
    if (method === "route") {
      // app.route("/x").get(list).post(create): each chained method is a route on the path.
      let position = end;
      for (;;) {
        const chained = CHAINED_CALL.exec(source.slice(position, position + 200));
        if (!chained) break;
        const dot = position + chained[0].indexOf(".");
        consumed.add(dot);
        const chainedArgs = callArguments(source, position + chained[0].length);
        if (chainedArgs.args.length > 0) {
          routes.push({
            framework: "express",
            method: expressMethod(chained[1]!),
            path,
            handler: expressHandler(chainedArgs.args[chainedArgs.args.length - 1]!),
            line: lineOf(starts, dot) + 1,
            handler_line: null,
          });
        }
        position = chainedArgs.end;
      }
      continue;
    }
    if (args.length < 2) continue;
    routes.push({
      framework: "express",
      method: expressMethod(method),
      path,
      handler: expressHandler(args[args.length - 1]!),
      line: lineIndex + 1,
      handler_line: null,
    });
  }
}

/** The first string in a decorator argument: `'x'`, `['x', 'y']`, `{ path: 'x' }`. */
function decoratorPath(argument: string | undefined): string | null {
  if (argument === undefined) return "";
  const text = argument.trim();
  if (text.startsWith("{")) {
    const path = /\bpath\s*:\s*/u.exec(text);
    if (!path) return "";
    const literal = stringLiteral(text, path.index + path[0].length, true);
    return literal && literal.start === path.index + path[0].length ? literal.value : null;
  }
  const literal = stringLiteral(text, text.startsWith("[") ? 1 : 0, true);
  return literal && (literal.start === 0 || text.startsWith("[")) ? literal.value : null;
}

/** A handler method declared on this text, after modifiers: `public async findAll(` -> `findAll`. */
function nestHandler(text: string): string | null {
  const rest = text.replace(MEMBER_MODIFIERS, "");
  const name = firstIdentifier(rest);
  if (!name) return null;
  // A property or statement, not a method head (`}`, `return …`) does not end the wait.
  return /^[\p{L}_$][\w$]*\s*[(<]/u.test(rest) ? name : null;
}

/**
 * NestJS: `@Get(':id')` and friends under `@Controller('users')` give `/users/:id`; the
 * handler is the next method declared (modifiers such as `public`/`async` skipped), on the
 * decorator's own line or a later one. Decorators without a path route the controller's.
 */
function nestRoutes(source: string, starts: readonly number[], routes: RouteEntry[]): void {
  let prefix = "";
  let pending: RouteEntry[] = [];
  const lineEnd = (line: number) => (line + 1 < starts.length ? starts[line + 1]! - 1 : source.length);
  let index = 0;
  while (index < starts.length) {
    let offset = starts[index]!;
    while (source[offset] === " " || source[offset] === "\t") offset++;
    if (isCommentLine(source.slice(offset, offset + 2))) {
      index++;
      continue;
    }
    // Decorators, possibly several on one line, possibly followed by the handler.
    while (source[offset] === "@") {
      const name = /^@([\p{L}_$][\w$.]*)[ \t]*/u.exec(source.slice(offset, offset + 120));
      if (!name) break;
      const decorator = name[1]!;
      let end = offset + name[0].length;
      let args: string[] | null = null;
      if (source[end] === "(") {
        const call = callArguments(source, end + 1);
        args = call.args;
        end = call.end;
      }
      if (decorator === "Controller" && args) {
        prefix = decoratorPath(args[0]) ?? "";
      } else if (args && Object.hasOwn(NEST_METHODS, decorator)) {
        const sub = decoratorPath(args[0]);
        if (sub !== null) {
          pending.push({
            framework: "nestjs",
            method: NEST_METHODS[decorator]!,
            path: joinPaths(prefix, sub),
            handler: "",
            line: lineOf(starts, offset) + 1,
            handler_line: null,
          });
        }
      }
      offset = end;
      while (source[offset] === " " || source[offset] === "\t") offset++;
    }
    const line = lineOf(starts, offset);
    if (pending.length > 0) {
      const handler = nestHandler(source.slice(offset, lineEnd(line)).trim());
      if (handler) {
        for (const route of pending) routes.push({ ...route, handler, handler_line: line + 1 });
        pending = [];
      }
    }
    index = line + 1;
  }
}

/** Routes declared in a TypeScript/JavaScript file, by line: express calls and NestJS decorators. */
export function jsRoutes(source: string): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const starts = lineStarts(source);
  if (NEST_HINT.test(source)) nestRoutes(source, starts, routes);
  expressRoutes(source, starts, routes);
  // Each scan is in line order; a stable sort merges the two.
  return routes.sort((a, b) => a.line - b.line);
}
