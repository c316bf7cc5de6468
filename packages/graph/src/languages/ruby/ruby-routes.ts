import type { RouteEntry, RouteFramework } from "../../extraction-types";
import { joinPaths } from "../../routes/route-text";

/** `RouteFramework` does not list Rails yet; the index stores the framework as text. The cast goes once it does. */
const RAILS = "rails" as string as RouteFramework;

const VERBS = new Set(["get", "post", "put", "patch", "delete", "match"]);
/** What `resources :users` draws: action, verb, path after the collection. */
const COLLECTION_ACTIONS: readonly (readonly [string, string, string])[] = [
  ["index", "get", ""],
  ["create", "post", ""],
  ["new", "get", "new"],
  ["edit", "get", ":id/edit"],
  ["show", "get", ":id"],
  ["update", "patch", ":id"],
  ["update", "put", ":id"],
  ["destroy", "delete", ":id"],
];
/** What `resource :profile` draws (one resource, no id). */
const SINGULAR_ACTIONS: readonly (readonly [string, string, string])[] = [
  ["create", "post", ""],
  ["new", "get", "new"],
  ["edit", "get", "edit"],
  ["show", "get", ""],
  ["update", "patch", ""],
  ["update", "put", ""],
  ["destroy", "delete", ""],
];

interface Frame {
  /** Path prefix of the routes drawn inside. */
  path: string;
  /** Controller module prefix (`admin/`). */
  module: string;
  /** The controller of `resources` blocks, for `get :preview` inside them. */
  controller: string | null;
}

