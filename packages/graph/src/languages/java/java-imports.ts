import type { ImportEntry } from "../../extraction-types";
import type { RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";

/**
 * The name under which the resolver finds a file's package (a member type of the module):
 * an import names a package member, so `import a.b.Store;` is the file of package `a.b`
 * that declares `Store`, and classes of one package see each other without an import.
 */
export const PACKAGE_MEMBER = "<package>";

/**
 * `import a.b.Store;` binds `Store` (module `a.b.Store`), `import a.b.*;` every public type
 * of package `a.b` (name `*`, module `a.b`); `import static a.b.Util.max;` binds `max`
 * (module `a.b.Util.max`) and `import static a.b.Util.*;` every static member of `Util`.
 */
export function importDeclaration(node: SyntaxNode): ImportEntry[] | null {
  let path: SyntaxNode | null = null;
  let wildcard = false;
  for (const child of node.namedChildren) {
    if (child.type === "scoped_identifier" || child.type === "identifier") path = child;
    else if (child.type === "asterisk") wildcard = true;
  }
  if (!path) return null;
  const module = path.text.replace(/\s+/gu, "");
  const name = wildcard ? "*" : module.slice(module.lastIndexOf(".") + 1);
  return [{ module, names: [{ name, alias: null }], line: node.startPosition.row + 1, kind: "import" }];
}

/** `package a.b;`: recorded for the resolver (see PACKAGE_MEMBER); it imports nothing. */
export function packageDeclaration(node: SyntaxNode, context: RuleContext): null {
  const path = node.namedChildren.find((child) => child.type === "scoped_identifier" || child.type === "identifier");
  if (path) context.memberType?.(PACKAGE_MEMBER, path.text.replace(/\s+/gu, ""), "");
  return null;
}
