import { boundedQualifiedName } from "../../internal/bounded-qualified-name";
import type { ImportEntry, ImportedName, SymbolKind, Visibility } from "../../extraction-types";
import type { CallDraft, LanguageRules, RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { cursorAt } from "../../internal/node-cursor";
import { oneLine } from "../../signature";
import { enterClass, enterExpressionScope, enterFunction, enterModule, receiverFacts } from "./python-scopes";

/**
 * Python extraction rules.
 *
 * Symbols: `def` / `async def` (function; inside a class body: method, `__init__` constructor,
 * `@property` / `@cached_property` getter, `@x.setter` setter), classes (nested too), `type X = …`
 * aliases, lambdas bound to a name at module or class level (function / method), and UPPER_CASE
 * constants assigned at module or class level (so enum members are `Color.RED`). Decorators are part
 * of the span and the signature; calls inside decorators belong to the enclosing scope, because that
 * is where Python runs them. Visibility follows the underscore convention: `_x` and `__x` private,
 * dunder names and everything else public.
 *
 * Calls: every `call` whose function is a name or an attribute (`self.store.get()` -> receiver
 * `self.store`, callee `get`); class instantiation is an ordinary call. Calls inside lambdas and
 * comprehensions belong to the enclosing named callable. What the scopes say about the receiver
 * (python-scopes.ts) rides along: its type (`this#store` from `self.store = Store()`, `Store()`
 * from `x = Store()`, `make()` from `x = make()`, annotations) and whether the callee or the
 * receiver's head is a variable (`local`), so neither is mistaken for a module-level name.
 * Functions record what calling them yields (`-> Store`, or the one type all their returns agree on).
 *
 * Imports: `import a.b` (names []), `import a.b as c` (names [{ name: "*", alias: "c" }], a namespace
 * binding like TS `import * as c`), `from m import a as b, c`, `from m import *` (name "*"), relative
 * modules as written (".", "..pkg.mod"), `from __future__ import x`.
 *
 * Complexity: if / elif, for / while (their `else` clauses do not count), except clauses, `and` /
 * `or`, conditional expressions, comprehension `for` / `if` clauses, match `case` arms except an
 * irrefutable default (`case _:` or a bare capture name), case guards. Nesting: if, for, while, try,
 * match.
 */

const MAX_RECEIVER_LENGTH = 80;
const CONSTANT_NAME = /^_*[A-Z][A-Z0-9_]*$/u;

const CALLABLE_KINDS: ReadonlySet<SymbolKind> = new Set(["function", "method", "constructor", "getter", "setter"]);

/**
 * The underscore convention: `_x` and `__x` private, dunders and other names public. A def or
 * class local to a function is private whatever its name: nothing outside can reach it by name.
 */
function visibilityOf(name: string, context: RuleContext): Visibility {
  const enclosing = context.enclosing();
  if (enclosing && CALLABLE_KINDS.has(enclosing.kind)) return "private";
  if (name.startsWith("__") && name.endsWith("__") && name.length > 4) return "public";
  return name.startsWith("_") ? "private" : "public";
}

/** Drops `# …` comments outside string literals (a multi-line parameter list may hold some). */
function withoutComments(text: string): string {
  if (!text.includes("#")) return text;
  let out = "";
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === "\\") {
        out += char + (text[i + 1] ?? "");
        i++;
        continue;
      }
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === "#") {
      const newline = text.indexOf("\n", i);
      if (newline === -1) break;
      i = newline - 1;
      continue;
    }
    out += char;
  }
  return out;
}

/** One line, without the blanks just inside brackets that multi-line parameter lists leave. */
function tidy(text: string): string {
  return oneLine(
    withoutComments(text)
      .replace(/([([{])\s+/gu, "$1")
      .replace(/\s+([)\]}])/gu, "$1"),
  );
}

/**
 * Receiver text on one short line; a chain continued on the next line (`\n    .filter`) is rejoined.
 * Long receivers (a chain through a big literal) are cut before they are collapsed.
 */
