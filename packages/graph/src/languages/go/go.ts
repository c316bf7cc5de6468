import type { DocCommentStyle } from "../../doc-comments";
import type { ImportEntry, ImportedName, SymbolKind, Visibility } from "../../extraction-types";
import type { CallDraft, LanguageRules, RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { oneLine, signatureOf } from "../../signature";
import { goPackageBinding, goTypeName, PREDECLARED_TYPES } from "./go-type-text";
import { withGoTypes } from "./go-types";

/**
 * Go (tree-sitter-go). Package-level declarations only, as `go/ast` lists them: `func` ->
 * function; a method -> method whose parent is its receiver's type (`func (s *Store) Get`
 * is `Store.Get`, pointer and type parameters dropped), wherever the type is declared;
 * `type X struct{…}` -> struct, `type X interface{…}` -> interface whose method specs are
 * its methods, every other defined type `type X Y` -> typedef, an alias `type X = Y` ->
 * type_alias; `const` -> const
 * and `var` -> variable, one symbol per name (a `var` holding a function literal is
 * callable, so the literal's calls and complexity are its own). Declarations inside
 * function bodies and the blank identifier `_` are not symbols. Visibility: an upper-case
 * first letter is exported (public), anything else is package-private (private).
 * Calls: `f()`, `pkg.F()` / `x.y.M()` (receiver `pkg` / `x.y`), generic instantiations
 * (`Map[K, V](m)`), and composite literals of a named type (`Store{…}`, `&pkg.Client{}`) as
 * `new` calls. Imports: one per path, binding the package name (`*` under its alias).
 * Declared types (receivers, parameters, locals, fields, results, the package name) are
 * added for the call resolver by `withGoTypes` (go-types.ts).
 */

const MAX_RECEIVER = 80;
/** A `const`/`var` value this short and on one line stays in the signature (`const Max = 10`). */
const MAX_INLINE_VALUE = 80;
/** Where package-level declarations sit (ERROR: a declaration tree-sitter recovered in a broken region). */
const PACKAGE_LEVEL = new Set(["source_file", "ERROR"]);

/**
 * Exported: the first character is an upper-case letter (Go's `unicode.IsUpper`, which
 * a character with distinct cases answers the same way).
 */
export function goVisibility(name: string): Visibility {
  const first = name.codePointAt(0);
  if (first === undefined) return "private";
  const char = String.fromCodePoint(first);
  return char !== char.toLowerCase() && char === char.toUpperCase() ? "public" : "private";
}

/** A declaration's children, read once per rule: each node access crosses into the addon. */
function find(children: readonly SyntaxNode[], type: string): SyntaxNode | null {
  return children.find((child) => child.type === type) ?? null;
}

function functionDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  if (!PACKAGE_LEVEL.has(context.parentType() ?? "")) return null;
  const name = node.childForFieldName("name");
  if (!name || name.text === "_") return null;
  return {
    name: name.text,
    kind: "function",
    signature: signatureOf(context.source, node, node.childForFieldName("body")),
    visibility: goVisibility(name.text),
    callable: true,
    container: false,
  };
}

/** The type a method's receiver names: `(s *Store)`, `(Pair[K, V])`, `(s *pkg.T)` (invalid, but read). */
export function receiverTypeName(receiver: SyntaxNode | null): string | null {
  const parameter = receiver?.namedChildren.find((child) => child.type === "parameter_declaration");
  const type = parameter?.childForFieldName("type");
  return type ? goTypeName(type.text) : null;
}

function methodDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  if (!PACKAGE_LEVEL.has(context.parentType() ?? "")) return null;
  const name = node.childForFieldName("name");
  if (!name || name.text === "_") return null;
  const owner = receiverTypeName(node.childForFieldName("receiver"));
  return {
    name: name.text,
    kind: "method",
    signature: signatureOf(context.source, node, node.childForFieldName("body")),
    visibility: goVisibility(name.text),
    callable: true,
    container: false,
    // The receiver's type may be declared in another file of the package.
    parent: owner,
  };
}

/**
 * A spec's head as a declaration: `type Store struct`, `const Max = 10`. The keyword is
 * written again for a spec of a `type (…)`/`const (…)` group, so every signature reads the
 * same; the span is the spec's own (a lone spec shares its keyword's line).
 */
function specHead(source: string, keyword: string, spec: SyntaxNode, end: number): string {
  return oneLine(`${keyword} ${source.slice(spec.startIndex, end).replace(/[\s{=]+$/u, "")}`);
}

function typeKind(type: SyntaxNode | null): SymbolKind {
  if (type?.type === "struct_type") return "struct";
  if (type?.type === "interface_type") return "interface";
  return "typedef";
}

