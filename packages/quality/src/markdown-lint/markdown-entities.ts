import { fromMarkdown } from "mdast-util-from-markdown";
import type { Nodes, Root } from "mdast";

/** Where a term's canonical form comes from; it decides how a plain mention should be annotated. */
export type EntityKind = "symbol" | "heading" | "bold" | "code";

export interface Entity {
  text: string;
  kind: EntityKind;
}

/** Terms shorter than this are too often ordinary words. */
export const MIN_ENTITY_LENGTH = 4;

export function parseMarkdown(text: string): Root {
  return fromMarkdown(text);
}

/** The plain text under a node (inline code values included), as a reader sees it. */
export function plainText(node: Nodes): string {
  if (node.type === "text" || node.type === "inlineCode") return node.value;
  if ("children" in node) return (node.children as Nodes[]).map(plainText).join("");
  return "";
}

function walk(node: Nodes, visit: (node: Nodes) => void): void {
  visit(node);
  if ("children" in node) for (const child of node.children as Nodes[]) walk(child, visit);
}

/**
 * The terms a document defines: its headings (linkable), bold terms and backticked terms,
 * each at least `MIN_ENTITY_LENGTH` characters, outside code blocks.
 */
export function documentEntities(tree: Root): Entity[] {
  const entities: Entity[] = [];
  walk(tree, (node) => {
    if (node.type === "heading") entities.push({ text: plainText(node).trim(), kind: "heading" });
    else if (node.type === "strong") entities.push({ text: plainText(node).trim(), kind: "bold" });
    else if (node.type === "inlineCode") entities.push({ text: node.value.trim(), kind: "code" });
  });
  return entities.filter((entity) => entity.text.length >= MIN_ENTITY_LENGTH && !/[\n`*]/.test(entity.text));
}

/**
 * Whether an index symbol name reads as code rather than as a word: camelCase, snake_case,
 * PascalCase with two capitals, or with digits. `Store` or `index` would flag half the
 * prose of a document; `openProject` or `GraphStore` are unmistakably code.
 */
export function looksLikeCode(name: string): boolean {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return false;
  return /[a-z][A-Z]/.test(name) || name.includes("_") || /\d/.test(name) || /^[A-Z].*[A-Z]/.test(name);
}

export interface PlainSpan {
  text: string;
  /** 1-based line and column of the span's first character. */
  line: number;
  column: number;
}

/**
 * The prose a reader sees unannotated: text nodes outside headings, links, emphasis,
 * inline or block code and HTML (comments included). Each comes with its position.
 */
export function plainSpans(tree: Root): PlainSpan[] {
  const spans: PlainSpan[] = [];
  const skip = new Set(["heading", "link", "linkReference", "strong", "emphasis", "inlineCode", "code", "html", "definition", "image", "imageReference"]);
  const visit = (node: Nodes) => {
    if (skip.has(node.type)) return;
    if (node.type === "text" && node.position) {
      spans.push({ text: node.value, line: node.position.start.line, column: node.position.start.column });
      return;
    }
    if ("children" in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(tree);
  return spans;
}
