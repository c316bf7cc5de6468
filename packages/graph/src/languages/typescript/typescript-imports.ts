import type { ImportEntry, ImportedName } from "../../extraction-types";
import type { RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { propertyKeyName, stringValue, unquote } from "./typescript-source-text";
import { stateOf } from "./typescript-walk-state";

/**
 * Imports of TypeScript/JavaScript: `import` statements, `export … from`, `import x = require()`,
 * `require("x")` and `import("x")` calls with the names their results are bound to.
 */

/** Names a `require(…)`/`import(…)` result is bound to: `const fs = …`, `const { a: b } = …`, `const x = require("m").x`. */
export function recordModuleBinding(name: SyntaxNode, value: SyntaxNode, context: RuleContext): void {
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

export function onImportStatement(node: SyntaxNode): ImportEntry[] | null {
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

export function onExportFrom(node: SyntaxNode): ImportEntry[] | null {
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

export function requiredModule(call: SyntaxNode): string | null {
  const args = call.childForFieldName("arguments");
  if (!args || args.namedChildCount !== 1) return null;
  return stringValue(args.firstNamedChild);
}

export function onCallImport(node: SyntaxNode, context: RuleContext): ImportEntry[] | null {
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
