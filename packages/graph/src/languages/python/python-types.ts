import { cursorAt } from "../../internal/node-cursor";
import type { SyntaxNode } from "../../parser-registry";

/**
 * What Python code says about the values its names hold, read from statements alone (no
 * inference across calls): parameter annotations, `x = Store()`, `x: Store = …`, `self.x = …`
 * in methods, class attributes, and what a function returns. A type is written in the
 * `CallSite.receiver_type` notation: a type path (`Store`, `models.Store`), `path()` for what
 * calling `path` yields (a class's instance, or its declared return), `this` for the enclosing
 * class, and `#name` / `#name()` steps through members.
 *
 * Precision first: a name bound twice to different things, or to anything this cannot read
 * (a loop variable, `with … as x`, `x = a or b`), has no type; `x = None` says nothing.
 */

/** A name's binding in one scope: a type, a variable of unknown type (`null`), or a definition or import (`false`). */
export type Binding = string | null | false;

export interface Scan {
  /** Names bound in the scope. */
  bindings: Map<string, Binding>;
  /** Names declared `global` / `nonlocal`: read from the scopes outside. */
  outer: Set<string>;
  /** A method's receiver parameter (`self`, `cls`), when the function is a method that has one. */
  self: string | null;
  /** `self.x = …` in a method: the attribute's type, `null` when its assignments disagree. */
  selfAttributes: Map<string, string | null>;
  /** What calling the function yields: its annotation, else the one type all its `return`s agree on. */
  returns: string | null;
}

/** Looks a name up in the scopes around the one being read; undefined when nothing binds it. */
export type Lookup = (name: string) => Binding | undefined;

const DOTTED = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/u;
const WRAPPERS = /^(?:typing\.|typing_extensions\.|t\.)?(Optional|ClassVar|Final|Type|type|Annotated|Union)\[(.*)\]$/su;

/** Splits at top-level commas or pipes (outside brackets and quotes). */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === "[" || char === "(") depth++;
    else if (char === "]" || char === ")") depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

/**
 * The type path an annotation names: `Store`, `"Store"`, `Optional[Store]`, `Store | None`,
 * `type[Store]`, `Repo[T]` (its class), `Self` (the enclosing class). Anything else (a union
 * of several types, a callable) is undefined.
 */
