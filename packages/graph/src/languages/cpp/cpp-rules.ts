import type { ImportEntry, Visibility } from "../../extraction-types";
import type { CallDraft, LanguageRules, RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { callExpression, includeDirective } from "../c/c-calls";
import { qualifiedSegments } from "../c/c-declarators";
import { C_BRANCHES, C_NESTING, C_SKIP, caseBranch, notElseIf } from "../c/c-rules";
import { addNamespaceAlias, openAnonymousNamespace, setAccess } from "../c/c-scope-state";
import {
  aliasDeclaration,
  declaration,
  enumerator,
  functionDefinition,
  insideBody,
  macroDefinition,
  namespacesOf,
  recordSpecifier,
  typeDefinition,
} from "../c/c-symbols";
import { withCTypes } from "../c/c-types";

/**
 * C++ (tree-sitter-cpp): the C rules (c-symbols.ts, c-calls.ts) with the dialect's
 * additions:
 *
 * - `namespace a { … }` is a `namespace` holding what it declares (`namespace a::b` is `b`
 *   inside `a`); an anonymous namespace is no symbol, and what it declares is private.
 * - Classes (`class`, `struct`, `union`; `interface` for a class of pure virtual functions
 *   only) with their bases (`class B : public A` -> `A`), methods, constructors and
 *   destructors; templates keep their kind, with `template <…>` in the signature.
 * - `new A(x)` and `A a(x);` are constructor calls (kind `new`) of `A`.
 * - `using namespace std;` imports `*` from `std`, `using std::vector;` imports `vector`,
 *   `namespace fs = std::filesystem;` imports `*` as `fs` (kind `use`).
 */

const ACCESS: Readonly<Record<string, Visibility>> = { public: "public", private: "private", protected: "protected" };

/** `namespace a { … }`; `namespace a::b { … }` is `a` holding `b`, as if nested. */
function namespaceDefinition(node: SyntaxNode, context: RuleContext): SymbolDraft[] | null {
  const name = node.childForFieldName("name");
  const body = node.childForFieldName("body");
  if (!name) {
    if (body) openAnonymousNamespace(context, body.startIndex, body.endIndex);
    return null;
  }
  if (insideBody(context)) return null;
  const segments = name.type === "nested_namespace_specifier" ? name.namedChildren.map((child) => child.text) : [name.text];
  const outer = context.container()?.qualified_name ?? null;
  const names = namespacesOf(context);
  return segments.map((segment, i) => {
    names.add([outer, ...segments.slice(0, i + 1)].filter((part) => part !== null).join("."));
    return {
      name: segment,
      kind: "namespace",
      signature: `namespace ${segments.slice(0, i + 1).join("::")}`,
      visibility: "public",
      callable: false,
      container: true,
    };
  });
}

function accessSpecifier(node: SyntaxNode, context: RuleContext): null {
  const access = ACCESS[node.text.replace(/[\s:]+/gu, "")];
  if (access) setAccess(context, node.startIndex, access);
  return null;
}

/** The type a `new` or a constructed declaration names, as callee and receiver (`new ns::A(x)` -> `A`, `ns`). */
function constructed(type: SyntaxNode | null): { callee: string; receiver: string | null; name: SyntaxNode } | null {
  if (!type) return null;
  if (type.type === "type_identifier") return { callee: type.text, receiver: null, name: type };
  if (type.type === "template_type") {
    const name = type.childForFieldName("name");
    return name ? constructed(name) : null;
  }
  if (type.type !== "qualified_identifier") return null;
  const segments = qualifiedSegments(type);
  const callee = segments.pop();
  if (!callee) return null;
  let name: SyntaxNode = type;
  for (let next = type.childForFieldName("name"); next; next = next.childForFieldName("name")) name = next;
  return { callee, receiver: segments.length > 0 ? segments.join("::") : null, name };
}

function newExpression(node: SyntaxNode): CallDraft | null {
  const target = constructed(node.childForFieldName("type"));
  return target ? { callee: target.callee, receiver: target.receiver, kind: "new" } : null;
}

/** `A a(x);` in a body: a constructor call of `A` (a braced `A a{x}` may be an aggregate, not a call). */
function constructedDeclaration(node: SyntaxNode, context: RuleContext): CallDraft[] | null {
  if (!insideBody(context)) return null;
  const type = node.childForFieldName("type");
  if (!type || (type.type !== "type_identifier" && type.type !== "qualified_identifier" && type.type !== "template_type")) return null;
  const drafts: CallDraft[] = [];
  for (const declarator of node.childrenForFieldName("declarator")) {
    if (declarator.type !== "init_declarator" || declarator.childForFieldName("value")?.type !== "argument_list") continue;
    const target = constructed(type);
    if (target) drafts.push({ callee: target.callee, receiver: target.receiver, kind: "new" });
  }
  return drafts.length > 0 ? drafts : null;
}

/** `using namespace a::b;`, `using a::b::name;` (class-body `using Base::f;` re-declares a member: no import). */
function usingDeclaration(node: SyntaxNode, context: RuleContext): ImportEntry[] | null {
  if (context.parentType() === "field_declaration_list") return null;
  const target = node.namedChildren.find((child) => child.type === "identifier" || child.type === "qualified_identifier");
  if (!target) return null;
  const line = node.startPosition.row + 1;
  const path = target.type === "qualified_identifier" ? qualifiedSegments(target) : [target.text];
  if (/^using\s+namespace\b/u.test(node.text)) return [{ module: path.join("::"), names: [{ name: "*", alias: null }], line, kind: "use" }];
  const name = path.at(-1)!;
  return [{ module: path.join("::"), names: [{ name, alias: null }], line, kind: "use" }];
}

/** `namespace fs = std::filesystem;`. */
function namespaceAlias(node: SyntaxNode, context: RuleContext): ImportEntry[] | null {
  const alias = node.childForFieldName("name");
  const target = node.namedChildren.at(-1);
  if (!alias || !target || target.startIndex === alias.startIndex) return null;
  const module = target.type === "nested_namespace_specifier" ? target.namedChildren.map((child) => child.text).join("::") : target.text.replace(/\s+/gu, "");
  addNamespaceAlias(context, alias.text, module);
  return [{ module, names: [{ name: "*", alias: alias.text }], line: node.startPosition.row + 1, kind: "use" }];
}

const record = recordSpecifier("cpp");
const definedDeclaration = declaration("cpp");

export const CPP_RULES: LanguageRules = withCTypes(
  {
    skip: new Set([...C_SKIP, "raw_string_literal", "friend_declaration", "static_assert_declaration", "template_argument_list"]),
    definitions: {
      function_definition: functionDefinition("cpp"),
      declaration: definedDeclaration,
      field_declaration: definedDeclaration,
      struct_specifier: record,
      union_specifier: record,
      enum_specifier: record,
      class_specifier: record,
      enumerator,
      type_definition: typeDefinition,
      alias_declaration: aliasDeclaration,
      namespace_definition: namespaceDefinition,
      access_specifier: accessSpecifier,
      preproc_def: macroDefinition,
      preproc_function_def: macroDefinition,
    },
    calls: {
      call_expression: callExpression,
      new_expression: newExpression,
      declaration: constructedDeclaration,
    },
    imports: {
      preproc_include: includeDirective,
      using_declaration: usingDeclaration,
      namespace_alias_definition: namespaceAlias,
    },
    branches: new Set([...C_BRANCHES, "for_range_loop", "catch_clause"]),
    conditionalBranches: { case_statement: caseBranch },
    nesting: new Set([...C_NESTING, "for_range_loop", "try_statement"]),
    conditionalNesting: { if_statement: notElseIf },
  },
  "cpp",
);
