import type { ImportEntry, ImportedName, SymbolKind, Visibility } from "../extraction-types";
import type { CallDraft, LanguageRules, RuleContext, SymbolDraft } from "../language-rules";
import type { SyntaxNode } from "../parser-registry";
import { cursorAt, type NodeCursor } from "../internal/node-cursor";
import { oneLine } from "../signature";

/**
 * Rust extraction rules.
 *
 * Symbols: `fn` (function; inside an `impl` or `trait`: method — `new` included, Rust has no
 * constructors), trait method declarations without a body, struct / enum / union / trait, `impl`
 * blocks (kind impl, named after the implementing type without generics or path: `impl<T> Foo<T>`
 * and `impl fmt::Display for crate::Foo` are both "Foo", the trait stays in the signature; methods
 * are `Foo.method`), `mod` (inline modules are containers; `mod x;` is a symbol too), `type` aliases,
 * `const`, `static`, and `macro_rules!` definitions (kind function, callable, so calls in the
 * expansion belong to the macro). Outer attributes (`#[derive]`, `#[test]`, `#[tokio::main]`) are
 * part of the span and the signature; doc comments are not. Struct fields and enum variants are not
 * symbols.
 *
 * Visibility: `pub` public, `pub(crate)` crate, `pub(super)` / `pub(in path)` restricted,
 * `pub(self)` and none private. Trait items take the trait's visibility; methods of a trait impl
 * (`impl Trait for Type`) are public — they are reachable wherever the trait is; impl blocks have
 * none (null).
 *
 * Calls: `f()`, `a.b.c()` (receiver `a.b`), `Vec::new()` (receiver `Vec`), `crate::db::open()`
 * (receiver `crate::db`), turbofish `parse::<T>()`, macros (kind macro, callee without `!`,
 * `tokio::join!` has receiver `tokio`). Macro arguments are token trees, not expressions, so calls
 * and nested macros inside them (`assert_eq!(add(1, 2), 3)`, `vec![Foo::new()]`) are recovered by
 * scanning the tokens for a name followed by a parenthesized group. Calls in closures belong to the
 * enclosing fn.
 *
 * Imports: one entry per `use` path prefix: `use a::{b, c as d, e::*}` gives module "a" with b and
 * c as d, and module "a::e" with "*"; `self` in a group is the name "self"; `use x;` and
 * `extern crate x;` give module "x" with no names (an alias becomes { name: "self", alias }).
 * Kind "use" for all of them, `pub use` re-exports included.
 *
 * Complexity: if / else if, while, loop, for, match arms except an irrefutable default (`_` or a
 * lower-case binding), match guards, `&&` / `||`, `let … else`. The `?` operator does not count.
 * Nesting: if (an `else if` stays at its chain's level), match, while, loop, for.
 */

const MAX_RECEIVER_LENGTH = 80;

/** Drops line and block comments outside string literals (parameter lists may hold some). */
function withoutComments(text: string): string {
  if (!text.includes("/")) return text;
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (inString) {
      if (char === "\\") {
        out += char + (text[i + 1] ?? "");
        i++;
        continue;
      }
      if (char === '"') inString = false;
    } else if (char === '"') {
      // A '"' char literal does not open a string.
      if (text[i - 1] !== "'" || text[i + 1] !== "'") inString = true;
    } else if (char === "/" && text[i + 1] === "/") {
      const newline = text.indexOf("\n", i);
      if (newline === -1) break;
      i = newline - 1;
      continue;
    } else if (char === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      if (close === -1) break;
      i = close + 1;
      out += " ";
      continue;
    }
    out += char;
  }
  return out;
}

/** One line, without the blanks just inside brackets that multi-line parameter lists leave. */
function tidy(text: string): string {
  return oneLine(withoutComments(text).replace(/([([{<])\s+/gu, "$1").replace(/\s+([)\]}>])/gu, "$1").replace(/[\s;]+$/u, ""));
}

/**
 * Receiver text on one short line; a chain continued on the next line (`\n    .await`) is rejoined.
 * Long receivers (a chain through a big closure) are cut before they are collapsed.
 */