function receiverText(text: string): string {
  const raw = text.length > MAX_RECEIVER_LENGTH * 4 ? text.slice(0, MAX_RECEIVER_LENGTH * 4) : text;
  const collapsed = oneLine(raw.replace(/\s*\n\s*(?=\.)/gu, ""), MAX_RECEIVER_LENGTH);
  return raw !== text && !collapsed.endsWith("…") ? `${collapsed}…` : collapsed;
}

/**
 * The decorated_definition being walked. Its rule records the decorators and where the
 * definition inside starts; the definition's rule, visited next, takes them (climbing to the
 * parent instead would cost O(siblings) in tree-sitter).
 */
interface Decoration {
  definitionStart: number;
  start: number;
  startRow: number;
  /** Each decorator's expression without arguments: `property`, `name.setter`, `app.get`. */
  names: string[];
}
let decoration: Decoration | null = null;

function decoratedDefinition(node: SyntaxNode, context: RuleContext): null {
  const { source } = context;
  const names: string[] = [];
  let definitionStart = -1;
  const cursor = cursorAt(node);
  if (cursor.gotoFirstChild()) {
    do {
      if (cursor.nodeType === "decorator") {
        const text = source.slice(cursor.startIndex + 1, cursor.endIndex);
        const paren = text.indexOf("(");
        names.push((paren >= 0 ? text.slice(0, paren) : text).replace(/\s+/gu, ""));
      } else if (cursor.currentFieldName === "definition") {
        definitionStart = cursor.startIndex;
      }
    } while (cursor.gotoNextSibling());
  }
  decoration = { definitionStart, start: node.startIndex, startRow: node.startPosition.row, names };
  return null;
}

/** The decorators of a definition, when it is the one inside the decorated_definition just visited. */
function decorationOf(node: SyntaxNode, context: RuleContext): Decoration | null {
  return context.parentType() === "decorated_definition" && decoration?.definitionStart === node.startIndex ? decoration : null;
}

function methodKind(name: string, decorators: string[]): SymbolKind {
  for (const decorator of decorators) {
    const last = decorator.slice(decorator.lastIndexOf(".") + 1);
    if (decorator === "property" || last === "cached_property" || (last === "getter" && decorator.includes("."))) return "getter";
    if (last === "setter" && decorator.includes(".")) return "setter";
  }
  return name === "__init__" ? "constructor" : "method";
}

/** Name and the end of the declaration head (parameters, return type, bases), in one cursor pass. */
function definitionHead(node: SyntaxNode, source: string): { name: string; headEnd: number } | null {
  const cursor = cursorAt(node);
  if (!cursor.gotoFirstChild()) return null;
  let name: string | null = null;
  let headEnd = -1;
  do {
    const field = cursor.currentFieldName;
    if (field === "body") break;
    if (field === "name") name = source.slice(cursor.startIndex, cursor.endIndex);
    if (field === "name" || field === "type_parameters" || field === "parameters" || field === "return_type" || field === "superclasses")
      headEnd = cursor.endIndex;
  } while (cursor.gotoNextSibling());
  return name ? { name, headEnd } : null;
}

function functionDefinition(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const { source } = context;
  const head = definitionHead(node, source);
  if (!head) return null;
  const decorated = decorationOf(node, context);
  const isMethod = context.enclosing()?.kind === "class";
  const kind: SymbolKind = isMethod ? methodKind(head.name, decorated?.names ?? []) : "function";
  const returns = enterFunction(node, context, isMethod, decorated?.names ?? []);
  const draft: SymbolDraft = {
    name: head.name,
    kind,
    signature: tidy(source.slice(decorated?.start ?? node.startIndex, head.headEnd)),
    visibility: visibilityOf(head.name, context),
    startRow: decorated?.startRow,
    callable: true,
    container: false,
  };
  if (returns) draft.return_type = returns;
  return draft;
}

