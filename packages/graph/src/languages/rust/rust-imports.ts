import type { ImportEntry, ImportedName } from "../../extraction-types";
import type { SyntaxNode } from "../../parser-registry";

/** Rust imports: `use` trees flattened to one entry per path prefix, and `extern crate`. */

/**
 * Flattens a use tree into (prefix, name, alias) leaves grouped by prefix, in source order. Groups
 * go through a work list rather than recursion, so `use a::{b::{c::{…}}}` nested thousands deep
 * cannot overflow the stack.
 */
function useLeaves(root: SyntaxNode, out: Map<string, ImportedName[]>): void {
  const pending: { node: SyntaxNode; prefix: string }[] = [{ node: root, prefix: "" }];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) useLeaf(item.node, item.prefix, out, pending);
}

function useLeaf(node: SyntaxNode, prefix: string, out: Map<string, ImportedName[]>, pending: { node: SyntaxNode; prefix: string }[]): void {
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
      if (list) pending.push({ node: list, prefix: module });
      return;
    }
    case "use_list": {
      // Reversed, so the work list yields them in source order.
      const children = node.namedChildren;
      for (let i = children.length - 1; i >= 0; i--) pending.push({ node: children[i]!, prefix });
      return;
    }
    default:
      return;
  }
}

export function useDeclaration(node: SyntaxNode): ImportEntry[] | null {
  const argument = node.childForFieldName("argument");
  if (!argument) return null;
  const grouped = new Map<string, ImportedName[]>();
  useLeaves(argument, grouped);
  const line = node.startPosition.row + 1;
  return [...grouped].map(([module, names]) => ({ module, names, line, kind: "use" }));
}

export function externCrate(node: SyntaxNode): ImportEntry[] | null {
  const name = node.childForFieldName("name")?.text;
  if (!name) return null;
  const alias = node.childForFieldName("alias")?.text ?? null;
  return [{ module: name, names: alias ? [{ name: "self", alias }] : [], line: node.startPosition.row + 1, kind: "use" }];
}