function shortText(text: string): string {
  const raw = text.length > MAX_RECEIVER_LENGTH * 4 ? text.slice(0, MAX_RECEIVER_LENGTH * 4) : text;
  const collapsed = oneLine(raw.replace(/\s*\n\s*(?=[.?])/gu, ""), MAX_RECEIVER_LENGTH);
  return raw !== text && !collapsed.endsWith("…") ? `${collapsed}…` : collapsed;
}

const VISIBILITY = /^pub\b\s*(?:\(\s*([^)]*?)\s*\))?/u;

/** Visibility from the item's leading `pub…` (read from the source, no child node needed). */
function visibilityAt(source: string, start: number): Visibility | null {
  if (!source.startsWith("pub", start)) return null;
  const match = VISIBILITY.exec(source.slice(start, start + 200));
  if (!match) return null;
  const scope = match[1]?.replace(/\s+/gu, " ");
  if (scope === undefined) return "public";
  if (scope === "crate") return "crate";
  if (scope === "self") return "private";
  return "restricted";
}

/** Whitespace and comments only (what may sit between an attribute and its item). */
const TRIVIA = /^(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*$/u;

/**
 * Outer attributes seen since the last item. The walker visits an item's attributes (its
 * preceding siblings) right before the item, so each attribute rule records itself here and
 * the item takes the run that ends just above it: no sibling walks, which cost O(siblings).
 */
interface AttributeRun {
  source: string;
  start: number;
  startRow: number;
  end: number;
  texts: string[];
}
let attributeRun: AttributeRun | null = null;

function attributeItem(node: SyntaxNode, context: RuleContext): null {
  const { source } = context;
  const start = node.startIndex;
  const end = node.endIndex;
  const text = source.slice(start, end);
  const run = attributeRun;
  if (run && run.source === source && run.end <= start && TRIVIA.test(source.slice(run.end, start))) {
    run.texts.push(text);
    run.end = end;
  } else {
    attributeRun = { source, start, startRow: node.startPosition.row, end, texts: [text] };
  }
  return null;
}

/** The attributes directly above an item starting at `start` (comments between allowed). */
function attributesAbove(source: string, start: number): AttributeRun | null {
  const run = attributeRun;
  return run && run.source === source && run.end <= start && TRIVIA.test(source.slice(run.end, start)) ? run : null;
}

/** A child of an item as the cursor saw it. */
interface Part {
  type: string;
  start: number;
  end: number;
}

/** The item's children by field name (first of each), read in one cursor pass. */
function fieldsOf(node: SyntaxNode): Map<string, Part> {
  const fields = new Map<string, Part>();
  const cursor = cursorAt(node);
  if (!cursor.gotoFirstChild()) return fields;
  do {
    const field = cursor.currentFieldName;
    if (field && !fields.has(field)) fields.set(field, { type: cursor.nodeType, start: cursor.startIndex, end: cursor.endIndex });
  } while (cursor.gotoNextSibling());
  return fields;
}

interface Head {
  signature: string;
  startRow: number | undefined;
  attributes: string[];
}

/** Attributes, then the item from its start up to `end` (the body's start, or the item's end). */
function head(node: SyntaxNode, source: string, end: number): Head {
  const start = node.startIndex;
  const run = attributesAbove(source, start);
  const text = source.slice(start, end);
  if (!run) return { signature: tidy(text), startRow: undefined, attributes: [] };
  return { signature: tidy(`${run.texts.join(" ")} ${text}`), startRow: run.startRow, attributes: run.texts };
}

/**
 * Impl and trait blocks being walked, innermost last, so a fn can tell a trait impl (its
 * methods are public) and a trait's visibility (its items share it) without climbing to the
 * parent, which costs O(siblings) in tree-sitter. Entries past their end are dropped lazily.
 */
interface Block {
  source: string;
  end: number;
  traitImpl: boolean;
  visibility: Visibility | null;
}
const blocks: Block[] = [];

function enclosingBlock(source: string, start: number): Block | null {
  for (let top = blocks[blocks.length - 1]; top; top = blocks[blocks.length - 1]) {
    if (top.source === source && top.end > start) return top;
    blocks.pop();
  }
  return null;
}

function openBlock(block: Block, start: number): void {
  enclosingBlock(block.source, start);
  blocks.push(block);
}

/** The implementing type's bare name: `Foo<T>` -> Foo, `crate::a::Foo` -> Foo, `&'a mut Foo` -> Foo. */
function implTypeName(text: string): string {
  let bare = text.replace(/^(?:&\s*(?:'[\p{ID_Continue}]+\s*)?(?:mut\s+)?|\*\s*(?:const|mut)\s+)+/u, "");
  const generic = bare.indexOf("<");
  if (generic > 0) bare = bare.slice(0, generic);
  bare = bare.trim();
  const name = bare.slice(bare.lastIndexOf("::") + 1).replace(/^:/u, "");
  return /^[\p{ID_Start}_][\p{ID_Continue}]*$/u.test(name) ? name : shortText(text);
}

/** fn items and bodiless fn signatures (trait methods, extern blocks). */
function functionItem(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const { source } = context;
  const fields = fieldsOf(node);
  const name = fields.get("name");
  if (!name) return null;
  const body = fields.get("body");
  const { signature, startRow } = head(node, source, body ? body.start : node.endIndex);
  const enclosing = context.enclosing()?.kind;
  const inBlock = enclosing === "impl" || enclosing === "trait";
  let visibility = visibilityAt(source, node.startIndex);
  if (!visibility) {
    const block = inBlock ? enclosingBlock(source, node.startIndex) : null;
    visibility = (enclosing === "trait" ? block?.visibility : block?.traitImpl ? "public" : null) ?? "private";
  }
  return {
    name: source.slice(name.start, name.end),
    kind: inBlock ? "method" : "function",
    signature,
    visibility,
    startRow,
    callable: true,
    container: false,
  };
}

function typeItem(kind: SymbolKind) {
  return (node: SyntaxNode, context: RuleContext): SymbolDraft | null => {
    const { source } = context;
    const fields = fieldsOf(node);
    const name = fields.get("name");
    if (!name) return null;
    const body = fields.get("body");
    // A tuple struct's fields are its declaration (`struct Meters(pub f64)`); braces are a body.
    const bodyStart = body && body.type !== "ordered_field_declaration_list" ? body.start : node.endIndex;
    const { signature, startRow } = head(node, source, bodyStart);
    const visibility = visibilityAt(source, node.startIndex) ?? "private";
    if (kind === "trait") openBlock({ source, end: node.endIndex, traitImpl: false, visibility }, node.startIndex);
    return { name: source.slice(name.start, name.end), kind, signature, visibility, startRow, callable: false, container: kind === "trait" };
  };
}

function implItem(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const { source } = context;
  const fields = fieldsOf(node);
  const type = fields.get("type");
  if (!type) return null;
  const body = fields.get("body");
  const { signature, startRow } = head(node, source, body ? body.start : node.endIndex);
  openBlock({ source, end: node.endIndex, traitImpl: fields.has("trait"), visibility: null }, node.startIndex);
  return { name: implTypeName(source.slice(type.start, type.end)), kind: "impl", signature, visibility: null, startRow, callable: false, container: true };
}

function modItem(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const { source } = context;
  const fields = fieldsOf(node);
  const name = fields.get("name");
  if (!name) return null;
  const body = fields.get("body");
  const { signature, startRow } = head(node, source, body ? body.start : node.endIndex);
  return {
    name: source.slice(name.start, name.end),
    kind: "mod",
    signature,
    visibility: visibilityAt(source, node.startIndex) ?? "private",
    startRow,
    callable: false,
    container: body !== undefined,
  };
}

/** const / static / type: the whole item when it fits on one line, else the head before the value. */
function valueItem(kind: SymbolKind) {
  return (node: SyntaxNode, context: RuleContext): SymbolDraft | null => {
    const { source } = context;
    const fields = fieldsOf(node);
    const name = fields.get("name");
    if (!name) return null;
    const value = fields.get(kind === "type_alias" ? "type" : "value");
    const multiLine = value !== undefined && source.slice(node.startIndex, node.endIndex).includes("\n");
    const { signature, startRow } = head(node, source, multiLine ? value.start : node.endIndex);
    return {
      name: source.slice(name.start, name.end),
      kind,
      signature: multiLine ? `${signature.replace(/\s*=$/u, "")} = …` : signature,
      visibility: visibilityAt(source, node.startIndex) ?? "private",
      startRow,
      callable: false,
      container: false,
    };
  };
}

function macroDefinition(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const { source } = context;
  const name = fieldsOf(node).get("name");
  if (!name) return null;
  const { signature, startRow, attributes } = head(node, source, name.end);
  const exported = attributes.some((attribute) => /^#\[\s*macro_export\b/u.test(attribute));
  return { name: source.slice(name.start, name.end), kind: "function", signature, visibility: exported ? "public" : "private", startRow, callable: true, container: false };
}

/** Index of the `<` that opens the generic arguments ending at text[end] (a `>`), or -1. */
function openingAngle(text: string, end: number): number {
  let depth = 0;
  for (let i = end; i >= 0; i--) {
    const char = text[i];
    if (char === ">" && text[i - 1] !== "-") depth++;
    else if (char === "<") depth--;
    if (depth === 0) return i;
  }
  return -1;
}

/** `Store::<u8>` -> `Store`, `parse::<T>` -> `parse`; other text unchanged. */
function stripTurbofish(text: string): string {
  const trimmed = text.trimEnd();
  if (!trimmed.endsWith(">")) return trimmed;
  const open = openingAngle(trimmed, trimmed.length - 1);
  if (open < 0) return trimmed;
  const before = trimmed.slice(0, open).trimEnd();
  return before.endsWith("::") ? before.slice(0, -2).trimEnd() : trimmed;
}

function isIdentifierPart(code: number, char: string): boolean {
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95;
  return /\p{ID_Continue}/u.test(char);
}

/** Start of the identifier (raw `r#x` included) that ends `text`, or -1. */
function trailingName(text: string): number {
  let i = text.length;
  while (i > 0 && isIdentifierPart(text.charCodeAt(i - 1), text[i - 1]!)) i--;
  if (i === text.length) return -1;
  const first = text.charCodeAt(i);
  if (first >= 48 && first <= 57) return -1;
  return text.startsWith("r#", i - 2) ? i - 2 : i;
}

/**
 * Callee and receiver from the text of a call's function: `f`, `recv.f`, `Path::f`, `f::<T>`.
 * The callee is always the trailing identifier, so splitting the text at the separator before it
 * needs no child nodes.
 */
function splitCallee(text: string): { callee: string; receiver: string | null } | null {
  const bare = text.endsWith(">") ? stripTurbofish(text) : text.trimEnd();
  const start = trailingName(bare);
  if (start < 0) return null;
  const callee = bare.slice(start);
  const before = bare.slice(0, start).trimEnd();
  if (!before) return { callee, receiver: null };
  if (before.endsWith("::")) {
    const path = stripTurbofish(before.slice(0, -2));
    return { callee, receiver: path ? shortText(path) : null };
  }
  if (before.endsWith(".")) return { callee, receiver: shortText(before.slice(0, -1)) };
  return null;
}

const CALLEE_TYPES = new Set(["identifier", "field_expression", "scoped_identifier", "generic_function"]);

/** `f()`, `a.b.f()`, `Vec::new()`, `parse::<T>()`; read through a reused cursor (no child nodes). */
function callExpression(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const cursor = cursorAt(node);
  if (!cursor.gotoFirstChild() || !CALLEE_TYPES.has(cursor.nodeType)) return null;
  const text = context.source.slice(cursor.startIndex, cursor.endIndex);
  const split = splitCallee(text);
  if (!split) return null;
  // A chain split over lines reports each call on the line of its name (the function's end).
  return text.includes("\n") ? { ...split, kind: "call", row: cursor.endPosition.row } : { ...split, kind: "call" };
}

/** The macro itself (kind macro, callee without `!`), then the calls written in its arguments. */
function macroInvocation(node: SyntaxNode, context: RuleContext): CallDraft[] | null {
  const cursor = cursorAt(node);
  if (!cursor.gotoFirstChild()) return null;
  const drafts: CallDraft[] = [];
  const split = splitCallee(context.source.slice(cursor.startIndex, cursor.endIndex));
  if (split) drafts.push({ ...split, kind: "macro" });
  while (cursor.gotoNextSibling()) {
    if (cursor.nodeType === "token_tree") {
      if (cursor.endIndex - cursor.startIndex > 2) drafts.push(...tokenTreeCalls(cursor, context.source, node.startIndex, node.startPosition.row));
      break;
    }
  }
  return drafts;
}

/** A `macro_rules!` arm: calls in its expansion belong to the macro. */
function macroRule(node: SyntaxNode, context: RuleContext): CallDraft[] | null {
  const cursor = cursorAt(node);
  if (!cursor.gotoFirstChild()) return null;
  do {
    if (cursor.currentFieldName === "right" && cursor.nodeType === "token_tree") return tokenTreeCalls(cursor, context.source, node.startIndex, node.startPosition.row);
  } while (cursor.gotoNextSibling());
  return null;
}

interface Token {
  type: string;
  start: number;
  end: number;
}

/** Tokens that can start or continue a receiver chain inside a token tree. */
const ATOMS = new Set(["identifier", "self", "super", "crate", "metavariable", "string_literal", "raw_string_literal", "integer_literal", "float_literal"]);
/** Tokens whose position the token-tree scan reads. */
const POSITIONED = new Set([...ATOMS, "token_tree", "$", ".", "::", "?"]);

/** A group can only hold a call or a macro if it has a `(` or `!` inside its delimiters. */
function mayCall(source: string, start: number, end: number): boolean {
  const paren = source.indexOf("(", start + 1);
  if (paren !== -1 && paren < end - 1) return true;
  const bang = source.indexOf("!", start + 1);
  return bang !== -1 && bang < end - 1;
}

/** Tokens before `name(` that make it a declaration (or a `quote!` interpolation), not a call. */
const DECLARATION_KEYWORDS = new Set(["fn", "struct", "enum", "union", "#"]);

/** Index of the name before a turbofish `name::<…>` ending at tokens[end], or end itself. */
function skipTurbofish(tokens: Token[], end: number): number {
  const last = tokens[end]?.type;
  if (last !== ">" && last !== ">>") return end;
  let depth = 0;
  for (let k = end; k >= 0; k--) {
    const type = tokens[k]!.type;
    if (type === ">") depth++;
    else if (type === ">>") depth += 2;
    else if (type === "<") depth--;
    else if (type === "<<") depth -= 2;
    if (depth <= 0) return tokens[k - 1]?.type === "::" ? k - 2 : end;
  }
  return end;
}

/**
 * Start index of the receiver chain ending at tokens[end] (`self.store` in `self.store.get(…)`),
 * walking back over atoms, `.` / `::` separators, turbofish, call groups and `?`.
 */
function chainStart(tokens: Token[], end: number): number | null {
  let k = end;
  let start: number | null = null;
  while (k >= 0) {
    let skipped = false;
    while (k >= 0 && (tokens[k]!.type === "token_tree" || tokens[k]!.type === "?")) {
      skipped = true;
      start = tokens[k]!.start;
      k--;
    }
    k = skipTurbofish(tokens, k);
    const token = tokens[k];
    if (token && ATOMS.has(token.type)) {
      start = token.start;
      k--;
      if (tokens[k]?.type === "$") start = tokens[k--]!.start;
    } else if (!skipped) {
      return start;
    }
    const separator = tokens[k]?.type;
    if (separator === "." || separator === "::") k--;
    else break;
  }
  return start;
}

/**
 * Calls written in a macro's token tree, which tree-sitter leaves unparsed: `name(…)`,
 * `recv.name(…)`, `Path::name(…)`, `name::<T>(…)` and nested macros `name!(…)` / `name![…]` /
 * `name!{…}`, in source order. The cursor is at the token tree; only token trees are entered.
 */
function tokenTreeCalls(cursor: NodeCursor, source: string, baseIndex: number, baseRow: number): CallDraft[] {
  const found: { start: number; draft: CallDraft }[] = [];
  let newlines: number[] | null = null;
  const rowOf = (index: number): number => {
    if (!newlines) {
      newlines = [];
      for (let i = source.indexOf("\n", baseIndex); i !== -1 && i < index; i = source.indexOf("\n", i + 1)) newlines.push(i);
    }
    while (newlines.length > 0 && newlines[newlines.length - 1]! < index) {
      const next = source.indexOf("\n", newlines[newlines.length - 1]! + 1);
      if (next === -1 || next >= index) break;
      newlines.push(next);
    }
    let low = 0;
    let high = newlines.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (newlines[mid]! < index) low = mid + 1;
      else high = mid;
    }
    return baseRow + low;
  };
  const scanGroup = (tokens: Token[]) => {
    for (let i = 1; i < tokens.length; i++) {
      const group = tokens[i]!;
      if (group.type !== "token_tree") continue;
      let kind: CallDraft["kind"] = "call";
      let nameIndex = i - 1;
      if (tokens[nameIndex]!.type === "!") {
        kind = "macro";
        nameIndex--;
      } else if (source[group.start] !== "(") {
        continue;
      } else {
        nameIndex = skipTurbofish(tokens, nameIndex);
      }
      const name = tokens[nameIndex];
      if (name?.type !== "identifier") continue;
      const before = tokens[nameIndex - 1];
      if (before && DECLARATION_KEYWORDS.has(before.type)) continue;
      let receiver: string | null = null;
      if (before && (before.type === "." || before.type === "::")) {
        const start = chainStart(tokens, nameIndex - 2);
        if (start !== null) receiver = shortText(stripTurbofish(source.slice(start, before.start)));
      }
      found.push({ start: name.start, draft: { callee: source.slice(name.start, name.end), receiver, kind, row: rowOf(name.start) } });
    }
  };
  if (!mayCall(source, cursor.startIndex, cursor.endIndex) || !cursor.gotoFirstChild()) return [];
  const groups: Token[][] = [[]];
  for (;;) {
    const type = cursor.nodeType;
    // Punctuation needs no position: the scan only reads the types of `,` `;` `<` `>` and such.
    const positioned = POSITIONED.has(type);
    const start = positioned ? cursor.startIndex : -1;
    const end = positioned ? cursor.endIndex : -1;
    groups[groups.length - 1]!.push({ type, start, end });
    if (type === "token_tree" && mayCall(source, start, end) && cursor.gotoFirstChild()) {
      groups.push([]);
      continue;
    }
    while (!cursor.gotoNextSibling()) {
      scanGroup(groups.pop()!);
      if (groups.length === 0) {
        found.sort((a, b) => a.start - b.start);
        return found.map((entry) => entry.draft);
      }
      cursor.gotoParent();
    }
  }
}

/** Flattens a use tree into (prefix, name, alias) leaves grouped by prefix, in source order. */
function useLeaves(node: SyntaxNode, prefix: string, out: Map<string, ImportedName[]>): void {
  const add = (module: string, name: ImportedName | null) => {
    let names = out.get(module);
    if (!names) out.set(module, (names = []));
    if (name) names.push(name);
  };
  const join = (path: string) => (prefix ? `${prefix}::${path}` : path);
  switch (node.type) {
    case "identifier":
    case "self":
    case "super":
    case "crate":
    case "metavariable":
      // A bare leaf: inside a group it is a name of the prefix; alone (`use x;`) the module itself.
      if (prefix) add(prefix, { name: node.text, alias: null });
      else add(node.text, null);
      return;
    case "scoped_identifier": {
      const path = node.childForFieldName("path");
      const name = node.childForFieldName("name")?.text ?? "";
      const module = join(path ? path.text.replace(/\s+/gu, "") : "");
      add(module, { name, alias: null });
      return;
    }
    case "use_as_clause": {
      const path = node.childForFieldName("path");
      const alias = node.childForFieldName("alias")?.text ?? null;
      if (!path) return;
      if (path.type === "scoped_identifier") {
        const inner = path.childForFieldName("path");
        add(join(inner ? inner.text.replace(/\s+/gu, "") : ""), { name: path.childForFieldName("name")?.text ?? "", alias });
      } else if (prefix) {
        add(prefix, { name: path.text, alias });
      } else {
        add(path.text, { name: "self", alias });
      }
      return;
    }
    case "use_wildcard": {
      const path = node.namedChildren[0];
      add(path ? join(path.text.replace(/\s+/gu, "")) : prefix, { name: "*", alias: null });
      return;
    }
    case "scoped_use_list": {
      const path = node.childForFieldName("path");
      const list = node.childForFieldName("list");
      const module = path ? join(path.text.replace(/\s+/gu, "")) : prefix;
      if (list) useLeaves(list, module, out);
      return;
    }
    case "use_list":
      for (const child of node.namedChildren) useLeaves(child, prefix, out);
      return;
    default:
      return;
  }
}

function useDeclaration(node: SyntaxNode): ImportEntry[] | null {
  const argument = node.childForFieldName("argument");
  if (!argument) return null;
  const grouped = new Map<string, ImportedName[]>();
  useLeaves(argument, "", grouped);
  const line = node.startPosition.row + 1;
  return [...grouped].map(([module, names]) => ({ module, names, line, kind: "use" }));
}

function externCrate(node: SyntaxNode): ImportEntry[] | null {
  const name = node.childForFieldName("name")?.text;
  if (!name) return null;
  const alias = node.childForFieldName("alias")?.text ?? null;
  return [{ module: name, names: alias ? [{ name: "self", alias }] : [], line: node.startPosition.row + 1, kind: "use" }];
}

/** The cursor's field name, read fresh (a getter, which TypeScript would otherwise narrow). */
function fieldName(cursor: NodeCursor): string | undefined {
  return cursor.currentFieldName;
}

/**
 * Every match arm is a branch except an irrefutable default (`_`, a lower-case binding) without a
 * guard; a guard (`Some(x) if x > 0`) adds one more. Read through the cursor: arms are frequent.
 */
function matchArm(node: SyntaxNode, context: RuleContext): number {
  const cursor = cursorAt(node);
  if (!cursor.gotoFirstChild()) return 1;
  while (fieldName(cursor) !== "pattern") if (!cursor.gotoNextSibling()) return 1;
  if (!cursor.gotoFirstChild()) return 1;
  let patterns = 0;
  let guard = false;
  let irrefutable = false;
  do {
    if (fieldName(cursor) === "condition") {
      guard = true;
    } else if (cursor.nodeType !== "if") {
      patterns++;
      const type = cursor.nodeType;
      irrefutable = type === "_" || (type === "identifier" && /^[a-z_]/u.test(context.source.slice(cursor.startIndex, cursor.endIndex)));
    }
  } while (cursor.gotoNextSibling());
  return (patterns === 1 && irrefutable ? 0 : 1) + (guard ? 1 : 0);
}

/** `let … else { … }` diverges: one decision point (an `if`'s `else` sits in an else_clause). */
function elseToken(_node: SyntaxNode, context: RuleContext): number {
  return context.parentType() === "let_declaration" ? 1 : 0;
}

export const RUST_RULES: LanguageRules = {
  // Token trees (macro arguments and expansions) are scanned by the macro rules themselves.
  skip: new Set(["line_comment", "block_comment", "inner_attribute_item", "token_tree", "token_tree_pattern", "string_literal", "raw_string_literal"]),
  definitions: {
    function_item: functionItem,
    function_signature_item: functionItem,
    struct_item: typeItem("struct"),
    enum_item: typeItem("enum"),
    union_item: typeItem("union"),
    trait_item: typeItem("trait"),
    impl_item: implItem,
    mod_item: modItem,
    type_item: valueItem("type_alias"),
    const_item: valueItem("const"),
    static_item: valueItem("static"),
    macro_definition: macroDefinition,
    // Records the attribute for the item below it; never a symbol itself.
    attribute_item: attributeItem,
  },
  calls: {
    call_expression: callExpression,
    macro_invocation: macroInvocation,
    macro_rule: macroRule,
  },
  imports: {
    use_declaration: useDeclaration,
    extern_crate_declaration: externCrate,
  },
  branches: new Set(["if_expression", "while_expression", "loop_expression", "for_expression", "&&", "||"]),
  conditionalBranches: { match_arm: matchArm, else: elseToken },
  nesting: new Set(["match_expression", "while_expression", "loop_expression", "for_expression"]),
  // The `if` of an `else if` sits at its chain's level, not one deeper.
  conditionalNesting: { if_expression: (context) => context.parentType() !== "else_clause" },
};