function classDefinition(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const { source } = context;
  const head = definitionHead(node, source);
  if (!head) return null;
  const decorated = decorationOf(node, context);
  enterClass(node, context, head.name);
  const draft: SymbolDraft = {
    name: head.name,
    kind: "class",
    signature: tidy(source.slice(decorated?.start ?? node.startIndex, head.headEnd)),
    visibility: visibilityOf(head.name, context),
    startRow: decorated?.startRow,
    callable: false,
    container: true,
  };
  // Read from the tree: a decorated class's signature starts with its decorators.
  const bases = baseNames(node);
  if (bases.length > 0) draft.bases = bases;
  return draft;
}

/** `class A(B, mod.C, Generic[T], metaclass=M)` -> ["B", "mod.C", "Generic"]: the base classes, without keyword arguments. */
function baseNames(node: SyntaxNode): string[] {
  const bases: string[] = [];
  for (const base of node.childForFieldName("superclasses")?.namedChildren ?? []) {
    const type = base.type === "subscript" ? base.childForFieldName("value") : base;
    if (type && (type.type === "identifier" || type.type === "attribute")) bases.push(type.text.replace(/\s+/gu, ""));
  }
  return bases;
}

/**
 * Definitions the grammar recovered only as headers. Its indentation scanner keeps at most ~510
 * levels (the indent stack is saved in tree-sitter's 1 KiB scanner state), so code nested deeper
 * parses as an ERROR node in which each outer definition survives as a complete header
 * (`def name(params):`, `class Name(bases):`) whose block was lost. Every complete header is a
 * symbol, nested by the headers' columns (what the lost indentation said) and ending where the
 * next header at its column or left of it starts. A partial header (`def broken(self, x` with no
 * parameter list node) stays what it is: no symbol.
 */
function recoveredHeaders(node: SyntaxNode, context: RuleContext): SymbolDraft[] | null {
  const { source } = context;
  const children = node.children;
  const headers: { name: string; kind: "def" | "class"; start: SyntaxNode; end: number; column: number; row: number }[] = [];
  for (let i = 0; i + 2 < children.length; i++) {
    const keyword = children[i]!;
    if ((keyword.type !== "def" && keyword.type !== "class") || children[i + 1]!.type !== "identifier") continue;
    let at = i + 2;
    if (keyword.type === "def") {
      if (children[at]!.type !== "parameters") continue;
      at++;
      if (children[at]?.type === "->" && children[at + 1]?.type === "type") at += 2;
    } else if (children[at]!.type === "argument_list") at++;
    if (children[at]?.type !== ":") continue;
    const start = children[i - 1]?.type === "async" && keyword.type === "def" ? children[i - 1]! : keyword;
    headers.push({
      name: children[i + 1]!.text,
      kind: keyword.type,
      start,
      end: children[at]!.startIndex,
      column: start.startPosition.column,
      row: start.startPosition.row,
    });
    i = at;
  }
  if (headers.length === 0) return null;
  const base = context.enclosing();
  const open: { column: number; qualified: string; kind: SymbolKind }[] = [];
  return headers.map((header, index) => {
    while (open.length > 0 && open[open.length - 1]!.column >= header.column) open.pop();
    const outer = open[open.length - 1];
    const parent = outer ? outer.qualified : (base?.qualified_name ?? null);
    const parentKind = outer ? outer.kind : (base?.kind ?? null);
    const kind: SymbolKind = header.kind === "class" ? "class" : parentKind === "class" ? methodKind(header.name, []) : "function";
    open.push({ column: header.column, qualified: parent ? boundedQualifiedName(parent, ".", header.name) : header.name, kind });
    // The ERROR node ends after the file's last newline, on a line that does not exist.
    let endRow = node.endPosition.column === 0 ? Math.max(header.row, node.endPosition.row - 1) : node.endPosition.row;
    for (const next of headers.slice(index + 1)) {
      if (next.column <= header.column) {
        endRow = Math.max(header.row, next.row - 1);
        break;
      }
    }
    const local = parentKind !== null && CALLABLE_KINDS.has(parentKind);
    const underscore = header.name.startsWith("_") && !(header.name.startsWith("__") && header.name.endsWith("__") && header.name.length > 4);
    return {
      name: header.name,
      kind,
      signature: tidy(source.slice(header.start.startIndex, header.end)),
      visibility: local || underscore ? "private" : "public",
      startRow: header.row,
      endRow,
      callable: header.kind === "def",
      container: header.kind === "class",
      parent,
    };
  });
}

