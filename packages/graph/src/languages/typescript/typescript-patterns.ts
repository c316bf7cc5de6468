import type { SyntaxNode } from "../../parser-registry";

/** Binds every name a (possibly nested) destructuring pattern declares; a work list, so deep nesting cannot overflow the stack. */
export function bindPattern(pattern: SyntaxNode | null, names: Map<string, string | null>, type: string | null): void {
  const pending: { node: SyntaxNode | null; type: string | null }[] = [{ node: pattern, type }];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const node = item.node;
    if (!node) continue;
    if (node.type === "identifier" || node.type === "this" || node.type === "shorthand_property_identifier_pattern") {
      names.set(node.text, item.type);
      continue;
    }
    // Reversed, so names are set in source order, as a recursive descent sets them.
    const children = node.namedChildren;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i]!;
      if (child.type === "pair_pattern") pending.push({ node: child.childForFieldName("value"), type: null });
      else if (child.type === "assignment_pattern" || child.type === "object_assignment_pattern")
        pending.push({ node: child.childForFieldName("left"), type: null });
      else pending.push({ node: child, type: null });
    }
  }
}
