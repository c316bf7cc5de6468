import type { CallDraft } from "../../language-rules";
import type { NodeCursor } from "../../internal/node-cursor";
import { stripTurbofish } from "./rust-callee-text";
import { shortText } from "./rust-source-text";

/** Calls and nested macros written inside Rust macro arguments, recovered from their unparsed tokens. */

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
export function tokenTreeCalls(cursor: NodeCursor, source: string, baseIndex: number, baseRow: number): CallDraft[] {
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