export function annotationType(text: string, depth = 0): string | undefined {
  let type = text.trim();
  if (depth > 4 || type === "") return undefined;
  if (/^(['"]).*\1$/su.test(type)) type = type.slice(1, -1).trim();
  const wrapped = WRAPPERS.exec(type);
  if (wrapped) {
    const [, wrapper, inner] = wrapped as unknown as [string, string, string];
    const args = splitTop(inner, ",");
    if (wrapper === "Annotated") return annotationType(args[0]!, depth + 1);
    if (wrapper === "Union")
      return single(
        args.map((arg) => annotationType(arg, depth + 1)),
        args,
      );
    return args.length === 1 ? annotationType(args[0]!, depth + 1) : undefined;
  }
  const union = splitTop(type, "|");
  if (union.length > 1)
    return single(
      union.map((arg) => annotationType(arg, depth + 1)),
      union,
    );
  if (type === "Self" || type === "typing.Self") return "this";
  const generic = /^([A-Za-z_][\w.]*)\[.*\]$/su.exec(type);
  if (generic) type = generic[1]!;
  return DOTTED.test(type) && type !== "None" ? type : undefined;
}

/** The one type of a union once `None` is left out. */
function single(types: (string | undefined)[], texts: string[]): string | undefined {
  const kept = types.filter((_, i) => texts[i] !== "None");
  return kept.length === 1 ? kept[0] : undefined;
}

/**
 * The type of an expression's value, from the bindings `lookup` sees: a typed name, `a.b`
 * of a typed `a`, and calls — `Store()`, `models.make()` (a name or module path nothing local
 * binds), `x.open()` of a typed `x`; `await` and parentheses are looked through.
 */
export function expressionType(node: SyntaxNode, lookup: Lookup, depth = 0): string | undefined {
  if (depth > 8) return undefined;
  switch (node.type) {
    case "identifier": {
      const bound = lookup(node.text);
      return typeof bound === "string" ? bound : undefined;
    }
    case "attribute": {
      const object = node.childForFieldName("object");
      const name = node.childForFieldName("attribute");
      const type = object ? expressionType(object, lookup, depth + 1) : undefined;
      return type && name ? `${type}#${name.text}` : undefined;
    }
    case "call": {
      const callee = node.childForFieldName("function");
      if (!callee) return undefined;
      if (callee.type === "identifier") {
        const bound = lookup(callee.text);
        return (bound === false || bound === undefined) && callee.text !== "super" ? `${callee.text}()` : undefined;
      }
      if (callee.type !== "attribute") return undefined;
      const object = callee.childForFieldName("object");
      const name = callee.childForFieldName("attribute")?.text;
      if (!object || !name) return undefined;
      const type = expressionType(object, lookup, depth + 1);
      if (type) return `${type}#${name}()`;
      // `models.make()`: a module or class path whose head nothing local binds.
      const path = object.text;
      const head = path.split(".")[0]!;
      const bound = lookup(head);
      return DOTTED.test(path) && (bound === false || bound === undefined) ? `${path}.${name}()` : undefined;
    }
    case "await":
    case "parenthesized_expression": {
      const inner = node.namedChildren.find((child) => child.type !== "comment");
      return inner ? expressionType(inner, lookup, depth + 1) : undefined;
    }
    default:
      return undefined;
  }
}

/** Records one binding of `name`: equal types agree, anything else leaves a variable of unknown type. */
function bind(bindings: Map<string, Binding>, name: string, value: Binding): void {
  if (!bindings.has(name)) {
    bindings.set(name, value);
    return;
  }
  const previous = bindings.get(name)!;
  if (previous === value) return;
  bindings.set(name, null);
}

/** Every identifier a target pattern binds (`a`, `a, b`, `(a, [b, *c])`); attributes and subscripts bind none. */
export function targetNames(node: SyntaxNode, out: string[]): string[] {
  if (node.type === "identifier") out.push(node.text);
  else if (node.type !== "attribute" && node.type !== "subscript") for (const child of node.namedChildren) targetNames(child, out);
  return out;
}

function isNone(node: SyntaxNode | null): boolean {
  return node?.type === "none";
}

interface ScanState {
  scan: Scan;
  lookup: Lookup;
  returns: (string | undefined)[];
  yields: boolean;
  /** `self.x` assignments, per attribute: every type seen (undefined: unreadable). */
  attributes: Map<string, (string | undefined)[]>;
}

/** An `assignment` node: its targets bound, `self.x` recorded, chained `a = b = v` unrolled. */
function assignment(node: SyntaxNode, state: ScanState): void {
  const targets: SyntaxNode[] = [];
  let current: SyntaxNode | null = node;
  let annotation: SyntaxNode | null = null;
  while (current?.type === "assignment") {
    const left = current.childForFieldName("left");
    if (left) targets.push(left);
    annotation ??= current.childForFieldName("type");
    current = current.childForFieldName("right");
  }
  const value = current;
  if (isNone(value) && !annotation) return;
  const type = annotation ? annotationType(annotation.text) : value ? expressionType(value, state.lookup) : undefined;
  for (const target of targets) {
    if (target.type === "identifier") bind(state.scan.bindings, target.text, type ?? null);
    else if (target.type === "attribute") {
      const object = target.childForFieldName("object");
      const name = target.childForFieldName("attribute")?.text;
      if (object?.type === "identifier" && object.text === state.scan.self && name) {
        const seen = state.attributes.get(name);
        if (seen) seen.push(type);
        else state.attributes.set(name, [type]);
      }
    } else for (const name of targetNames(target, [])) bind(state.scan.bindings, name, null);
  }
}

/** Node type names by grammar symbol id (the cursor's id is cheaper to read than its type string). */
const TYPE_NAMES: string[] = [];

/** Statements and clauses the walk descends into: a block's statements are what bind names. */
const STRUCTURE = new Set([
  "module",
  "block",
  "expression_statement",
  "if_statement",
  "elif_clause",
  "else_clause",
  "for_statement",
  "while_statement",
  "try_statement",
  "except_clause",
  "except_group_clause",
  "finally_clause",
  "with_statement",
  "with_clause",
  "with_item",
  "as_pattern",
  "match_statement",
  "case_clause",
]);

/**
 * Statement-level walk of a block with one tree cursor (nodes are materialized only for the
 * statements that bind or return): bindings, returns and yields; nested definitions bind their
 * name only, and expressions are not entered.
 */
function statements(block: SyntaxNode, state: ScanState): void {
  const cursor = cursorAt(block);
  const names = (node: SyntaxNode) => {
    for (const name of targetNames(node, [])) bind(state.scan.bindings, name, null);
  };
  // Types of the open ancestors: a `for` statement's children are checked for its `left` field.
  const open: string[] = [];
  let depth = 0;
  for (;;) {
    const id = cursor.nodeTypeId;
    let type = TYPE_NAMES[id];
    if (type === undefined) TYPE_NAMES[id] = type = cursor.nodeType;
    let enter = depth === 0 || STRUCTURE.has(type);
    if (depth > 0) {
      switch (type) {
        case "assignment":
          assignment(cursor.currentNode, state);
          break;
        case "augmented_assignment": {
          const left = cursor.currentNode.childForFieldName("left");
          if (left) names(left);
          break;
        }
        case "as_pattern_target":
          names(cursor.currentNode);
          break;
        case "yield":
          state.yields = true;
          break;
        case "return_statement": {
          const value = cursor.currentNode.namedChildren[0];
          if (value && !isNone(value)) state.returns.push(value.type === "yield" ? undefined : expressionType(value, state.lookup));
          break;
        }
        case "function_definition":
        case "class_definition":
        case "decorated_definition": {
          const node = cursor.currentNode;
          const name = (type === "decorated_definition" ? node.childForFieldName("definition") : node)?.childForFieldName("name")?.text;
          if (name) bind(state.scan.bindings, name, false);
          break;
        }
        case "import_statement":
        case "import_from_statement":
          for (const child of cursor.currentNode.childrenForFieldName("name")) {
            const alias = child.type === "aliased_import" ? child.childForFieldName("alias")?.text : undefined;
            const name = alias ?? (child.type === "aliased_import" ? undefined : child.text.split(".")[0]);
            if (name) bind(state.scan.bindings, name, false);
          }
          break;
        case "global_statement":
        case "nonlocal_statement":
          for (const child of cursor.currentNode.namedChildren) if (child.type === "identifier") state.scan.outer.add(child.text);
          break;
        default:
          // `for x in …:` binds its targets.
          if (open[depth - 1] === "for_statement" && cursor.currentFieldName === "left") {
            names(cursor.currentNode);
            enter = false;
          }
      }
    }
    if (enter && cursor.gotoFirstChild()) {
      open[depth++] = type;
      continue;
    }
    for (;;) {
      if (depth === 0) return;
      if (cursor.gotoNextSibling()) break;
      cursor.gotoParent();
      depth--;
    }
  }
}

const STATIC_DECORATORS = new Set(["staticmethod"]);

/**
 * Reads a function: its parameters (the receiver of a method first, unless `@staticmethod`),
 * the names its body binds, its `self.x` assignments and what it returns. `outside` looks up
 * the names of the scopes around it.
 */
export function scanFunction(node: SyntaxNode, isMethod: boolean, decorators: readonly string[], outside: Lookup): Scan {
  const scan: Scan = { bindings: new Map(), outer: new Set(), self: null, selfAttributes: new Map(), returns: null };
  const lookup: Lookup = (name) => (scan.outer.has(name) ? outside(name) : scan.bindings.has(name) ? scan.bindings.get(name) : outside(name));
  let first = isMethod && !decorators.some((decorator) => STATIC_DECORATORS.has(decorator));
  for (const parameter of node.childForFieldName("parameters")?.namedChildren ?? []) {
    const name =
      parameter.type === "identifier"
        ? parameter.text
        : parameter.type === "typed_parameter"
          ? parameter.namedChildren.find((child) => child.type === "identifier")?.text
          : (parameter.childForFieldName("name")?.text ??
            (parameter.type === "list_splat_pattern" || parameter.type === "dictionary_splat_pattern" ? parameter.namedChildren[0]?.text : undefined));
    if (!name) continue;
    if (first) {
      first = false;
      scan.self = name;
      scan.bindings.set(name, "this");
      continue;
    }
    const annotation = parameter.type === "typed_parameter" || parameter.type === "typed_default_parameter" ? parameter.childForFieldName("type") : null;
    bind(scan.bindings, name, (annotation && annotationType(annotation.text)) ?? null);
  }
  const state: ScanState = { scan, lookup, returns: [], yields: false, attributes: new Map() };
  const body = node.childForFieldName("body");
  if (body) statements(body, state);
  for (const [name, types] of state.attributes) scan.selfAttributes.set(name, agreed(types));
  const annotation = node.childForFieldName("return_type");
  if (annotation) scan.returns = annotationType(annotation.text) ?? null;
  else if (!state.yields) {
    const returned = agreed(state.returns);
    // `this#x` needs the caller's class; a return type is read without one.
    scan.returns = returned && (returned === "this" || !returned.startsWith("this")) ? returned : null;
  }
  return scan;
}

/** The one type every entry agrees on, else null. */
function agreed(types: readonly (string | undefined)[]): string | null {
  const first = types[0];
  return first !== undefined && types.every((type) => type === first) ? first : null;
}

/** Module-level (or class-body) statements: what each name is bound to. */
export function scanBlock(block: SyntaxNode, outside: Lookup): Map<string, Binding> {
  const scan: Scan = { bindings: new Map(), outer: new Set(), self: null, selfAttributes: new Map(), returns: null };
  const lookup: Lookup = (name) => (scan.bindings.has(name) ? scan.bindings.get(name) : outside(name));
  statements(block, { scan, lookup, returns: [], yields: false, attributes: new Map() });
  return scan.bindings;
}
