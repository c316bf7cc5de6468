import type { ImportEntry, ImportedName, SymbolKind, Visibility } from "../extraction-types";
import type { CallDraft, LanguageRules, RuleContext, SymbolDraft } from "../language-rules";
import type { SyntaxNode } from "../parser-registry";
import { oneLine } from "../signature";

/**
 * Extraction rules for TypeScript, TSX, JavaScript and JSX. tree-sitter-typescript extends
 * tree-sitter-javascript, so one rule table serves all four; where the grammars differ the
 * rules accept both (JS `field_definition`/`property` next to TS `public_field_definition`/
 * `name`; decorators as children of a member in JS, as its preceding siblings in TS).
 *
 * The rules only ever navigate downwards (`childForFieldName`, `children`): tree-sitter finds
 * a parent or sibling by descending from the root, which would make big flat files quadratic.
 * So a binding site (declarator, object, class body, export, assignment) prepares the draft
 * of the function, class or object it holds, keyed by that value's start offset, and the
 * value's own rule emits it when the walker gets there. Upward questions (is this module
 * level? inside an export?) are answered from `context.ancestorType`.
 *
 * Choices worth knowing:
 * - Overloads: one symbol per implementation; bodiless `function_signature`/`method_signature`
 *   declarations are symbols only when no implementation of the same name follows
 *   (`declare function`, `.d.ts` files, `declare class` members).
 * - Bindings: functions, arrows and classes bound with const/let/var, class fields, object
 *   properties, `export default` and CommonJS assignments (`exports.x =`, `module.exports =`,
 *   `A.prototype.m =`, `A.m =`, `this.m =`) are named after the binding (`memo`, `forwardRef`,
 *   `useCallback` and `observer` wrappers are seen through). Module-level non-function bindings
 *   are `const`/`variable` symbols; an object literal holding functions is a container
 *   (`const`/`variable`/`property`) so its members read `api.get`; its members reach as far as
 *   the binding does (visibility).
 * - Decorators belong to the declaration (signature and start line); calls inside them are not
 *   call sites (they run when the class is defined, not inside the decorated body).
 * - Interface members (and members of a type alias's object type) declared as function-typed
 *   properties (`readonly get: (key: K) => V`) are methods, like method signatures.
 * - `require("x")` and `import("x")` are imports, not calls. TSX/JSX: a capitalised element
 *   (`<Item />`, `<Ui.Button>`) is a call of that component.
 */

const MAX_RECEIVER_LENGTH = 80;

