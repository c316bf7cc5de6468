import type { RouteEntry, RouteFramework } from "../../extraction-types";
import { callArguments, joinPaths, lineOf, lineStarts, stringLiteral } from "../../routes/route-text";

/**
 * `RouteFramework` does not list Laravel and Symfony yet; the index stores the framework as
 * text. The casts go once the union lists them.
 */
const LARAVEL = "laravel" as string as RouteFramework;
const SYMFONY = "symfony" as string as RouteFramework;

const LARAVEL_VERBS = new Set(["get", "post", "put", "patch", "delete", "options", "any", "match"]);
/** `Route::get(`, `Route::match(`: a route registered on Laravel's facade. */
const LARAVEL_CALL = /\bRoute::(\w+)\s*\(/gu;
/** `#[Route('/x')]` or a docblock's `@Route("/x")`, Symfony's routing attribute and annotation. */
const SYMFONY_ROUTE = /(?:#\[\s*(?:\\?[\w\\]*\\)?Route\s*\(|@(?:\\?[\w\\]*\\)?Route\s*\()/gu;
const CLASS_OR_FUNCTION = /\b(class|function)\s+(\w+)/gu;

/** The literal strings of a `['GET', 'POST']` / `{"GET"}` / `'GET'` argument value, lower-cased. */
function methodList(text: string): string[] {
  const methods: string[] = [];
  for (let literal = stringLiteral(text, 0); literal; literal = stringLiteral(text, literal.end)) methods.push(literal.value.toLowerCase());
  return methods;
}

/** A named argument's value text (`methods: [...]`, `path: '/x'`, docblock `methods={...}`), else null. */
function named(args: readonly string[], name: string): string | null {
  for (const arg of args) {
    const match = new RegExp(`^${name}\\s*[:=]\\s*`, "u").exec(arg);
    if (match) return arg.slice(match[0].length);
  }
  return null;
}

/** The leading string literal of an argument, when the argument is just that literal. */
function literalArgument(arg: string | undefined): string | null {
  if (arg === undefined) return null;
  const literal = stringLiteral(arg, 0);
  return literal && literal.start === 0 && arg.slice(literal.end).trim() === "" ? literal.value : null;
}

/** `[UserController::class, 'index']` -> `UserController.index`; `'UserController@index'` likewise; closures -> `<inline>`. */
function laravelHandler(arg: string | undefined): string {
  if (arg === undefined) return "<inline>";
  const pair = /^\[\s*\\?(?:[\w\\]*\\)?(\w+)::class\s*,\s*['"](\w+)['"]\s*\]$/u.exec(arg);
  if (pair) return `${pair[1]}.${pair[2]}`;
  const invokable = /^\\?(?:[\w\\]*\\)?(\w+)::class$/u.exec(arg);
  if (invokable) return invokable[1]!;
  const action = /^['"](?:[\w\\]*\\)?(\w+)@(\w+)['"]$/u.exec(arg);
  if (action) return `${action[1]}.${action[2]}`;
  return "<inline>";
}

function laravelRoutes(source: string, starts: readonly number[], routes: RouteEntry[]): void {
  for (const match of source.matchAll(LARAVEL_CALL)) {
    const verb = match[1]!.toLowerCase();
    if (!LARAVEL_VERBS.has(verb)) continue;
    const { args } = callArguments(source, match.index + match[0].length);
    const line = lineOf(starts, match.index) + 1;
    const [first, second, third] = verb === "match" ? args : [undefined, ...args];
    const path = literalArgument(second);
    if (path === null) continue;
    const handler = laravelHandler(third);
    const methods = verb === "match" ? methodList(first ?? "") : [verb];
    for (const method of methods) routes.push({ framework: LARAVEL, method, path: joinPaths(path), handler, line, handler_line: null });
  }
}

/**
 * Symfony: a route attribute or annotation on a controller class is the prefix of its
 * methods' routes; one on a method is a route whose handler is `Class.method`.
 */
function symfonyRoutes(source: string, starts: readonly number[], routes: RouteEntry[]): void {
  if (!source.includes("Route")) return;
  const declarations = [...source.matchAll(CLASS_OR_FUNCTION)].map((match) => ({ kind: match[1]!, name: match[2]!, offset: match.index }));
  let prefix = "";
  let className: string | null = null;
  let classEnd = -1;
  for (const match of source.matchAll(SYMFONY_ROUTE)) {
    const { args } = callArguments(source, match.index + match[0].length);
    const path = literalArgument(args[0]) ?? literalArgument(named(args, "path") ?? undefined);
    const target = declarations.find((declaration) => declaration.offset > match.index);
    if (path === null || !target) continue;
    if (target.kind === "class") {
      prefix = path;
      className = target.name;
      classEnd = declarations.find((declaration) => declaration.kind === "class" && declaration.offset > target.offset)?.offset ?? source.length;
      continue;
    }
    const inClass = className !== null && target.offset < classEnd;
    const methods = methodList(named(args, "methods") ?? "");
    const handler = inClass ? `${className}.${target.name}` : target.name;
    const full = inClass ? joinPaths(prefix, path) : joinPaths(path);
    const line = lineOf(starts, match.index) + 1;
    const handlerLine = lineOf(starts, target.offset) + 1;
    for (const method of methods.length > 0 ? methods : ["any"]) {
      routes.push({ framework: SYMFONY, method, path: full, handler, line, handler_line: handlerLine });
    }
  }
}

/** Laravel `Route::get('/x', …)` registrations and Symfony `#[Route('/x')]` attributes, by line. */
export function phpRoutes(source: string): RouteEntry[] {
  if (!source.includes("Route")) return [];
  const starts = lineStarts(source);
  const routes: RouteEntry[] = [];
  laravelRoutes(source, starts, routes);
  symfonyRoutes(source, starts, routes);
  return routes.sort((a, b) => a.line - b.line || (a.method < b.method ? -1 : a.method > b.method ? 1 : 0));
}
