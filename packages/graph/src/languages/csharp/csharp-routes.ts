import type { RouteEntry } from "../../extraction-types";
import { callArguments, joinPaths, lineOf, lineStarts, stringLiteral } from "../../routes/route-text";
import { ASPNET_FRAMEWORK } from "./csharp-kinds";

/**
 * ASP.NET Core routes, read from the text.
 *
 * Controllers: `[HttpGet("{id}")]`, `[HttpPost]`… and `[Route("x")]` on an action, under
 * the `[Route("api/[controller]")]` of its class, give one route per verb, the handler
 * being the method declared after the attributes; `[controller]` is the class name
 * without `Controller`, `[action]` the method's. A template starting with `/` or `~/`
 * ignores the class's. A `[Route]` without a verb attribute is `any`.
 *
 * Minimal APIs: `app.MapGet("/x", handler)` (and `MapPost`, `MapPut`, `MapDelete`,
 * `MapPatch`, `MapMethods("/x", new[] { "GET" }, handler)`), under the prefixes of
 * `var api = app.MapGroup("/api")`; a lambda handler is `<inline>`.
 */

const VERB_ATTRIBUTE = /(?<=[[,]\s*)(?:Http(Get|Post|Put|Delete|Patch|Head|Options)|(Route))(?:Attribute)?\b\s*(\()?/gu;
const TYPE_DECLARATION = /\b(?:class|record)\s+([A-Za-z_]\w*)/u;
const METHOD_NAME = /([A-Za-z_]\w*)\s*(?:<[^()]*>)?\s*\(/u;
const NOT_METHOD_NAMES = new Set(["if", "while", "for", "foreach", "switch", "using", "lock", "return", "new", "typeof", "nameof"]);
const MINIMAL = /\b([A-Za-z_]\w*)\s*\.\s*Map(Get|Post|Put|Delete|Patch|Methods)\s*\(/gu;
const GROUP = /\b([A-Za-z_]\w*)\s*=\s*([A-Za-z_]\w*)\s*\.\s*MapGroup\s*\(/gu;

interface PendingVerb {
  method: string;
  template: string | null;
  line: number;
}

/** The offset after the attribute sections a line starts with (`[A] [B("x]")]`), or 0 when it has none. */
function afterAttributes(line: string): number {
  let at = 0;
  for (;;) {
    while (at < line.length && /\s/u.test(line[at]!)) at++;
    if (line[at] !== "[") return at;
    let depth = 0;
    for (; at < line.length; at++) {
      const char = line[at]!;
      if (char === '"') {
        const literal = stringLiteral(line, at);
        at = (literal ? literal.end : line.length) - 1;
      } else if (char === "[") depth++;
      else if (char === "]" && --depth === 0) break;
    }
    if (at >= line.length) return line.length;
    at++;
  }
}

/** The route template of an attribute or call whose `(` ends at `open` (`"x"`, `template: "x"`), or null when it has none. */
function templateAt(source: string, open: number): string | null {
  const { args } = callArguments(source, open, 1000);
  for (const arg of args) {
    const named = /^(\w+)\s*[:=]\s*/u.exec(arg);
    if (named && named[1]!.toLowerCase() !== "template") continue;
    const from = named ? named[0].length : 0;
    const literal = stringLiteral(arg, from);
    if (literal && arg.slice(from, literal.start).replace("@", "").trim() === "") return literal.value;
  }
  return null;
}

function fullPath(prefix: string | null, template: string | null, controller: string | null, action: string): string {
  const own = template ?? "";
  const absolute = /^~?\//u.test(own);
  const path = absolute ? joinPaths(own.replace(/^~/u, "")) : joinPaths(prefix ?? "", own);
  return path.replace(/\[controller\]/giu, controller ?? "[controller]").replace(/\[action\]/giu, action);
}

function controllerRoutes(source: string, starts: readonly number[]): RouteEntry[] {
  const routes: RouteEntry[] = [];
  let verbs: PendingVerb[] = [];
  let templates: Array<{ template: string | null; line: number }> = [];
  let controller: string | null = null;
  let prefix: string | null = null;
  for (let index = 0; index < starts.length; index++) {
    const lineStart = starts[index]!;
    const lineEnd = index + 1 < starts.length ? starts[index + 1]! - 1 : source.length;
    const line = source.slice(lineStart, lineEnd);
    const trimmed = line.trimStart();
    if (trimmed === "" || trimmed.startsWith("//") || trimmed.startsWith("#")) continue;
    let rest = line;
    if (trimmed.startsWith("[")) {
      const end = afterAttributes(line);
      const attributes = line.slice(0, end);
      for (const match of attributes.matchAll(VERB_ATTRIBUTE)) {
        const template = match[3] ? templateAt(source, lineStart + match.index + match[0].length) : null;
        if (match[2]) templates.push({ template, line: index + 1 });
        else verbs.push({ method: match[1]!.toLowerCase(), template, line: index + 1 });
      }
      rest = line.slice(end);
      if (rest.trim() === "") continue;
    }
    const type = TYPE_DECLARATION.exec(rest);
    if (type) {
      controller = type[1]!.replace(/Controller$/u, "");
      prefix = templates[0]?.template ?? null;
    } else if (verbs.length > 0 || templates.length > 0) {
      const name = METHOD_NAME.exec(rest)?.[1];
      if (name && !NOT_METHOD_NAMES.has(name)) {
        const own = verbs.length > 0 ? verbs : templates.map((route) => ({ method: "any", template: route.template, line: route.line }));
        // `[Route("x")]` beside `[HttpGet]`: the verb's own template wins, else the action's route.
        for (const verb of own) {
          const template = verb.template ?? (verbs.length > 0 ? (templates[0]?.template ?? null) : null);
          routes.push({
            framework: ASPNET_FRAMEWORK,
            method: verb.method,
            path: fullPath(prefix, template, controller, name),
            handler: name,
            line: verb.line,
            handler_line: index + 1,
          });
        }
      }
    }
    verbs = [];
    templates = [];
  }
  return routes;
}

/** `<inline>` for a lambda or anonymous method, else the method group as written. */
function minimalHandler(argument: string | undefined): string | null {
  const text = argument?.trim();
  if (!text) return null;
  if (/=>|^(?:async|static|delegate)\b|^\(/u.test(text)) return "<inline>";
  const path = /^[A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*$/u.exec(text);
  return path ? path[0].replace(/\s+/gu, "") : null;
}

function minimalRoutes(source: string, starts: readonly number[]): RouteEntry[] {
  if (!source.includes(".Map")) return [];
  const groups = new Map<string, { parent: string; template: string }>();
  for (const match of source.matchAll(GROUP)) {
    const template = templateAt(source, match.index + match[0].length);
    if (template !== null) groups.set(match[1]!, { parent: match[2]!, template });
  }
  const prefixOf = (name: string): string => {
    const parts: string[] = [];
    const seen = new Set<string>();
    for (let group = groups.get(name); group && !seen.has(name); group = groups.get(name)) {
      seen.add(name);
      parts.unshift(group.template);
      name = group.parent;
    }
    return joinPaths(...parts);
  };
  const routes: RouteEntry[] = [];
  for (const match of source.matchAll(MINIMAL)) {
    const row = lineOf(starts, match.index);
    if (source.slice(starts[row]!, match.index).includes("//")) continue;
    const { args } = callArguments(source, match.index + match[0].length);
    const path = args[0] ? stringLiteral(args[0]) : null;
    if (!path || path.start !== 0) continue;
    const verb = match[2]!;
    const handler = minimalHandler(verb === "Methods" ? args[2] : args[1]);
    if (!handler) continue;
    const methods: string[] = [];
    if (verb === "Methods") {
      for (let literal = stringLiteral(args[1] ?? ""); literal; literal = stringLiteral(args[1]!, literal.end)) methods.push(literal.value.toLowerCase());
    } else methods.push(verb.toLowerCase());
    for (const method of methods) {
      routes.push({ framework: ASPNET_FRAMEWORK, method, path: joinPaths(prefixOf(match[1]!), path.value), handler, line: row + 1, handler_line: null });
    }
  }
  return routes;
}

export function csharpRoutes(source: string): RouteEntry[] {
  if (!source.includes("Http") && !source.includes("Route") && !source.includes(".Map")) return [];
  const starts = lineStarts(source);
  const routes = [...controllerRoutes(source, starts), ...minimalRoutes(source, starts)];
  return routes.sort((a, b) => a.line - b.line || (a.method < b.method ? -1 : a.method > b.method ? 1 : 0) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