const FUNCTION_VALUES = new Set(["arrow_function", "function_expression", "generator_function"]);
/** Expression wrappers that do not change what a binding holds. */
const TRANSPARENT = new Set(["parenthesized_expression", "as_expression", "satisfies_expression", "non_null_expression", "type_assertion"]);
/** Value types worth unwrapping at a binding site: functions, classes, objects and what may wrap them. */
const BINDABLE = new Set([...FUNCTION_VALUES, ...TRANSPARENT, "class", "object", "call_expression"]);
/** Higher-order calls whose first argument is the binding's real function (React and MobX idioms). */
const WRAPPERS = new Set(["memo", "forwardRef", "useCallback", "observer"]);
const WRAPPER_START = /^(?:[\w$]+\s*\.\s*)?(?:memo|forwardRef|useCallback|observer)\b/u;
const MODULE_LOAD_START = /^(?:await\s+)?(?:require|import)\s*\(/u;
const CALLABLE_KINDS = new Set<string>(["function", "method", "constructor", "getter", "setter"]);
const EXPORT_HINT = /\bexport\s*(?:\{|default\s+[\p{L}_$]|=)|\bexports\b/u;
/** `export { a, b as c }`, `export default name;`, `export = name` (not `export default function`). */
const EXPORT_LIST = /^export\s*(?:\{|=(?!>)|default\s+(?!(?:async|function|class|abstract|interface|enum|new|await)\b)[\p{L}_$][\w$]*\s*;?\s*$)/u;
const ASSIGNMENT_TARGET = /^([\p{L}_$][\w$]*(?:\s*\.\s*[\p{L}_$][\w$]*)+)\s*=\s*$/u;
const COMMONJS_EXPORT = /^(?:module\s*\.\s*exports|exports\s*\.\s*[\w$]+|module\s*\.\s*exports\s*\.\s*[\w$]+)\s*=/u;
/** An exported declaration that may be a bodiless function signature. */
const FUNCTION_SIGNATURE_HINT = /^export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?function\b/u;

// ---------------------------------------------------------------------------------------------
// Per-walk state

interface Wrapper {
  /** Start offset and row of the outermost `export`/`declare` statement around a declaration. */
  start: number;
  row: number;
  exported: boolean;
  isDefault: boolean;
  declared: boolean;
}

interface Reach {
  visibility: Visibility | null;
  /** Members of `module.exports = { … }` are the module's functions. */
  commonJs: boolean;
}

interface Decoration {
  row: number;
  /** The decorators' own text, so comments between them and the member stay out of the signature. */
  text: string;
}

interface WalkState {
  /** Top-level names exported by `export { a }`, `export default a`, `export = a` or CommonJS. */
  exported: Set<string>;
  /** Declaration start -> its export/declare wrapper. */
  wrappers: Map<number, Wrapper>;
  /** Function, class or object literal start -> the draft its binding site prepared. */
  pending: Map<number, SymbolDraft>;
  /** Object literal start -> how far its members reach. */
  objects: Map<number, Reach>;
  /** Object-literal method start -> how far it reaches. */
  members: Map<number, Reach>;
  /** Class member start -> its first decorator (TypeScript parses decorators as siblings). */
  decorated: Map<number, Decoration>;
  /** Starts of bodiless signatures that overload a following implementation. */
  overloads: Set<number>;
  /** Qualified names of ambient namespaces (`declare namespace`, `declare module "x"`). */
  ambient: Set<string>;
  /** `require`/`import()` call start -> the names its result is bound to. */
  requires: Map<number, ImportedName[]>;
  program: SyntaxNode | null;
  programMarked: boolean;
}

const states = new WeakMap<RuleContext, WalkState>();

function stateOf(context: RuleContext): WalkState {
  let state = states.get(context);
  if (!state) {
    state = {
      exported: new Set(),
      wrappers: new Map(),
      pending: new Map(),
      objects: new Map(),
      members: new Map(),
      decorated: new Map(),
      overloads: new Set(),
      ambient: new Set(),
      requires: new Map(),
      program: null,
      programMarked: false,
    };
    states.set(context, state);
  }
  return state;
}

const ANONYMOUS: Reach = { visibility: null, commonJs: false };

// ---------------------------------------------------------------------------------------------
// Text helpers

function slice(context: RuleContext, from: number, to: number): string {
  return context.source.slice(from, to);
}

/** One-line declaration head: whitespace collapsed, body openers (`{`, `=>`, `=`) and terminators dropped. */
function head(text: string): string {
  return oneLine(text.replace(/(?:\s|\{|=>|=|;|,)+$/u, ""));
}

function unquote(text: string): string {
  const first = text.charCodeAt(0);
  return first === 34 || first === 39 || first === 96 ? text.slice(1, -1) : text;
}

/** The value of a string literal (or a template literal without substitutions), else null. */
function stringValue(node: SyntaxNode | null): string | null {
  if (!node) return null;
  if (node.type === "string") return node.text.slice(1, -1);
  if (node.type === "template_string") {
    const text = node.text;
    return text.includes("${") ? null : text.slice(1, -1);
  }
  return null;
}

function propertyKeyName(key: SyntaxNode | null): string | null {
  if (!key) return null;
  return key.type === "string" ? key.text.slice(1, -1) : key.text;
}

/** Row of `offset`, counting newlines back from a node on a known row. */
function rowAt(context: RuleContext, offset: number, anchor: number, anchorRow: number): number {
  let row = anchorRow;
  for (let i = offset; i < anchor; i++) if (context.source.charCodeAt(i) === 10) row--;
  return row;
}

/** Receiver source between two offsets, without the trailing member operator, on one capped line. */
function receiverText(context: RuleContext, start: number, end: number): string {
  let raw = slice(context, start, Math.min(end, start + 4 * MAX_RECEIVER_LENGTH + 2)).replace(/\s*\??\.\s*$/u, "");
  if (!/\s/u.test(raw) && raw.length <= MAX_RECEIVER_LENGTH) return raw;
  // Method chains broken over lines read as written on one line: `db\n  .select()` -> `db.select()`.
  raw = raw.replace(/\s+(?=\??\.)/gu, "");
  return oneLine(raw, MAX_RECEIVER_LENGTH);
}

function bodyStart(node: SyntaxNode): number {
  return node.childForFieldName("body")?.startIndex ?? node.endIndex;
}

// ---------------------------------------------------------------------------------------------
// Where a declaration sits

type Scope = "top" | "namespace" | "ambient" | "local";

function inCallable(context: RuleContext): boolean {
  return CALLABLE_KINDS.has(context.enclosing()?.kind ?? "");
}

/**
 * Whether a declaration is at module level, directly in a namespace body, or local to a
 * function or block. `generation` is the ancestor generation of the declaration statement's
 * parent (0 when the rule's node is the statement itself).
 */
function scopeOf(context: RuleContext, generation: number): Scope {
  if (inCallable(context)) return "local";
  let g = generation;
  let type = context.ancestorType(g);
  while (type === "export_statement" || type === "ambient_declaration" || type === "ERROR") type = context.ancestorType(++g);
  if (type === null || type === "program") return "top";
  if (type !== "statement_block") return "local";
  const owner = context.ancestorType(g + 1);
  if (owner === "ambient_declaration") return "ambient"; // declare global { … }
  if (owner !== "internal_module" && owner !== "module") return "local";
  // Everything in an ambient namespace or module is exported.
  const namespace = context.container();
  return namespace && stateOf(context).ambient.has(namespace.qualified_name) ? "ambient" : "namespace";
}

function visibilityOf(context: RuleContext, name: string, wrapper: Wrapper | undefined, scope: Scope): Visibility | null {
  if (scope === "local") return null;
  if (wrapper?.exported || scope === "ambient") return "public";
  if (scope === "top" && stateOf(context).exported.has(name)) return "public";
  return "module";
}

/** Visibility and start of a declaration statement (function, class, interface, enum, …). */
function declarationPlace(node: SyntaxNode, context: RuleContext, name: string, generation = 0) {
  const wrapper = stateOf(context).wrappers.get(node.startIndex);
  const visibility = wrapper?.isDefault ? "public" : visibilityOf(context, name, wrapper, scopeOf(context, generation));
  return { wrapper, visibility, start: wrapper ? wrapper.start : node.startIndex };
}

interface Modifiers {
  accessibility: Visibility;
  accessor: "getter" | "setter" | null;
}

/** Accessibility and get/set of a class or object member, read from its leading tokens. */
function modifiersOf(member: SyntaxNode, name: SyntaxNode | null): Modifiers {
  const result: Modifiers = { accessibility: name?.type === "private_property_identifier" ? "private" : "public", accessor: null };
  const nameStart = name ? name.startIndex : Infinity;
  for (const child of member.children) {
    if (child.startIndex >= nameStart) break;
    const type = child.type;
    if (type === "accessibility_modifier") {
      const modifier = child.text;
      if (result.accessibility !== "private") result.accessibility = modifier === "private" ? "private" : modifier === "protected" ? "protected" : "public";
    } else if (type === "get") result.accessor = "getter";
    else if (type === "set") result.accessor = "setter";
  }
  return result;
}

/**
 * A declaration tree-sitter could only recover as an expression inside an ERROR node
 * (`export class A` after a broken statement): module level unless nested, exported when an
 * `export` keyword survived on the same line right before it.
 */
function recoveredVisibility(context: RuleContext, value: SyntaxNode, name: string): Visibility | null {
  let previous = value.previousNamedSibling; // ERROR nodes only: sibling navigation is fine this rarely
  while (previous?.type === "ERROR") previous = previous.namedChildCount > 0 ? previous.namedChild(previous.namedChildCount - 1) : null;
  const exported = previous?.type === "identifier" && previous.text === "export" && previous.endPosition.row === value.startPosition.row;
  const scope = scopeOf(context, 0);
  if (scope === "local") return null;
  return exported ? "public" : visibilityOf(context, name, undefined, scope);
}

// ---------------------------------------------------------------------------------------------
// Values and what binds them

function isWrapperCall(call: SyntaxNode, context: RuleContext): boolean {
  if (!WRAPPER_START.test(slice(context, call.startIndex, call.startIndex + 48))) return false;
  const callee = call.childForFieldName("function");
  if (!callee) return false;
  if (callee.type === "identifier") return WRAPPERS.has(callee.text);
  if (callee.type === "member_expression") return WRAPPERS.has(callee.childForFieldName("property")?.text ?? "");
  return false;
}

/** The value a binding really holds: through parentheses, `as`/`satisfies`, `!` and wrapper calls. */
function unwrapValue(value: SyntaxNode | null, context: RuleContext): SyntaxNode | null {
  let current = value;
  while (current) {
    const type = current.type;
    if (TRANSPARENT.has(type)) {
      current = type === "type_assertion" ? current.namedChild(current.namedChildCount - 1) : current.firstNamedChild;
    } else if (type === "call_expression" && isWrapperCall(current, context)) {
      current = current.childForFieldName("arguments")?.firstNamedChild ?? null;
    } else return current;
  }
  return null;
}

/** Whether an object literal defines functions, directly or in nested object-valued properties. */
function hasFunctionMembers(object: SyntaxNode, context: RuleContext): boolean {
  if (!mayHoldFunctions(context.source, object.startIndex, object.endIndex)) return false;
  for (const member of object.namedChildren) {
    if (member.type === "method_definition") return true;
    if (member.type !== "pair") continue;
    const raw = member.childForFieldName("value");
    if (!raw || !BINDABLE.has(raw.type)) continue;
    const value = unwrapValue(raw, context);
    if (!value) continue;
    if (FUNCTION_VALUES.has(value.type) || value.type === "class") return true;
    if (value.type === "object" && hasFunctionMembers(value, context)) return true;
  }
  return false;
}

/** Prepares the symbol for a function or class value; its own rule emits it. */
function prepare(context: RuleContext, value: SyntaxNode, draft: Omit<SymbolDraft, "callable" | "container">): void {
  const isClass = value.type === "class";
  stateOf(context).pending.set(value.startIndex, { ...draft, callable: !isClass, container: isClass });
}

/** Prepares an object literal holding functions as a container (`property`, `default`) and records how far its members reach. */
function prepareObject(context: RuleContext, object: SyntaxNode, draft: Omit<SymbolDraft, "callable" | "container"> | null, reach: Reach): void {
  const state = stateOf(context);
  if (draft) state.pending.set(object.startIndex, { ...draft, callable: false, container: true });
  state.objects.set(object.startIndex, reach);
}

// ---------------------------------------------------------------------------------------------
// Definitions

/** Root: top-level export lists and CommonJS exports, read once from the program's children. */
function onProgram(node: SyntaxNode, context: RuleContext): null {
  const state = stateOf(context);
  state.program = node;
  if (!EXPORT_HINT.test(context.source)) return null;
  const source = context.source;
  const addCommonJs = (right: SyntaxNode | null) => {
    if (!right) return;
    if (right.type === "identifier") state.exported.add(right.text);
    else if (right.type === "object") {
      for (const member of right.namedChildren) {
        if (member.type === "shorthand_property_identifier") state.exported.add(member.text);
        else if (member.type === "pair") {
          const value = member.childForFieldName("value");
          if (value?.type === "identifier") state.exported.add(value.text);
        }
      }
    }
  };
  for (const statement of node.namedChildren) {
    const type = statement.type;
    if (type !== "export_statement" && type !== "expression_statement") continue;
    // Text first: only `export { … }`, `export default name`, `export = name` and CommonJS
    // assignments name something exported elsewhere; declarations carry their own `export`.
    const start = statement.startIndex;
    const text = source.slice(start, Math.min(statement.endIndex, start + 160));
    if (type === "export_statement") {
      if (!EXPORT_LIST.test(text) || statement.childForFieldName("source")) continue;
      for (const child of statement.namedChildren) {
        if (child.type === "identifier") state.exported.add(child.text);
        else if (child.type === "export_clause") {
          for (const specifier of child.namedChildren) {
            const name = specifier.childForFieldName("name");
            if (name) state.exported.add(name.text);
          }
        }
      }
    } else if (COMMONJS_EXPORT.test(text)) {
      const assignment = statement.firstNamedChild;
      if (assignment?.type === "assignment_expression") addCommonJs(assignment.childForFieldName("right"));
    }
  }
  return null;
}

/**
 * Marks bodiless signatures directly followed (through other signatures of the same name) by
 * their implementation. Names are read only while a chain of signatures is open.
 */
function markOverloads(statements: SyntaxNode[], state: WalkState, source: string, signatureType: string, implementationType: string): void {
  let chainName: string | null = null;
  let chain: number[] = [];
  for (const statement of statements) {
    if (statement.type === "comment" || statement.type === "decorator") continue;
    let declaration: SyntaxNode | null = statement;
    if (declaration.type === "export_statement") {
      if (chainName === null && !FUNCTION_SIGNATURE_HINT.test(source.slice(statement.startIndex, statement.startIndex + 80))) continue;
      declaration = declaration.childForFieldName("declaration");
    }
    const type = declaration?.type;
    if (type === signatureType) {
      const name = declaration!.childForFieldName("name")?.text ?? null;
      if (name !== chainName) {
        chainName = name;
        chain = [];
      }
      chain.push(declaration!.startIndex);
    } else if (type === implementationType && chainName !== null) {
      if (declaration!.childForFieldName("name")?.text === chainName) for (const start of chain) state.overloads.add(start);
      chainName = null;
    } else chainName = null;
  }
}

/** Overloads in the program are marked on the first bodiless signature met there (most files have none). */
function isProgramOverload(node: SyntaxNode, context: RuleContext, state: WalkState): boolean {
  let generation = 0;
  let type = context.ancestorType(generation);
  while (type === "export_statement") type = context.ancestorType(++generation);
  if (type === "program" && !state.programMarked && state.program) {
    state.programMarked = true;
    markOverloads(state.program.namedChildren, state, context.source, "function_signature", "function_declaration");
  }
  return state.overloads.has(node.startIndex);
}

/** `export …`: remembers the wrapper for the declaration; an `export default` value gets its symbol prepared. */
function onExportStatement(node: SyntaxNode, context: RuleContext): null {
  const declaration = node.childForFieldName("declaration");
  const value = declaration ? null : node.childForFieldName("value");
  const target = declaration ?? value;
  if (!target) return null;
  const isDefault = /\bdefault\s*$/u.test(slice(context, Math.max(node.startIndex, target.startIndex - 32), target.startIndex));
  const row = node.startPosition.row;
  if (declaration) {
    stateOf(context).wrappers.set(declaration.startIndex, { start: node.startIndex, row, exported: true, isDefault, declared: false });
    return null;
  }
  if (!value || !BINDABLE.has(value.type)) return null;
  const unwrapped = unwrapValue(value, context);
  if (!unwrapped) return null;
  if (FUNCTION_VALUES.has(unwrapped.type) || unwrapped.type === "class") {
    prepare(context, unwrapped, {
      name: unwrapped.childForFieldName("name")?.text ?? "default",
      kind: unwrapped.type === "class" ? "class" : "function",
      signature: head(slice(context, node.startIndex, bodyStart(unwrapped))),
      visibility: "public",
      spanNode: node,
      startRow: row,
    });
  } else if (unwrapped.type === "object" && hasFunctionMembers(unwrapped, context)) {
    const draft = { name: "default", kind: "const" as const, signature: head(slice(context, node.startIndex, unwrapped.startIndex)), visibility: "public" as const, spanNode: node, startRow: row };
    prepareObject(context, unwrapped, draft, { visibility: "public", commonJs: false });
  }
  return null;
}

/** `declare …`: the declaration inside starts at `declare` (or at the `export` around it). */
function onAmbientDeclaration(node: SyntaxNode, context: RuleContext): null {
  const inner = node.firstNamedChild;
  if (!inner) return null;
  const state = stateOf(context);
  const outer = state.wrappers.get(node.startIndex);
  state.wrappers.set(inner.startIndex, {
    start: outer ? outer.start : node.startIndex,
    row: outer ? outer.row : node.startPosition.row,
    exported: outer?.exported ?? false,
    isDefault: false,
    declared: true,
  });
  return null;
}

function onFunctionDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const bodiless = node.type === "function_signature";
  if (bodiless && isProgramOverload(node, context, stateOf(context))) return null;
  const name = node.childForFieldName("name");
  if (!name) return null;
  const place = declarationPlace(node, context, name.text);
  const draft: SymbolDraft = {
    name: name.text,
    kind: "function",
    signature: head(slice(context, place.start, bodiless ? node.endIndex : bodyStart(node))),
    visibility: place.visibility,
    callable: !bodiless,
    container: false,
  };
  if (place.wrapper) draft.startRow = place.wrapper.row;
  return draft;
}

/** Interfaces, classes, enums, type aliases: a name, a head up to the body, a wrapper-aware start. */
function declaration(kind: SymbolKind, container: (node: SyntaxNode) => boolean) {
  return (node: SyntaxNode, context: RuleContext): SymbolDraft | null => {
    const name = node.childForFieldName("name");
    if (!name) return null;
    const place = declarationPlace(node, context, name.text);
    const body = node.childForFieldName("body");
    const draft: SymbolDraft = {
      name: name.text,
      kind,
      signature: head(slice(context, place.start, body ? body.startIndex : node.endIndex)),
      visibility: place.visibility,
      callable: false,
      container: container(node),
    };
    if (place.wrapper) draft.startRow = place.wrapper.row;
    return draft;
  };
}

const onClassDeclaration = declaration("class", () => true);
const onInterface = declaration("interface", () => true);
const onEnum = declaration("enum", () => false);

function onTypeAlias(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const name = node.childForFieldName("name");
  if (!name) return null;
  const place = declarationPlace(node, context, name.text);
  const value = node.childForFieldName("value");
  const objectType = value?.type === "object_type";
  const draft: SymbolDraft = {
    name: name.text,
    kind: "type_alias",
    // Short aliases read best whole (`type Id = string`); object types end at their brace.
    signature: head(slice(context, place.start, objectType ? value.startIndex : node.endIndex)),
    visibility: place.visibility,
    callable: false,
    container: objectType,
  };
  if (place.wrapper) draft.startRow = place.wrapper.row;
  return draft;
}

function onNamespace(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  if (!node.isNamed) return null; // the `module` keyword
  const name = node.childForFieldName("name");
  if (!name) return null;
  const state = stateOf(context);
  const text = unquote(name.text);
  // `namespace A.B {}` is an expression statement in the grammar.
  const generation = context.parentType() === "expression_statement" ? 1 : 0;
  const wrapper = state.wrappers.get(node.startIndex);
  const parent = context.container();
  const ambient = name.type === "string" || !!wrapper?.declared || (!!parent && state.ambient.has(parent.qualified_name));
  if (ambient) state.ambient.add(parent ? `${parent.qualified_name}.${text}` : text);
  const body = node.childForFieldName("body");
  if (body && (context.lang === "typescript" || context.lang === "tsx")) markOverloads(body.namedChildren, state, context.source, "function_signature", "function_declaration");
  const draft: SymbolDraft = {
    name: text,
    kind: "namespace",
    signature: head(slice(context, wrapper ? wrapper.start : node.startIndex, body ? body.startIndex : node.endIndex)),
    visibility: name.type === "string" ? "public" : visibilityOf(context, text, wrapper, scopeOf(context, generation)),
    callable: false,
    container: true,
  };
  if (wrapper) draft.startRow = wrapper.row;
  return draft;
}

/**
 * Class bodies: decorators (TypeScript siblings) and overload signatures are matched to
 * their members here, and fields holding functions, classes or method objects are prepared.
 */
function onClassBody(node: SyntaxNode, context: RuleContext): null {
  const state = stateOf(context);
  const typescript = context.lang === "typescript" || context.lang === "tsx";
  let decorators: SyntaxNode[] = [];
  const members: SyntaxNode[] = [];
  for (const member of node.namedChildren) {
    const type = member.type;
    if (type === "decorator") {
      decorators.push(member);
      continue;
    }
    if (type === "comment") continue;
    if (decorators.length > 0) {
      const text = decorators.map((decorator) => slice(context, decorator.startIndex, decorator.endIndex)).join(" ");
      state.decorated.set(member.startIndex, { row: decorators[0]!.startPosition.row, text });
      decorators = [];
    }
    if (typescript) members.push(member);
    if (type === "public_field_definition" || type === "field_definition") prepareField(member, context);
  }
  if (typescript) markOverloads(members, state, context.source, "method_signature", "method_definition");
  return null;
}

function prepareField(field: SyntaxNode, context: RuleContext): void {
  const raw = field.childForFieldName("value");
  if (!raw || !BINDABLE.has(raw.type)) return;
  const value = unwrapValue(raw, context);
  if (!value) return;
  const isFunction = FUNCTION_VALUES.has(value.type) || value.type === "class";
  if (!isFunction && value.type !== "object") return;
  const name = field.childForFieldName("name") ?? field.childForFieldName("property");
  if (!name) return;
  const decoration = stateOf(context).decorated.get(field.startIndex);
  const prefix = decoration ? `${decoration.text} ` : "";
  const visibility = modifiersOf(field, name).accessibility;
  const base = { name: name.text, visibility, spanNode: field, ...(decoration ? { startRow: decoration.row } : {}) };
  if (isFunction) {
    prepare(context, value, { ...base, kind: value.type === "class" ? "class" : "method", signature: head(prefix + slice(context, field.startIndex, bodyStart(value))) });
  } else if (hasFunctionMembers(value, context)) {
    prepareObject(context, value, { ...base, kind: "property", signature: head(prefix + slice(context, field.startIndex, value.startIndex)) }, { visibility, commonJs: false });
  }
}

function onMethod(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const ownerType = context.parentType();
  const state = stateOf(context);
  if (node.type === "method_signature") {
    // Interface members (and members of a type alias's object type) are methods of it;
    // in a class body a bodiless signature is an overload unless nothing implements it.
    if (ownerType === "object_type") {
      if (context.ancestorType(1) !== "type_alias_declaration") return null;
    } else if (ownerType === "class_body") {
      if (state.overloads.has(node.startIndex)) return null;
    } else if (ownerType !== "interface_body") return null;
  }
  const name = node.childForFieldName("name");
  if (!name) return null;
  const modifiers = modifiersOf(node, name);
  const inClass = ownerType === "class_body";
  const memberName = propertyKeyName(name) ?? name.text;
  let kind: SymbolKind = modifiers.accessor ?? "method";
  if (inClass && kind === "method" && memberName === "constructor") kind = "constructor";
  const decoration = inClass ? state.decorated.get(node.startIndex) : undefined;
  const body = node.type === "method_definition" ? node.childForFieldName("body") : null;
  const reach = ownerType === "object" ? (state.members.get(node.startIndex) ?? ANONYMOUS) : null;
  const draft: SymbolDraft = {
    name: memberName,
    kind: reach?.commonJs ? "function" : kind,
    signature: head((decoration ? `${decoration.text} ` : "") + slice(context, node.startIndex, body ? body.startIndex : node.endIndex)),
    visibility: reach ? reach.visibility : modifiers.accessibility,
    callable: node.type === "method_definition",
    container: false,
  };
  if (decoration) draft.startRow = decoration.row;
  if (reach?.commonJs) draft.parent = null;
  return draft;
}

/** `readonly get: (key: K) => V` in an interface or a type alias's object type: a method in all but syntax. */
function onPropertySignature(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const ownerType = context.parentType();
  if (ownerType === "object_type") {
    if (context.ancestorType(1) !== "type_alias_declaration") return null;
  } else if (ownerType !== "interface_body") return null;
  const name = node.childForFieldName("name");
  let type = node.childForFieldName("type")?.firstNamedChild ?? null;
  while (type?.type === "parenthesized_type") type = type.firstNamedChild;
  if (!name || !type || !isFunctionType(type)) return null;
  return {
    name: propertyKeyName(name) ?? name.text,
    kind: "method",
    signature: head(slice(context, node.startIndex, node.endIndex)),
    visibility: modifiersOf(node, name).accessibility,
    callable: false,
    container: false,
  };
}

/** A function type, or an object type that is only call signatures (an overload list). */
function isFunctionType(type: SyntaxNode): boolean {
  if (type.type === "function_type") return true;
  return type.type === "object_type" && type.namedChildCount > 0 && type.namedChildren.every((member) => member.type === "call_signature" || member.type === "comment");
}

/** Function, arrow and class expressions: the draft their binding prepared, or their own name. */
function onValue(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  if (!node.isNamed) return null; // the `class` keyword shares the type name of class expressions
  const state = stateOf(context);
  const prepared = state.pending.get(node.startIndex);
  if (prepared) {
    state.pending.delete(node.startIndex);
    return prepared;
  }
  if (node.type === "arrow_function") return null;
  // A named function or class expression used in place (`items.forEach(function each() {})`).
  const name = node.childForFieldName("name");
  if (!name) return null;
  const isClass = node.type === "class";
  return {
    name: name.text,
    kind: isClass ? "class" : "function",
    signature: head(slice(context, node.startIndex, bodyStart(node))),
    visibility: context.parentType() === "ERROR" ? recoveredVisibility(context, node, name.text) : null,
    callable: !isClass,
    container: isClass,
  };
}

/**
 * Object literals: members holding functions get their symbols prepared (named by their key,
 * reaching as far as the object's binding); a prepared container draft is emitted.
 */
function onObject(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  if (!node.isNamed) return null; // the `object` type keyword
  const state = stateOf(context);
  const reach = state.objects.get(node.startIndex) ?? ANONYMOUS;
  const own = state.pending.get(node.startIndex);
  if (own) state.pending.delete(node.startIndex);
  // Most object literals are data: without "(", "=>" or "class" in their text nothing in them is a function.
  if (!mayHoldFunctions(context.source, node.startIndex, node.endIndex)) return own ?? null;
  for (const member of node.namedChildren) {
    if (member.type === "method_definition") {
      if (reach !== ANONYMOUS) state.members.set(member.startIndex, reach);
      continue;
    }
    if (member.type !== "pair") continue;
    const raw = member.childForFieldName("value");
    if (!raw || !BINDABLE.has(raw.type)) continue;
    const value = unwrapValue(raw, context);
    if (!value) continue;
    const isFunction = FUNCTION_VALUES.has(value.type) || value.type === "class";
    if (!isFunction && value.type !== "object") continue;
    const name = propertyKeyName(member.childForFieldName("key"));
    if (!name) continue;
    if (isFunction) {
      const draft = {
        name,
        kind: (value.type === "class" ? "class" : reach.commonJs ? "function" : "method") as SymbolKind,
        signature: head(slice(context, member.startIndex, bodyStart(value))),
        visibility: reach.visibility,
        spanNode: member,
      };
      prepare(context, value, reach.commonJs ? { ...draft, parent: null } : draft);
    } else if (hasFunctionMembers(value, context)) {
      const signature = head(slice(context, member.startIndex, value.startIndex)).replace(/\s*:$/u, "");
      prepareObject(context, value, { name, kind: "property", signature, visibility: reach.visibility, spanNode: member }, { visibility: reach.visibility, commonJs: false });
    }
  }
  return own ?? null;
}

/** Bounded scan of an object literal's text for "(", "=>" or "class" (an unbounded indexOf could run to the end of the file). */
function mayHoldFunctions(source: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const code = source.charCodeAt(i);
    if (code === 40 /* ( */ || (code === 62 /* > */ && source.charCodeAt(i - 1) === 61) /* => */) return true;
    if (code === 99 /* c */ && source.startsWith("class", i)) return true;
  }
  return false;
}

interface DeclarationHead {
  /** Offset of the statement's start, including `export`/`declare`. */
  start: number;
  row: number | null;
  /** Prefix text (`export const `) when this is not the first declarator. */
  prefix: string | null;
  keyword: string;
  wrapper: Wrapper | undefined;
}

/**
 * The declaration a declarator belongs to, found by reading the keyword before it in the
 * source (the first declarator, nearly always) instead of climbing to the parent node.
 */
function declarationHead(node: SyntaxNode, context: RuleContext): DeclarationHead | null {
  const source = context.source;
  let end = node.startIndex - 1;
  while (end >= 0 && /\s/u.test(source[end]!)) end--;
  let begin = end;
  while (begin >= 0 && /[\w$]/u.test(source[begin]!)) begin--;
  const keyword = source.slice(begin + 1, end + 1);
  const state = stateOf(context);
  if (keyword === "const" || keyword === "let" || keyword === "var") {
    const wrapper = state.wrappers.get(begin + 1);
    const start = wrapper ? wrapper.start : begin + 1;
    return { start, row: start === node.startIndex ? null : rowAt(context, start, node.startIndex, node.startPosition.row), prefix: null, keyword, wrapper };
  }
  // A later declarator (`let a = 1, b = …`): rare, so the parent lookup is affordable.
  const declaration = node.parent;
  if (!declaration || (declaration.type !== "lexical_declaration" && declaration.type !== "variable_declaration")) return null;
  const first = declaration.firstNamedChild;
  const wrapper = state.wrappers.get(declaration.startIndex);
  const start = wrapper ? wrapper.start : declaration.startIndex;
  return {
    start,
    row: null,
    prefix: first ? slice(context, start, first.startIndex) : "",
    keyword: declaration.firstChild?.type ?? "const",
    wrapper,
  };
}

/** Names a `require(…)`/`import(…)` result is bound to: `const fs = …`, `const { a: b } = …`, `const x = require("m").x`. */
function recordModuleBinding(name: SyntaxNode, value: SyntaxNode, context: RuleContext): void {
  let call: SyntaxNode | null = value;
  let member: string | null = null;
  while (call && call.type !== "call_expression") {
    if (call.type === "await_expression") call = call.firstNamedChild;
    else if (call.type === "member_expression" && member === null) {
      member = call.childForFieldName("property")?.text ?? null;
      call = call.childForFieldName("object");
    } else return;
  }
  if (!call) return;
  const names: ImportedName[] = [];
  if (name.type === "identifier") {
    names.push(member ? { name: member, alias: name.text !== member ? name.text : null } : { name: "*", alias: name.text });
  } else if (name.type === "object_pattern" && !member) {
    for (const property of name.namedChildren) {
      if (property.type === "shorthand_property_identifier_pattern") names.push({ name: property.text, alias: null });
      else if (property.type === "object_assignment_pattern") {
        const left = property.childForFieldName("left");
        if (left) names.push({ name: left.text, alias: null });
      } else if (property.type === "pair_pattern") {
        const key = propertyKeyName(property.childForFieldName("key"));
        let local = property.childForFieldName("value");
        if (local?.type === "assignment_pattern") local = local.childForFieldName("left");
        if (key) names.push({ name: key, alias: local && local.type === "identifier" && local.text !== key ? local.text : null });
      }
    }
  }
  stateOf(context).requires.set(call.startIndex, names);
}

/**
 * `const`/`let`/`var`: functions and classes get their symbol prepared; an object literal
 * holding functions is a container; other module-level bindings are `const`/`variable`.
 */
function onDeclarator(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const value = node.childForFieldName("value");
  const valueType = value?.type;
  const local = inCallable(context);
  if (value && (valueType === "call_expression" || valueType === "await_expression" || valueType === "member_expression")) {
    if (MODULE_LOAD_START.test(slice(context, value.startIndex, value.startIndex + 16))) {
      const binding = node.childForFieldName("name");
      if (binding) recordModuleBinding(binding, value, context);
      return null;
    }
  }
  // Inside a named callable only functions, classes and method objects matter: decide cheaply.
  if (local && !(valueType && BINDABLE.has(valueType))) return null;
  const unwrapped = value && BINDABLE.has(value.type) ? unwrapValue(value, context) : value;
  const isFunction = !!unwrapped && (FUNCTION_VALUES.has(unwrapped.type) || unwrapped.type === "class");
  const container = !isFunction && unwrapped?.type === "object" && hasFunctionMembers(unwrapped, context);
  if (local && !isFunction && !container) return null;
  const name = node.childForFieldName("name");
  if (!name || name.type !== "identifier") return null;
  const declared = declarationHead(node, context);
  if (!declared) return null;
  const scope = local ? "local" : scopeOf(context, 1);
  if (!isFunction && !container && scope === "local") return null;
  const visibility = visibilityOf(context, name.text, declared.wrapper, scope);
  const signatureOf = (end: number) => head((declared.prefix ?? slice(context, declared.start, node.startIndex)) + slice(context, node.startIndex, end));
  const startRow = declared.row ?? node.startPosition.row;
  if (isFunction) {
    prepare(context, unwrapped, {
      name: name.text,
      kind: unwrapped.type === "class" ? "class" : "function",
      signature: signatureOf(bodyStart(unwrapped)),
      visibility,
      spanNode: node,
      startRow,
    });
    return null;
  }
  if (container) stateOf(context).objects.set(unwrapped.startIndex, { visibility, commonJs: false });
  // The value belongs in the signature when it is short (`const LIMIT = 50`), not when it is a body.
  const short = value && !container && value.endIndex - value.startIndex <= 60 && !slice(context, value.startIndex, value.endIndex).includes("\n");
  return {
    name: name.text,
    kind: declared.keyword === "const" ? "const" : "variable",
    signature: signatureOf(value && !short ? value.startIndex : node.endIndex),
    visibility,
    spanNode: node,
    startRow,
    callable: false,
    container,
  };
}

/** CommonJS and prototype assignments: `exports.f = …`, `module.exports = …`, `A.prototype.m = …`, `A.m = …`, `this.m = …`. */
function onAssignment(node: SyntaxNode, context: RuleContext): null {
  const right = node.childForFieldName("right");
  if (!right || !BINDABLE.has(right.type)) return null;
  // The target read from the text (`a.b.c =`) instead of three node lookups; anything but a
  // dotted name (`a[b] =`, destructuring) is not a binding we name.
  const target = ASSIGNMENT_TARGET.exec(slice(context, node.startIndex, right.startIndex));
  if (!target) return null;
  const path = target[1]!.split(/\s*\.\s*/u);
  const value = unwrapValue(right, context);
  if (!value) return null;
  const joined = path.join(".");
  if (value.type === "object") {
    if (joined === "module.exports") prepareObject(context, value, null, { visibility: "public", commonJs: true });
    return null;
  }
  if (!FUNCTION_VALUES.has(value.type) && value.type !== "class") return null;
  const isClass = value.type === "class";
  const base = {
    visibility: "public" as const,
    signature: head(slice(context, node.startIndex, bodyStart(value))),
    spanNode: node,
  };
  const functionKind: SymbolKind = isClass ? "class" : "function";
  const methodKind: SymbolKind = isClass ? "class" : "method";
  const name = path[path.length - 1]!;
  if (joined === "module.exports") {
    prepare(context, value, { ...base, name: value.childForFieldName("name")?.text ?? "default", kind: functionKind, parent: null });
  } else if ((path.length === 2 && path[0] === "exports") || (path.length === 3 && path[0] === "module" && path[1] === "exports")) {
    prepare(context, value, { ...base, name, kind: functionKind, parent: null });
  } else if (path.length === 3 && path[1] === "prototype" && path[0] !== "this") {
    prepare(context, value, { ...base, name, kind: methodKind, parent: path[0]! });
  } else if (path.length === 2 && path[0] === "this") {
    // In a class method `this` is the instance of the class; in a plain function it is the
    // instance of that constructor function, which the walker already gives as the parent.
    const enclosing = context.enclosing();
    const container = context.container();
    if (enclosing && (enclosing.kind === "constructor" || enclosing.kind === "method") && container?.kind === "class") {
      prepare(context, value, { ...base, name, kind: methodKind, parent: container.qualified_name });
    } else if (enclosing?.kind === "function") prepare(context, value, { ...base, name, kind: methodKind });
  } else if (path.length === 2) {
    prepare(context, value, { ...base, name, kind: methodKind, parent: path[0]! });
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Calls

function calleeOf(callee: SyntaxNode, context: RuleContext): CallDraft | null {
  switch (callee.type) {
    case "identifier":
      return { callee: callee.text, receiver: null, kind: "call" };
    case "member_expression": {
      // The receiver is the text before the property minus the `.`/`?.`: one node fewer to read.
      const property = callee.childForFieldName("property");
      if (!property) return null;
      const propertyStart = property.startIndex;
      const receiver = receiverText(context, callee.startIndex, propertyStart);
      if (!receiver) return null;
      const draft: CallDraft = { callee: slice(context, propertyStart, property.endIndex), receiver, kind: "call" };
      // A chain broken over lines: the call is where its name is.
      if (slice(context, callee.startIndex, propertyStart).includes("\n")) draft.row = property.startPosition.row;
      return draft;
    }
    case "subscript_expression": {
      const index = stringValue(callee.childForFieldName("index"));
      const object = callee.childForFieldName("object");
      if (index === null || !object) return null;
      return { callee: index, receiver: receiverText(context, object.startIndex, object.endIndex), kind: "call" };
    }
    case "super":
      return { callee: "super", receiver: null, kind: "call" };
    default:
      return null;
  }
}

function onCall(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const callee = node.childForFieldName("function");
  if (!callee) return null;
  // `require("x")` is an import, not a call site.
  if (callee.type === "identifier" && callee.text === "require" && requiredModule(node) !== null) return null;
  return calleeOf(callee, context);
}

function onNew(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const constructor = node.childForFieldName("constructor");
  if (!constructor || constructor.type === "super") return null;
  const found = calleeOf(constructor, context);
  if (found) found.kind = "new";
  return found;
}

/** `<Item />` and `<Ui.Button>` render a component; lower-case elements are HTML tags. */
function onJsxElement(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const name = node.childForFieldName("name");
  if (!name) return null;
  if (name.type === "identifier") {
    const first = context.source.charCodeAt(name.startIndex);
    if (!(first >= 65 && first <= 90)) return null;
  } else if (name.type !== "member_expression") return null;
  return calleeOf(name, context);
}

// ---------------------------------------------------------------------------------------------
// Imports

function onImportStatement(node: SyntaxNode): ImportEntry[] | null {
  const names: ImportedName[] = [];
  let module = stringValue(node.childForFieldName("source"));
  let kind: ImportEntry["kind"] = "import";
  for (const child of node.namedChildren) {
    if (child.type === "import_clause") {
      for (const part of child.namedChildren) {
        if (part.type === "identifier") names.push({ name: "default", alias: part.text });
        else if (part.type === "namespace_import") {
          const local = part.firstNamedChild;
          names.push({ name: "*", alias: local ? local.text : null });
        } else if (part.type === "named_imports") {
          for (const specifier of part.namedChildren) {
            if (specifier.type !== "import_specifier") continue;
            const name = specifier.childForFieldName("name");
            const alias = specifier.childForFieldName("alias")?.text ?? null;
            if (name) names.push({ name: unquote(name.text), alias: alias !== name.text ? alias : null });
          }
        }
      }
    } else if (child.type === "import_require_clause") {
      // import fs = require("fs")
      kind = "require";
      module = stringValue(child.childForFieldName("source"));
      const local = child.firstNamedChild;
      if (local?.type === "identifier") names.push({ name: "*", alias: local.text });
    }
  }
  return module === null ? null : [{ module, names, line: node.startPosition.row + 1, kind }];
}

function onExportFrom(node: SyntaxNode): ImportEntry[] | null {
  const module = stringValue(node.childForFieldName("source"));
  if (module === null) return null;
  const names: ImportedName[] = [];
  let clause = false;
  for (const child of node.namedChildren) {
    if (child.type === "export_clause") {
      clause = true;
      for (const specifier of child.namedChildren) {
        if (specifier.type !== "export_specifier") continue;
        const name = specifier.childForFieldName("name");
        const alias = specifier.childForFieldName("alias");
        if (name) names.push({ name: unquote(name.text), alias: alias && alias.text !== name.text ? unquote(alias.text) : null });
      }
    } else if (child.type === "namespace_export") {
      clause = true;
      const local = child.namedChildCount > 0 ? child.namedChild(child.namedChildCount - 1) : null;
      names.push({ name: "*", alias: local ? unquote(local.text) : null });
    }
  }
  if (!clause) names.push({ name: "*", alias: null }); // export * from "x"
  return [{ module, names, line: node.startPosition.row + 1, kind: "export_from" }];
}

function requiredModule(call: SyntaxNode): string | null {
  const args = call.childForFieldName("arguments");
  if (!args || args.namedChildCount !== 1) return null;
  return stringValue(args.firstNamedChild);
}

function onCallImport(node: SyntaxNode, context: RuleContext): ImportEntry[] | null {
  // Cheap text test first: almost no call is a require or a dynamic import.
  const first = context.source.charCodeAt(node.startIndex);
  if (first !== 114 /* r */ && first !== 105 /* i */) return null;
  const callee = node.childForFieldName("function");
  if (!callee) return null;
  let kind: ImportEntry["kind"];
  if (callee.type === "import") kind = "dynamic";
  else if (callee.type === "identifier" && callee.text === "require") kind = "require";
  else return null;
  const module = requiredModule(node);
  if (module === null) return null;
  return [{ module, names: stateOf(context).requires.get(node.startIndex) ?? [], line: node.startPosition.row + 1, kind }];
}

// ---------------------------------------------------------------------------------------------

export const TYPESCRIPT_RULES: LanguageRules = {
  // Subtrees with nothing to extract: comments, plain strings, decorators and type-level syntax.
  skip: new Set([
    "comment",
    "html_comment",
    "hash_bang_line",
    "string",
    "regex",
    "decorator",
    "type_annotation",
    "type_arguments",
    "type_parameters",
    "asserts_annotation",
    "type_predicate_annotation",
    "opting_type_annotation",
    "omitting_type_annotation",
    "adding_type_annotation",
    "implements_clause",
    "extends_type_clause",
    "index_signature",
    "call_signature",
    "construct_signature",
    "enum_body",
    "union_type",
    "intersection_type",
    "function_type",
    "constructor_type",
    "conditional_type",
    "tuple_type",
    "array_type",
    "lookup_type",
    "index_type_query",
    "type_query",
    "template_literal_type",
    "literal_type",
    "generic_type",
    "parenthesized_type",
    "readonly_type",
    "mapped_type_clause",
  ]),
  definitions: {
    program: onProgram,
    export_statement: onExportStatement,
    ambient_declaration: onAmbientDeclaration,
    function_declaration: onFunctionDeclaration,
    generator_function_declaration: onFunctionDeclaration,
    function_signature: onFunctionDeclaration,
    class_declaration: onClassDeclaration,
    abstract_class_declaration: onClassDeclaration,
    class_body: onClassBody,
    arrow_function: onValue,
    function_expression: onValue,
    generator_function: onValue,
    class: onValue,
    method_definition: onMethod,
    method_signature: onMethod,
    abstract_method_signature: onMethod,
    property_signature: onPropertySignature,
    interface_declaration: onInterface,
    type_alias_declaration: onTypeAlias,
    enum_declaration: onEnum,
    internal_module: onNamespace,
    module: onNamespace,
    variable_declarator: onDeclarator,
    object: onObject,
    assignment_expression: onAssignment,
  },
  calls: {
    call_expression: onCall,
    new_expression: onNew,
    jsx_opening_element: onJsxElement,
    jsx_self_closing_element: onJsxElement,
  },
  imports: {
    import_statement: onImportStatement,
    export_statement: onExportFrom,
    call_expression: onCallImport,
  },
  // The operator tokens themselves count (`&&` appears nowhere but in `a && b`), so no
  // binary expression is ever materialized to read its operator.
  branches: new Set([
    "if_statement",
    "for_statement",
    "for_in_statement",
    "while_statement",
    "do_statement",
    "catch_clause",
    "switch_case",
    "ternary_expression",
    "&&",
    "||",
    "??",
    "&&=",
    "||=",
    "??=",
  ]),
  nesting: new Set(["for_statement", "for_in_statement", "while_statement", "do_statement", "switch_statement", "try_statement"]),
  // `else if` continues the chain at the same depth instead of nesting one level deeper.
  conditionalNesting: {
    if_statement: (context) => context.parentType() !== "else_clause",
  },
};