/** Top-level comma-separated parts of an argument list (strings and brackets kept whole). */
function splitArguments(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === "\\") i++;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if ("([{".includes(char)) depth++;
    else if (")]}".includes(char)) depth--;
    else if (char === "#" && depth === 0) break;
    else if (char === "," && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = text
    .slice(start)
    .replace(/\s+#.*$/u, "")
    .trim();
  if (last !== "") parts.push(last);
  return parts;
}

/** A string or symbol literal's text (`"users"`, `:users`), else null. */
function literal(text: string | undefined): string | null {
  if (text === undefined) return null;
  // A double-quoted string with interpolation (`"#{x}"`) is no literal.
  const match = /^(?:"((?:[^"#]|#(?!\{))*)"|'([^']*)'|:([A-Za-z_][\w]*[?!]?))$/u.exec(text.trim());
  return match ? (match[1] ?? match[2] ?? match[3]!) : null;
}

/** `key: value` / `:key => value` options of an argument list. */
function options(parts: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of parts) {
    const match = /^(?::?([A-Za-z_]\w*):?\s*(?:=>)?\s*)(.+)$/su.exec(part);
    if (match && /^[A-Za-z_]\w*:\s|^:[A-Za-z_]\w*\s*=>/u.test(part)) found.set(match[1]!, match[2]!.trim());
  }
  return found;
}

/** `[:index, :show]` or `:index` as names. */
function nameList(text: string | undefined): Set<string> | null {
  if (text === undefined) return null;
  const names = text
    .replace(/^\[|\]$/gu, "")
    .split(",")
    .map((item) => literal(item.trim()))
    .filter((item) => item !== null);
  return new Set(names);
}

const singular = (name: string) => name.replace(/ies$/u, "y").replace(/s$/u, "");

/**
 * Rails routes (`config/routes.rb`, any file drawing `routes.draw`): verb routes (`get
 * "/x", to: "c#a"`, `get "/x" => "c#a"`, `match … via:`), `root`, `resources` (the seven
 * actions, `only:`/`except:`, nested resources as `/users/:user_id/posts`, `member` and
 * `collection` routes) and `resource`, under `namespace` and `scope` prefixes. The handler is
 * Rails' `controller#action`, namespaced (`admin/users#index`). Blocks are followed by their
 * `do` / `end` lines; a statement continued after a trailing comma is read whole.
 */
export function rubyRoutes(source: string): RouteEntry[] {
  if (!/\broutes\.draw\b/u.test(source)) return [];
  const routes: RouteEntry[] = [];
  const lines = source.split("\n");
  const stack: Frame[] = [{ path: "", module: "", controller: null }];
  // What each open `do` block pushed: a frame, or nothing (an unrelated block).
  const opened: boolean[] = [];
  /** One statement: its routes, and the frame a block it opens pushes (`opens`: it ends in `do` or `{`). */
  const read = (statement: string, lineNumber: number, opens: boolean): void => {
    const head = /^([a-z_]+)\b\s*\(?\s*(.*?)\)?\s*$/su.exec(statement);
    const frame = stack[stack.length - 1]!;
    const push = (next: Frame | null) => {
      if (!opens) return;
      opened.push(next !== null);
      if (next) stack.push(next);
    };
    if (!head) {
      push(null);
      return;
    }
    const [, word, rest] = head as unknown as [string, string, string];
    const parts = splitArguments(rest);
    const named = options(parts);
    const add = (method: string, path: string, handler: string) =>
      routes.push({ framework: RAILS, method, path: joinPaths(frame.path, path), handler, line: lineNumber, handler_line: null });
    if (word === "namespace") {
      const name = literal(parts[0]) ?? "";
      push({ path: joinPaths(frame.path, literal(named.get("path")) ?? name), module: `${frame.module}${name}/`, controller: null });
    } else if (word === "scope") {
      const path = literal(parts[0]) ?? literal(named.get("path")) ?? "";
      const module = literal(named.get("module"));
      push({ path: joinPaths(frame.path, path), module: module ? `${frame.module}${module}/` : frame.module, controller: frame.controller });
    } else if (word === "resources" || word === "resource") {
      const name = literal(parts[0]);
      if (name === null) {
        push(null);
        return;
      }
      const plural = word === "resources";
      const controller = `${frame.module}${literal(named.get("controller")) ?? (plural ? name : `${name}s`)}`;
      const base = literal(named.get("path")) ?? name;
      const only = nameList(named.get("only"));
      const except = nameList(named.get("except"));
      for (const [action, method, suffix] of plural ? COLLECTION_ACTIONS : SINGULAR_ACTIONS) {
        if ((only && !only.has(action)) || except?.has(action)) continue;
        add(method, joinPaths(base, suffix), `${controller}#${action}`);
      }
      push({ path: joinPaths(frame.path, plural ? `${base}/:${singular(name)}_id` : base), module: frame.module, controller });
    } else if (word === "member" || word === "collection") {
      // A resources block's member routes take its id (`:user_id` there is `:id` here).
      const path = word === "member" ? frame.path.replace(/:(\w+)_id$/u, ":id") : frame.path.replace(/\/:\w+_id$/u, "");
      push({ path, module: frame.module, controller: frame.controller });
    } else if (word === "root") {
      const target = literal(parts[0]) ?? literal(named.get("to"));
      if (target) add("get", "", `${frame.module}${target}`);
      push(null);
    } else if (VERBS.has(word)) {
      const first = parts[0] ?? "";
      const arrow = /^("[^"]*"|'[^']*')\s*=>\s*("[^"]*"|'[^']*')$/u.exec(first);
      const path = literal(arrow ? arrow[1] : first);
      if (path === null) {
        push(null);
        return;
      }
      const to = literal(arrow ? arrow[2] : named.get("to"));
      const action = literal(named.get("action"));
      let handler: string;
      if (to) handler = `${frame.module}${to}`;
      else if (frame.controller && /^[\w!?]+$/u.test(path)) handler = `${frame.controller}#${action ?? path}`;
      else handler = `${frame.module}${path.replace(/^\//u, "").replace("/", "#")}`;
      const via = word === "match" ? nameList(named.get("via")) : null;
      const methods = word !== "match" ? [word] : via && !via.has("all") && via.size > 0 ? [...via] : ["any"];
      for (const method of methods) add(method, path, handler);
      push(null);
    } else push(null);
  };
  for (let index = 0; index < lines.length; index++) {
    const lineNumber = index + 1;
    let text = lines[index]!.trim();
    while (text.endsWith(",") && index + 1 < lines.length) text = `${text} ${lines[++index]!.trim()}`;
    if (text === "" || text.startsWith("#")) continue;
    if (/^(?:end\b|\})/u.test(text)) {
      if (opened.pop()) stack.pop();
      continue;
    }
    // `collection { get :search }`: a block on one line.
    const inline = /^([^{]*?)\s*\{\s*([^{}|]+?)\s*\}\s*$/u.exec(text);
    if (inline && /^(?:namespace|scope|resources?|member|collection)\b/u.test(inline[1]!)) {
      read(inline[1]!, lineNumber, true);
      read(inline[2]!, lineNumber, false);
      if (opened.pop()) stack.pop();
      continue;
    }
    const block = /\s(?:do(?:\s*\|[^|]*\|)?|\{)\s*$/u.exec(text);
    read(block ? text.slice(0, block.index) : text, lineNumber, block !== null);
  }
  return routes;
}