/** `type Vector[T] = list[T]` (Python 3.12). */
function typeAlias(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const left = node.childForFieldName("left");
  const nameNode = left?.type === "type" ? left.firstNamedChild : left;
  const name = nameNode?.type === "generic_type" ? nameNode.firstNamedChild?.text : nameNode?.text;
  if (!name || !/^[A-Za-z_]\w*$/u.test(name)) return null;
  return {
    name,
    kind: "type_alias",
    signature: tidy(context.source.slice(node.startIndex, node.endIndex)),
    visibility: visibilityOf(name, context),
    callable: false,
    container: false,
  };
}

/**
 * Module- and class-level assignments: a lambda bound to a name is a function (a method in a class
 * body); UPPER_CASE names are constants. Anything else, and any assignment inside a function, is not
 * a symbol. A chained `A = B = 1` reaches the inner assignment while A's frame is open, so an
 * enclosing constant still means "module or class level".
 */
function assignment(node: SyntaxNode, context: RuleContext): SymbolDraft | SymbolDraft[] | null {
  const enclosing = context.enclosing();
  if (enclosing && enclosing.kind !== "class" && enclosing.kind !== "const") return null;
  const left = node.childForFieldName("left");
  if (!left) return null;
  const right = node.childForFieldName("right");
  const source = context.source;
  if (left.type === "identifier" && right?.type === "lambda") {
    const body = right.childForFieldName("body");
    const name = left.text;
    return {
      name,
      kind: enclosing?.kind === "class" ? "method" : "function",
      signature: tidy(source.slice(node.startIndex, body ? body.startIndex : node.endIndex).replace(/:\s*$/u, "")),
      visibility: visibilityOf(name, context),
      callable: true,
      container: false,
    };
  }
  const targets = left.type === "identifier" ? [left] : left.type === "pattern_list" || left.type === "tuple_pattern" ? left.namedChildren : [];
  const names = targets.filter((target) => target.type === "identifier" && CONSTANT_NAME.test(target.text)).map((target) => target.text);
  if (names.length === 0) return null;
  // A multi-line value (a table, a dict) stays out of the signature: `ROUTES = …`.
  const value = right ?? null;
  const multiLine = node.startPosition.row !== node.endPosition.row;
  const signature = multiLine && value ? `${tidy(source.slice(node.startIndex, value.startIndex))} …` : tidy(node.text);
  return names.map((name) => ({ name, kind: "const", signature, visibility: visibilityOf(name, context), callable: false, container: false }));
}

/**
 * `f(…)` and `a.b.f(…)`. Read through a reused cursor: calls are the most frequent rule, and the
 * attribute's text splits at its last dot (the attribute name is an identifier) without
 * materializing the object and attribute nodes.
 */
function call(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const cursor = cursorAt(node);
  if (!cursor.gotoFirstChild()) return null;
  const type = cursor.nodeType;
  if (type === "identifier") {
    const callee = context.source.slice(cursor.startIndex, cursor.endIndex);
    const draft: CallDraft = { callee, receiver: null, kind: "call" };
    if (receiverFacts(node, context, callee, null).local) draft.local = true;
    return draft;
  }
  if (type !== "attribute") return null;
  const text = context.source.slice(cursor.startIndex, cursor.endIndex);
  const dot = text.lastIndexOf(".");
  const callee = text.slice(dot + 1).trim();
  if (dot <= 0 || !callee) return null;
  // A chain split over lines reports each call on the line of its name (the attribute's end).
  const row = text.includes("\n") ? cursor.endPosition.row : undefined;
  const draft: CallDraft = { callee, receiver: receiverText(text.slice(0, dot)), kind: "call" };
  if (row !== undefined) draft.row = row;
  const facts = receiverFacts(node, context, callee, text.slice(0, dot));
  if (facts.receiver) draft.receiver = facts.receiver;
  if (facts.type) draft.receiver_type = facts.type;
  if (facts.local) draft.local = true;
  return draft;
}

