import type { LanguageRules, RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { oneLine } from "../../signature";

/**
 * Markdown (tree-sitter-markdown block grammar). Headings (ATX and setext, h1-h6) span their
 * section: from the heading to the last non-blank line before the next heading of the same
 * or a higher level (or the end of the file). Their parent is the enclosing heading path,
 * so qualified names read `Title > Section One > Sub`. Fenced code blocks are code_block
 * symbols named by their info-string language (`code` without one) under the enclosing
 * section. List items are not symbols (SymbolKind has no list item; for code navigation they
 * are noise). Fences inside lists and block quotes belong to the enclosing section; headings
 * there are symbols spanning just their line(s) and do not open sections, since quoted
 * material is not part of the document's outline.
 *
 * The grammar's `section` nodes nest ATX headings but not setext ones (it cannot know a
 * setext level before the underline), so sections are computed from heading levels here, in
 * one rule on the document node, and the walker never descends into the blocks.
 */

/** Blocks that may hold headings or fences. */
const BLOCK_CONTAINERS = new Set(["section", "list", "list_item", "block_quote"]);
const SETEXT_LEVELS: Readonly<Record<string, number>> = { setext_h1_underline: 1, setext_h2_underline: 2 };

interface OpenHeading {
  level: number;
  qualifiedName: string;
  headingEndRow: number;
  draft: SymbolDraft;
}

// Children are read as arrays: `nextSibling`/`parent` make tree-sitter re-descend from the root.
function childOfType(node: SyntaxNode, type: string): SyntaxNode | null {
  return node.children.find((child) => child.type === type) ?? null;
}

/** Last row holding text: block nodes end at column 0 of the row after their last line. */
function lastRow(node: SyntaxNode): number {
  const end = node.endPosition;
  return end.column === 0 && end.row > node.startPosition.row ? end.row - 1 : end.row;
}

/** An ATX heading is one line; a setext heading ends at its underline. */
function headingEndRow(node: SyntaxNode): number {
  const underline = node.type === "setext_heading" ? node.lastChild : null;
  return underline ? underline.startPosition.row : node.startPosition.row;
}

function headingLevel(node: SyntaxNode): number {
  const marker = node.firstNamedChild;
  if (node.type === "atx_heading") return marker ? Number(marker.type.charAt(5)) || 1 : 1;
  const underline = node.lastChild;
  return (underline && SETEXT_LEVELS[underline.type]) ?? 1;
}

/** Heading text without the ATX closing sequence (`## Title ##` -> `Title`). */
function headingName(node: SyntaxNode): string {
  const content = node.childForFieldName("heading_content");
  if (!content) return "";
  const text = oneLine(content.text);
  return node.type === "atx_heading" ? text.replace(/(?:^|\s+)#+$/u, "").trim() : text;
}

/** The node's first line as written: an ATX heading line, a fence opener. */
function firstLine(source: string, node: SyntaxNode): string {
  const newline = source.indexOf("\n", node.startIndex);
  return oneLine(source.slice(node.startIndex, newline < 0 || newline > node.endIndex ? node.endIndex : newline));
}

interface Block {
  node: SyntaxNode;
  start: number;
  /** Inside a list item or block quote: a heading there is a symbol but opens no section. */
  quoted: boolean;
}

/** All headings and fenced code blocks, in document order. */
function documentBlocks(root: SyntaxNode): Block[] {
  const found: Block[] = [];
  const pending: Omit<Block, "start">[] = [{ node: root, quoted: false }];
  while (pending.length > 0) {
    const { node, quoted } = pending.pop()!;
    for (const child of node.namedChildren) {
      if (BLOCK_CONTAINERS.has(child.type)) pending.push({ node: child, quoted: quoted || child.type !== "section" });
      else if (child.type === "atx_heading" || child.type === "setext_heading" || child.type === "fenced_code_block") {
        found.push({ node: child, start: child.startIndex, quoted });
      }
    }
  }
  // Containers are visited depth-first from a stack, so put the few found blocks in document order.
  return found.sort((a, b) => a.start - b.start);
}

function documentSymbols(root: SyntaxNode, context: RuleContext): SymbolDraft[] {
  const source = context.source;
  const lines = source.split("\n");
  const isBlank = (row: number) => row >= lines.length || lines[row]!.trim() === "";
  const drafts: SymbolDraft[] = [];
  const open: OpenHeading[] = [];
  const close = (heading: OpenHeading, boundaryRow: number) => {
    let end = boundaryRow;
    while (end > heading.headingEndRow && isBlank(end)) end--;
    heading.draft.endRow = end;
  };

  // A stack of open headings replaces the nesting the grammar gets wrong for setext headings.
  for (const { node: block, quoted } of documentBlocks(root)) {
    const row = block.startPosition.row;
    const parent = open.at(-1)?.qualifiedName ?? null;
    if (block.type === "fenced_code_block") {
      const language = childOfType(block, "info_string")
        ?.namedChildren.find((child) => child.type === "language")
        ?.text.trim();
      drafts.push({
        name: language || "code",
        kind: "code_block",
        signature: firstLine(source, block),
        visibility: null,
        parent,
        spanNode: block,
        endRow: lastRow(block),
        callable: false,
        container: false,
      });
      continue;
    }
    const name = headingName(block);
    if (!name) continue;
    const level = headingLevel(block);
    const draft: SymbolDraft = {
      name,
      kind: "heading",
      signature: block.type === "atx_heading" ? firstLine(source, block) : oneLine(block.text),
      visibility: null,
      parent,
      spanNode: block,
      endRow: headingEndRow(block),
      level,
      callable: false,
      container: false,
    };
    if (!quoted) {
      while (open.length > 0 && open.at(-1)!.level >= level) close(open.pop()!, row - 1);
      draft.parent = open.at(-1)?.qualifiedName ?? null;
      open.push({ level, qualifiedName: draft.parent ? `${draft.parent} > ${name}` : name, headingEndRow: headingEndRow(block), draft });
    }
    drafts.push(draft);
  }
  while (open.length > 0) close(open.pop()!, lines.length - 1);
  return drafts;
}

export const MARKDOWN_RULES: LanguageRules = {
  // The document rule reads every block itself; these are the document's only child types.
  skip: new Set(["section", "minus_metadata", "plus_metadata"]),
  definitions: {
    document: documentSymbols,
  },
  calls: {},
  imports: {},
  branches: new Set(),
  nesting: new Set(),
};