function typeSpec(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  // type_spec / type_alias, in a type_declaration at package level.
  if (context.parentType() !== "type_declaration" || !PACKAGE_LEVEL.has(context.ancestorType(1) ?? "")) return null;
  const name = node.childForFieldName("name");
  if (!name || name.text === "_") return null;
  const type = node.childForFieldName("type");
  const kind = node.type === "type_alias" ? "type_alias" : typeKind(type);
  // The head stops at the body of a struct or interface; other types are short enough to keep whole.
  const body = kind === "struct" ? find(type!.children, "field_declaration_list") : kind === "interface" ? find(type!.children, "{") : null;
  const end = body ? body.startIndex : node.endIndex;
  return {
    name: name.text,
    kind,
    signature: specHead(context.source, "type", node, end),
    visibility: goVisibility(name.text),
    callable: false,
    container: kind === "struct" || kind === "interface",
  };
}

/** `Read(p []byte) (n int, err error)` in a named interface: a method of the interface. */
function methodElement(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  // method_elem < interface_type < type_spec < type_declaration < source_file.
  if (context.parentType() !== "interface_type" || context.ancestorType(1) !== "type_spec" || !PACKAGE_LEVEL.has(context.ancestorType(3) ?? "")) return null;
  const name = node.childForFieldName("name");
  if (!name || name.text === "_") return null;
  return {
    name: name.text,
    kind: "method",
    signature: oneLine(context.source.slice(node.startIndex, node.endIndex)),
    visibility: goVisibility(name.text),
    callable: true,
    container: false,
  };
}

/** The names a `const`/`var` spec declares (`a, b = 1, 2`), blank identifiers left out. */
function specNames(children: readonly SyntaxNode[]): SyntaxNode[] {
  return children.filter((child) => child.type === "identifier" && child.text !== "_");
}

/** The value list after `=`, if any. */
function specValues(children: readonly SyntaxNode[]): SyntaxNode | null {
  return find(children, "expression_list");
}

/**
 * `const`/`var` head: the value stays when short and on one line, a function literal keeps
 * its parameters and results, anything longer is cut before the value.
 */
function valueSpecSignature(source: string, keyword: string, spec: SyntaxNode, values: SyntaxNode | null): string {
  if (!values) return specHead(source, keyword, spec, spec.endIndex);
  const single = values.namedChildCount === 1 ? values.firstNamedChild : null;
  if (single?.type === "func_literal") {
    const body = single.childForFieldName("body");
    return specHead(source, keyword, spec, body ? body.startIndex : single.endIndex);
  }
  const text = source.slice(values.startIndex, values.endIndex);
  if (text.length <= MAX_INLINE_VALUE && !text.includes("\n")) return specHead(source, keyword, spec, values.endIndex);
  return specHead(source, keyword, spec, values.startIndex);
}

function valueSpec(node: SyntaxNode, context: RuleContext): SymbolDraft[] | null {
  // const_spec < const_declaration < source_file; var_spec < (var_spec_list <) var_declaration < source_file.
  const parentType = context.parentType();
  const declarationDepth = parentType === "var_spec_list" ? 1 : 0;
  if (!PACKAGE_LEVEL.has(context.ancestorType(declarationDepth + 1) ?? "")) return null;
  const children = node.children;
  const names = specNames(children.filter((child) => child.isNamed && child.type === "identifier"));
  if (names.length === 0) return null;
  const keyword = node.type === "const_spec" ? "const" : "var";
  const values = specValues(children);
  const signature = valueSpecSignature(context.source, keyword, node, values);
  // A `var` holding one function literal runs the literal's code: its calls are the var's own.
  const callable = keyword === "var" && names.length === 1 && values?.namedChildCount === 1 && values.firstNamedChild?.type === "func_literal";
  return names.map((name) => ({
    name: name.text,
    kind: keyword === "const" ? "const" : "variable",
    signature,
    visibility: goVisibility(name.text),
    callable,
    container: false,
  }));
}

/** The receiver as written, a chain split after its dots (`a.\n\tB().\n\tC()`) joined back. */
function receiverText(source: string, node: SyntaxNode, end: number): string {
  return oneLine(
    source
      .slice(node.startIndex, end)
      .replace(/\.[ \t]*\r?\n\s*/gu, ".")
      .replace(/\s*\.\s*$/u, ""),
    MAX_RECEIVER,
  );
}

/** `Name` or `pkg.Name` (a type or value path) from a callee node, or null for anything else. */
function namedCallee(callee: SyntaxNode, source: string): { callee: string; receiver: string | null; row?: number } | null {
  if (callee.type === "identifier" || callee.type === "type_identifier") return { callee: callee.text, receiver: null };
  if (callee.type === "selector_expression" || callee.type === "qualified_type") {
    const member = callee.childForFieldName(callee.type === "selector_expression" ? "field" : "name");
    if (!member) return null;
    const head = source.slice(callee.startIndex, member.startIndex);
    const receiver = receiverText(source, callee, member.startIndex);
    if (!receiver) return null;
    // A chain split over lines is reported on the line of the name.
    return { callee: member.text, receiver, ...(head.includes("\n") ? { row: member.startPosition.row } : {}) };
  }
  return null;
}

/**
 * Whether an index reads as type arguments (`F[int]`, `F[T]`, `F[pkg.T, *U]`) rather than an
 * element (`handlers[i]`, `m["k"]`): calling an element is not a call of a declaration.
 */
