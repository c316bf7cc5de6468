import type { RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { IDENTIFIER_PATH, typePath } from "./typescript-type-paths";

/** Member types that are not symbols (see typescript-types): interface properties and exports under another name. */

export function onInterfaceBody(node: SyntaxNode, context: RuleContext): null {
  for (const member of node.namedChildren) {
    if (member.type !== "property_signature") continue;
    const name = member.childForFieldName("name");
    const type = typePath(member.childForFieldName("type"), true);
    if (name && type && name.type === "property_identifier") context.memberType?.(name.text, type);
  }
  return null;
}

/** `export { a as b }` (no `from`): the module exports `a` as `b`. */
export function onExportClause(node: SyntaxNode, context: RuleContext): null {
  if (node.childForFieldName("source") || node.childForFieldName("declaration")) return null;
  for (const clause of node.namedChildren) {
    if (clause.type !== "export_clause") continue;
    for (const specifier of clause.namedChildren) {
      const name = specifier.childForFieldName("name");
      const alias = specifier.childForFieldName("alias");
      if (name && alias && alias.text !== name.text && alias.text !== "default" && IDENTIFIER_PATH.test(name.text))
        context.memberType?.(alias.text, `=${name.text}`, "");
    }
  }
  return null;
}
