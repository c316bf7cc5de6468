import type { RouteEntry } from "../../extraction-types";
import { callArguments, joinPaths, lineOf, lineStarts, stringLiteral } from "../../routes/route-text";

/** Spring MVC's mapping annotations and the HTTP method each stands for (`RequestMapping`: its `method =`). */
const MAPPINGS: Readonly<Record<string, string | null>> = {
  GetMapping: "get",
  PostMapping: "post",
  PutMapping: "put",
  DeleteMapping: "delete",
  PatchMapping: "patch",
  RequestMapping: null,
};

/**
 * Comments and strings (skipped), annotations, type declarations, a name before `(`, and the
 * punctuation that ends a declaration or opens and closes a body.
 */
const TOKEN =
  /\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|"""[\s\S]*?(?:"""|$)|"(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?|@\s*((?:[\p{L}_$][\w$]*\s*\.\s*)*[\p{L}_$][\w$]*)|\b(class|interface|enum|record)\s+(?=[\p{L}_$])|([\p{L}_$][\w$]*)\s*\(|[;{}=]/gu;
const NOT_HANDLERS = new Set(["if", "for", "while", "switch", "catch", "synchronized", "return", "new", "throw", "super", "this"]);

interface PendingMapping {
  annotation: string;
  args: string[];
  line: number;
}

interface TypeBody {
  depth: number;
  prefix: string;
}

/** The string literals an annotation value is made of (`"/a"`, `{"/a", "/b"}`); null for anything else (a constant). */
function literalStrings(value: string): string[] | null {
  const text = value.trim();
  const inner = text.startsWith("{") && text.endsWith("}") ? text.slice(1, -1).trim() : text;
  if (inner === "") return [];
  const found: string[] = [];
  let offset = 0;
  while (offset < inner.length) {
    const literal = stringLiteral(inner, offset);
    if (!literal || inner.slice(offset, literal.start).replace(/[\s,]/gu, "") !== "") return null;
    found.push(literal.value);
    offset = literal.end;
  }
  return found;
}

function attribute(args: readonly string[], names: readonly string[]): string | undefined {
  for (const arg of args) {
    const match = /^([\p{L}_$][\w$]*)\s*=(?!=)\s*/u.exec(arg);
    if (match && names.includes(match[1]!)) return arg.slice(match[0].length);
  }
  return undefined;
}

/** An annotation's paths: its positional value, or `value =` / `path =`; `[""]` when it names none. */
function pathsOf(args: readonly string[]): string[] | null {
  const positional = args[0] !== undefined && !/^[\p{L}_$][\w$]*\s*=(?!=)/u.test(args[0]) ? args[0] : undefined;
  const value = positional ?? attribute(args, ["value", "path"]);
  if (value === undefined) return [""];
  const paths = literalStrings(value);
  return paths === null ? null : paths.length === 0 ? [""] : paths;
}

/** `method = RequestMethod.POST` or `{RequestMethod.GET, RequestMethod.HEAD}`, lower-cased; `any` when absent. */
function requestMethods(args: readonly string[]): string[] {
  const value = attribute(args, ["method"]);
  if (value === undefined) return ["any"];
  const methods = [...value.matchAll(/(?:^|[\s{,.])([A-Z]+)\b/gu)].map((match) => match[1]!.toLowerCase());
  return methods.length > 0 ? methods : ["any"];
}

/**
 * Spring MVC routes: `@GetMapping("/x")`, `@PostMapping`, `@PutMapping`, `@DeleteMapping`,
 * `@PatchMapping` and `@RequestMapping(value = "/x", method = RequestMethod.GET)` on a
 * method, under the `@RequestMapping` path of its class. The handler is the annotated
 * method. Paths that are not string literals (constants) are not routes this scan can name.
 */
export function springRoutes(source: string): RouteEntry[] {
  if (!source.includes("Mapping")) return [];
  const routes: RouteEntry[] = [];
  const starts = lineStarts(source);
  let pending: PendingMapping[] = [];
  let classPrefix: string | null = null;
  const bodies: TypeBody[] = [];
  let depth = 0;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(source); match; match = TOKEN.exec(source)) {
    const [text, annotation, typeKeyword, name] = match;
    if (annotation !== undefined) {
      const simple = annotation.slice(annotation.lastIndexOf(".") + 1).trim();
      if (simple === "interface") {
        pending = [];
        classPrefix = "";
        continue;
      }
      const after = /^\s*\(/u.exec(source.slice(TOKEN.lastIndex, TOKEN.lastIndex + 200));
      let args: string[] = [];
      if (after) {
        const call = callArguments(source, TOKEN.lastIndex + after[0].length);
        args = call.args;
        TOKEN.lastIndex = call.end;
      }
      if (Object.hasOwn(MAPPINGS, simple)) pending.push({ annotation: simple, args, line: lineOf(starts, match.index) + 1 });
    } else if (typeKeyword !== undefined) {
      // A mapping on a type is the prefix of the routes its methods declare.
      const mapping = pending.find((entry) => entry.annotation === "RequestMapping");
      classPrefix = mapping ? (pathsOf(mapping.args)?.[0] ?? "") : "";
      pending = [];
    } else if (name !== undefined) {
      if (pending.length === 0 || NOT_HANDLERS.has(name)) continue;
      const prefix = bodies[bodies.length - 1]?.prefix ?? "";
      const handlerLine = lineOf(starts, match.index) + 1;
      for (const mapping of pending) {
        const paths = pathsOf(mapping.args);
        if (paths === null) continue;
        const verb = MAPPINGS[mapping.annotation];
        const methods = verb ? [verb] : requestMethods(mapping.args);
        for (const path of paths) {
          for (const method of methods) {
            routes.push({ framework: "spring", method, path: joinPaths(prefix, path), handler: name, line: mapping.line, handler_line: handlerLine });
          }
        }
      }
      pending = [];
    } else if (text === "{") {
      depth++;
      if (classPrefix !== null) {
        bodies.push({ depth, prefix: classPrefix });
        classPrefix = null;
      }
      pending = [];
    } else if (text === "}") {
      if (bodies[bodies.length - 1]?.depth === depth) bodies.pop();
      depth = Math.max(0, depth - 1);
    } else if (text === ";" || text === "=") {
      pending = [];
    }
  }
  return routes.sort((a, b) => a.line - b.line || a.handler_line! - b.handler_line! || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