function looksLikeTypeArguments(index: string): boolean {
  return index.split(",").every((part) => {
    const type = part.trim().replace(/^(?:\*|\[\])+/u, "");
    return PREDECLARED_TYPES.has(type) || /^(?:[\p{L}_][\w]*\.)?\p{Lu}[\w]*$/u.test(type);
  });
}

/** `f(x)`, `pkg.F(x)`, `a.b.M(x)`, `F[int](x)`. */
function callExpression(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const callee = node.childForFieldName("function");
  if (!callee) return null;
  if (callee.type === "index_expression") {
    // An explicit instantiation of a generic function.
    const operand = callee.childForFieldName("operand");
    const index = callee.childForFieldName("index");
    if (!operand || !index || !looksLikeTypeArguments(index.text)) return null;
    const named = namedCallee(operand, context.source);
    return named ? { ...named, kind: "call" } : null;
  }
  const named = namedCallee(callee, context.source);
  // `int(x)`, `string(b)`: a conversion to a predeclared type, not a call (`comparable` is a
  // constraint, never converted to, so a call of that name is a function's).
  if (named && named.receiver === null && PREDECLARED_TYPES.has(named.callee) && named.callee !== "comparable") return null;
  return named ? { ...named, kind: "call" } : null;
}

/** `Generic[int](x)`, which the grammar reads as the conversion it may also be. */
function typeConversion(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const type = node.childForFieldName("type");
  if (type?.type !== "generic_type") return null;
  const base = type.childForFieldName("type");
  const named = base ? namedCallee(base, context.source) : null;
  return named ? { ...named, kind: "call" } : null;
}

/** `Store{…}`, `pkg.Client{…}`, `List[int]{…}`: constructing a named type. */
function compositeLiteral(node: SyntaxNode, context: RuleContext): CallDraft | null {
  let type = node.childForFieldName("type");
  if (type?.type === "generic_type") type = type.childForFieldName("type");
  if (!type || (type.type !== "type_identifier" && type.type !== "qualified_type")) return null;
  const named = namedCallee(type, context.source);
  return named ? { ...named, kind: "new" } : null;
}

/** The path inside an import's string literal (`"net/http"`, `` `net/http` ``). */
function importPath(node: SyntaxNode | null): string | null {
  if (!node) return null;
  const text = node.text;
  const path = text.length >= 2 ? text.slice(1, -1) : "";
  return path === "" ? null : path;
}

function importSpec(spec: SyntaxNode): ImportEntry | null {
  const path = importPath(spec.childForFieldName("path"));
  if (path === null) return null;
  const alias = spec.childForFieldName("name");
  let names: ImportedName[];
  // `_` imports only for the package's side effects; `.` merges its names into the file's.
  if (alias?.type === "blank_identifier") names = [];
  else if (alias?.type === "dot") names = [{ name: "*", alias: null }];
  else names = [{ name: "*", alias: alias?.text ?? goPackageBinding(path) }];
  return { module: path, names, line: spec.startPosition.row + 1, kind: "import" };
}

/** `import "fmt"`, `import ( st "example.com/m/store"; . "strings"; _ "embed" )`. */
function importDeclaration(node: SyntaxNode): ImportEntry[] | null {
  const found: ImportEntry[] = [];
  for (const child of node.namedChildren) {
    if (child.type === "import_spec") {
      const entry = importSpec(child);
      if (entry) found.push(entry);
    } else if (child.type === "import_spec_list") {
      for (const spec of child.namedChildren) {
        const entry = spec.type === "import_spec" ? importSpec(spec) : null;
        if (entry) found.push(entry);
      }
    }
  }
  return found;
}

export const GO_RULES: LanguageRules = withGoTypes({
  skip: new Set([
    "comment",
    "interpreted_string_literal",
    "raw_string_literal",
    "rune_literal",
    "package_clause",
    "parameter_list",
    "type_parameter_list",
    "type_arguments",
    "field_declaration_list",
    "import_spec_list",
  ]),
  definitions: {
    function_declaration: functionDeclaration,
    method_declaration: methodDeclaration,
    type_spec: typeSpec,
    type_alias: typeSpec,
    method_elem: methodElement,
    const_spec: valueSpec,
    var_spec: valueSpec,
  },
  calls: {
    call_expression: callExpression,
    type_conversion_expression: typeConversion,
    composite_literal: compositeLiteral,
  },
  imports: {
    import_declaration: importDeclaration,
  },
  // `&&` and `||` are tokens of binary expressions only: counting the tokens needs no node.
  // `default` is a node type of its own (default_case), so every case here is one decision.
  branches: new Set(["if_statement", "for_statement", "expression_case", "type_case", "communication_case", "&&", "||"]),
  nesting: new Set(["for_statement", "expression_switch_statement", "type_switch_statement", "select_statement"]),
  // `else if` continues the chain at the same depth instead of nesting one level deeper.
  conditionalNesting: {
    if_statement: (context) => context.fieldName() !== "alternative",
  },
});

/** Doc comments are the `//` lines right above a declaration. */
export const GO_DOC_STYLE: DocCommentStyle = { line: "//" };
