import type { SymbolKind, Visibility } from "../../extraction-types";
import type { RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { cursorAt } from "../../internal/node-cursor";
import { attributesAbove } from "./rust-attributes";
import { shortText, tidy } from "./rust-source-text";

/**
 * Rust items as symbols: fn, struct / enum / union / trait, impl, mod, type / const / static and
 * `macro_rules!`, with their visibility and their signature (outer attributes included).
 */

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
export function functionItem(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
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

export function typeItem(kind: SymbolKind) {
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

export function implItem(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const { source } = context;
  const fields = fieldsOf(node);
  const type = fields.get("type");
  if (!type) return null;
  const body = fields.get("body");
  const { signature, startRow } = head(node, source, body ? body.start : node.endIndex);
  openBlock({ source, end: node.endIndex, traitImpl: fields.has("trait"), visibility: null }, node.startIndex);
  return { name: implTypeName(source.slice(type.start, type.end)), kind: "impl", signature, visibility: null, startRow, callable: false, container: true };
}

export function modItem(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
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
export function valueItem(kind: SymbolKind) {
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

export function macroDefinition(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const { source } = context;
  const name = fieldsOf(node).get("name");
  if (!name) return null;
  const { signature, startRow, attributes } = head(node, source, name.end);
  const exported = attributes.some((attribute) => /^#\[\s*macro_export\b/u.test(attribute));
  return {
    name: source.slice(name.start, name.end),
    kind: "function",
    signature,
    visibility: exported ? "public" : "private",
    startRow,
    callable: true,
    container: false,
  };
}