function importedName(node: SyntaxNode): ImportedName | null {
  if (node.type === "dotted_name") return { name: node.text, alias: null };
  if (node.type === "aliased_import") {
    const name = node.childForFieldName("name")?.text;
    if (!name) return null;
    return { name, alias: node.childForFieldName("alias")?.text ?? null };
  }
  return null;
}

function importStatement(node: SyntaxNode): ImportEntry[] {
  const line = node.startPosition.row + 1;
  const entries: ImportEntry[] = [];
  for (const child of node.childrenForFieldName("name")) {
    if (child.type === "dotted_name") {
      entries.push({ module: child.text, names: [], line, kind: "import" });
    } else if (child.type === "aliased_import") {
      const module = child.childForFieldName("name")?.text;
      const alias = child.childForFieldName("alias")?.text ?? null;
      if (module) entries.push({ module, names: [{ name: "*", alias }], line, kind: "import" });
    }
  }
  return entries;
}

function importFromStatement(node: SyntaxNode): ImportEntry[] | null {
  const moduleNode = node.childForFieldName("module_name");
  const module = node.type === "future_import_statement" ? "__future__" : moduleNode ? moduleNode.text.replace(/\s+/gu, "") : null;
  if (!module) return null;
  const names: ImportedName[] = [];
  for (const child of node.childrenForFieldName("name")) {
    const name = importedName(child);
    if (name) names.push(name);
  }
  if (node.type === "import_from_statement" && names.length === 0) {
    for (const child of node.namedChildren) if (child.type === "wildcard_import") names.push({ name: "*", alias: null });
  }
  return [{ module, names, line: node.startPosition.row + 1, kind: "import" }];
}

/**
 * A match arm that matches everything (`case _:` or a bare capture name) is the default, not a
 * branch; its guard still counts (as an `if_clause`).
 */
function caseClause(node: SyntaxNode, context: RuleContext): number {
  const cursor = cursorAt(node);
  if (!cursor.gotoFirstChild()) return 1;
  let patterns = 0;
  let irrefutable = false;
  do {
    if (cursor.nodeType !== "case_pattern") continue;
    patterns++;
    const text = context.source.slice(cursor.startIndex, cursor.endIndex);
    irrefutable = text === "_" || (CAPTURE.test(text) && !KEYWORD_PATTERNS.has(text));
  } while (cursor.gotoNextSibling());
  return patterns === 1 && irrefutable ? 0 : 1;
}

const CAPTURE = /^[\p{ID_Start}_][\p{ID_Continue}]*$/u;
const KEYWORD_PATTERNS = new Set(["None", "True", "False"]);

export const PYTHON_RULES: LanguageRules = {
  skip: new Set(["comment"]),
  definitions: {
    // Reads the module's top-level bindings for the calls below; never a symbol itself.
    module: (node, context) => {
      enterModule(node, context);
      return null;
    },
    // Lambda parameters and comprehension targets shadow module names; never symbols themselves.
    ...Object.fromEntries(
      ["lambda", "list_comprehension", "set_comprehension", "dictionary_comprehension", "generator_expression"].map((type) => [
        type,
        (node: SyntaxNode, context: RuleContext) => {
          enterExpressionScope(node, context);
          return null;
        },
      ]),
    ),
    // Records the decorators for the definition inside; never a symbol itself.
    decorated_definition: decoratedDefinition,
    function_definition: functionDefinition,
    class_definition: classDefinition,
    type_alias_statement: typeAlias,
    assignment,
    ERROR: recoveredHeaders,
  },
  calls: { call },
  imports: {
    import_statement: importStatement,
    import_from_statement: importFromStatement,
    future_import_statement: importFromStatement,
  },
  branches: new Set([
    "if_statement",
    "elif_clause",
    "for_statement",
    "while_statement",
    "except_clause",
    "boolean_operator",
    "conditional_expression",
    "for_in_clause",
    "if_clause",
  ]),
  conditionalBranches: { case_clause: caseClause },
  nesting: new Set(["if_statement", "for_statement", "while_statement", "try_statement", "match_statement"]),
};
