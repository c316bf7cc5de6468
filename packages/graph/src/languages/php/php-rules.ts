import type { ImportEntry, SymbolKind, Visibility } from "../../extraction-types";
import type { CallDraft, LanguageRules, RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { oneLine, signatureOf } from "../../signature";
import { NAME_NODES, namespacePath, qualifierOf, shortName, variableName } from "./php-names";
import { annotateReceiver, assignment, classAt, constructedClass, enterCallable, enterClass, loopOrCatchBindings, typeOfDeclared } from "./php-types";

/**
 * PHP (tree-sitter-php, the `php` grammar: PHP inside HTML templates).
 *
 * Symbols: `namespace A\B` (kind namespace, named by its whole path; it is no container,
 * so a class declared in it stays top-level: `User`, `User.save`, as the resolver looks
 * classes up by name and the namespace is recorded as the file's `<package>`); classes,
 * interfaces, traits and enums (bases: `extends`, `implements` and used traits, by their
 * last name segment); anonymous classes (`class@anonymous`, PHP's own name for them, so
 * `$this` in their methods is theirs); functions (also those declared inside `if` blocks
 * or other functions: PHP makes them global); methods, `__construct` as constructor;
 * properties, one per `$name` of a declaration, named without the `$`, and the promoted
 * parameters of a constructor (`private Repo $repo`) as properties of its class; property
 * hooks with a body as getter/setter named after their property; constants (`const`,
 * class constants, enum cases) as const. Attributes (`#[Route(…)]`) open the span and stay
 * in the signature. Visibility: the member's modifier, else public; namespaces have none.
 *
 * Calls: `f()`, `\App\f()` (receiver `App`; `\strlen()` and `namespace\f()` are bare), `$a->f()`,
 * `$a?->f()` (receiver `$a`), `A::f()`, `self::f()`, `static::f()`, `parent::f()` (receiver
 * as written), `new A()` (kind new; `new self`/`new static` name the class around them,
 * `new parent` its base). Dynamic names (`$f()`, `$a->$m()`, `new $class`) are not calls of a
 * known name and are left out. Receiver types come from php-types.ts.
 *
 * Imports: `use A\B\C;`, `use A\B\C as D;`, `use function A\f;`, `use const A\X;` and group
 * uses `use A\{B, C as D}` give one entry each, module = the full name without the leading
 * `\`, kind use; `require`/`include` (`_once` too) of a literal path, `__DIR__ . '/x.php'`
 * (`./x.php`) or `dirname(__DIR__) . '/x.php'` (`../x.php`) are kind require with name `*`:
 * PHP declares everything of an included file in the includer's scope.
 *
 * Complexity: if / elseif, loops, catch, switch cases, match arms (not default), `?:` and
 * `? :`, `&&`, `||`, `and`, `or`, `??`. Nesting: if (not the `if` of an `else if`), loops,
 * switch, match, try.
 */

const MAX_RECEIVER = 80;
const MAX_INLINE_VALUE = 80;
const VISIBILITIES: ReadonlySet<string> = new Set(["public", "private", "protected"]);
/** Bodies whose declarations are members of a class-like. */
const MEMBER_LISTS: ReadonlySet<string> = new Set(["declaration_list", "enum_declaration_list"]);

function visibilityOf(children: readonly SyntaxNode[]): Visibility {
  for (const child of children) {
    if (child.type === "visibility_modifier") {
      const word = child.text.toLowerCase();
      if (VISIBILITIES.has(word)) return word as Visibility;
    }
  }
  return "public";
}

/** A head without its terminator: `;` of an abstract method, `,` or `;` of a list. */
function head(text: string): string {
  return oneLine(text.replace(/(?:\s|;|,|\{)+$/u, ""));
}

/** Names of a base list (`extends A, \B\C`): their last segments. */
function listedNames(clause: SyntaxNode, into: string[]): void {
  for (const child of clause.namedChildren) {
    if (NAME_NODES.has(child.type)) {
      const name = shortName(child.text);
      if (name && !into.includes(name)) into.push(name);
    }
  }
}

function classLike(kind: SymbolKind) {
  return (node: SyntaxNode, context: RuleContext): SymbolDraft | null => {
    const anonymous = node.type === "anonymous_class";
    const name = anonymous ? null : node.childForFieldName("name");
    if (!anonymous && !name) return null;
    const children = node.children;
    const body = children.find((child) => MEMBER_LISTS.has(child.type)) ?? null;
    const bases: string[] = [];
    let parentClass: string | null = null;
    for (const child of children) {
      if (child.type === "base_clause") {
        listedNames(child, bases);
        if (kind === "class") parentClass = bases[0] ?? null;
      } else if (child.type === "class_interface_clause") listedNames(child, bases);
    }
    // Traits a class uses lend it their members, as a base does.
    for (const member of body?.namedChildren ?? []) if (member.type === "use_declaration") listedNames(member, bases);
    const symbolName = name?.text ?? "class@anonymous";
    enterClass(context, node, anonymous ? null : symbolName, parentClass);
    const draft: SymbolDraft = {
      name: symbolName,
      kind,
      signature: signatureOf(context.source, node, body),
      visibility: anonymous ? null : "public",
      callable: false,
      container: true,
    };
    if (bases.length > 0) draft.bases = bases;
    return draft;
  };
}

function callableDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const name = node.childForFieldName("name");
  if (!name) return null;
  const body = node.childForFieldName("body");
  const isMethod = node.type === "method_declaration";
  const returns = enterCallable(context, node);
  const draft: SymbolDraft = {
    name: name.text,
    kind: isMethod ? (name.text.toLowerCase() === "__construct" ? "constructor" : "method") : "function",
    signature: body ? signatureOf(context.source, node, body) : head(node.text),
    visibility: isMethod ? visibilityOf(node.children) : "public",
    callable: true,
    container: false,
  };
  if (returns) draft.return_type = returns;
  return draft;
}

/** Closures and arrow functions are no symbols; they open a variable scope. */
function closure(node: SyntaxNode, context: RuleContext): null {
  enterCallable(context, node);
  return null;
}

/** `$x` -> `$x`, `$x = 1` kept when the value is short, else the name alone. */
function elementText(element: SyntaxNode, name: string): string {
  const text = element.text;
  return text.length <= MAX_INLINE_VALUE && !text.includes("\n") ? oneLine(text) : `$${name}`;
}

/** Lines of a list's declarations: the first opens at the declaration (attributes, modifiers), the others at their own name. */
function listSpan(node: SyntaxNode, element: SyntaxNode, index: number, count: number): Pick<SymbolDraft, "startRow" | "endRow"> {
  if (count === 1) return {};
  return { ...(index > 0 ? { startRow: element.startPosition.row } : {}), endRow: element.endPosition.row };
}

function propertyDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft[] | null {
  const children = node.children;
  const elements = children.filter((child) => child.type === "property_element");
  if (elements.length === 0) return null;
  const prefix = oneLine(context.source.slice(node.startIndex, elements[0]!.startIndex));
  const visibility = visibilityOf(children);
  const type = typeOfDeclared(context, node.childForFieldName("type"));
  const inClass = classAt(context, node.startIndex) !== null;
  const drafts: SymbolDraft[] = [];
  elements.forEach((element, index) => {
    const name = variableName(element.childForFieldName("name"));
    if (!name) return;
    if (type && inClass) context.memberType?.(name, type);
    drafts.push({
      name,
      kind: "property",
      signature: oneLine(`${prefix} ${elementText(element, name)}`),
      visibility,
      callable: false,
      container: false,
      ...listSpan(node, element, index, elements.length),
    });
  });
  return drafts;
}

/** `public function __construct(private Repo $repo)`: `$repo` is a property of the class. */
function promotedProperty(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const owner = context.container();
  const name = variableName(node.childForFieldName("name"));
  if (!owner || !name) return null;
  const type = typeOfDeclared(context, node.childForFieldName("type"));
  if (type) context.memberType?.(name, type);
  const visibility = node.childForFieldName("visibility")?.text.toLowerCase();
  const text = node.text;
  return {
    name,
    kind: "property",
    signature: text.length <= MAX_INLINE_VALUE ? oneLine(text) : oneLine(context.source.slice(node.startIndex, node.childForFieldName("name")!.endIndex)),
    visibility: visibility && VISIBILITIES.has(visibility) ? (visibility as Visibility) : "public",
    callable: false,
    container: false,
    parent: owner.qualified_name,
  };
}

/** `get => …` / `set(string $v) { … }` hooks of a property (PHP 8.4), named after it. */
function propertyHook(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const property = context.enclosing();
  const body = node.childForFieldName("body");
  const word = node.children.find((child) => child.type === "name")?.text.toLowerCase();
  if (property?.kind !== "property" || !body || (word !== "get" && word !== "set")) return null;
  enterCallable(context, node);
  return {
    name: property.name,
    kind: word === "get" ? "getter" : "setter",
    signature: signatureOf(context.source, node, body),
    visibility: null,
    callable: true,
    container: false,
  };
}

function constDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft[] | null {
  const children = node.children;
  const elements = children.filter((child) => child.type === "const_element");
  if (elements.length === 0) return null;
  const prefix = oneLine(context.source.slice(node.startIndex, elements[0]!.startIndex));
  const visibility = visibilityOf(children);
  const drafts: SymbolDraft[] = [];
  elements.forEach((element, index) => {
    const name = element.children.find((child) => child.type === "name");
    if (!name) return;
    drafts.push({
      name: name.text,
      kind: "const",
      signature: oneLine(`${prefix} ${elementText(element, name.text)}`),
      visibility,
      callable: false,
      container: false,
      ...listSpan(node, element, index, elements.length),
    });
  });
  return drafts;
}

function enumCase(node: SyntaxNode): SymbolDraft | null {
  const name = node.childForFieldName("name");
  if (!name) return null;
  return { name: name.text, kind: "const", signature: head(node.text), visibility: "public", callable: false, container: false };
}

/** `namespace A\B;` / `namespace A\B { … }`: a symbol, and the file's package for the resolver. */
function namespaceDefinition(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const name = node.childForFieldName("name");
  if (!name) return null;
  const path = namespacePath(name.text);
  context.memberType?.("<package>", path, "");
  return { name: path, kind: "namespace", signature: `namespace ${path}`, visibility: null, callable: false, container: false };
}

function receiverOf(context: RuleContext, receiver: SyntaxNode): string {
  return oneLine(context.source.slice(receiver.startIndex, Math.min(receiver.endIndex, receiver.startIndex + 4 * MAX_RECEIVER)), MAX_RECEIVER);
}

/** `$a->f()`, `$a?->f()`: a chain split over lines is reported on the line of the name. */
function memberCall(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const object = node.childForFieldName("object");
  const name = node.childForFieldName("name");
  if (!object || name?.type !== "name") return null;
  const draft: CallDraft = { callee: name.text, receiver: receiverOf(context, object), kind: "call" };
  const row = name.startPosition.row;
  if (row !== node.startPosition.row) draft.row = row;
  annotateReceiver(context, draft, object);
  return draft;
}

/** `A::f()`, `self::f()`, `parent::f()`, `$class::f()`. */
function scopedCall(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const scope = node.childForFieldName("scope");
  const name = node.childForFieldName("name");
  if (!scope || name?.type !== "name") return null;
  const draft: CallDraft = { callee: name.text, receiver: receiverOf(context, scope), kind: "call" };
  annotateReceiver(context, draft, scope);
  return draft;
}

/** `f()`, `\f()`, `namespace\f()` (bare calls), `\App\f()` (receiver: the namespace). */
function functionCall(node: SyntaxNode): CallDraft | null {
  const callee = node.childForFieldName("function");
  if (!callee) return null;
  if (callee.type === "name") return { callee: callee.text, receiver: null, kind: "call" };
  if (callee.type !== "qualified_name" && callee.type !== "relative_name") return null;
  const text = callee.text;
  return { callee: shortName(text), receiver: namespaceReceiver(text), kind: "call" };
}

/**
 * The namespace a qualified name is called through: `\App\f` -> `App`; null for the global
 * namespace (`\strlen`) and the current one (`namespace\f`), where the call is a bare one.
 */
function namespaceReceiver(text: string): string | null {
  const qualifier = qualifierOf(text);
  if (qualifier === null || qualifier === "\\") return null;
  const path = namespacePath(qualifier).replace(/^namespace(?:\\|$)/iu, "");
  return path === "" ? null : path;
}

/** `new A()`, `new \App\A()` (receiver `App`), `new self`; anonymous classes and `new $class` are left out. */
function objectCreation(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const named = node.firstNamedChild;
  if (!named || !NAME_NODES.has(named.type)) return null;
  const callee = constructedClass(context, named);
  if (!callee) return null;
  return { callee, receiver: named.type === "name" ? null : namespaceReceiver(named.text), kind: "new" };
}

/** One entry per imported name: `use A\B\C as D` is module `A\B\C`, name `C`, alias `D`. */
function useDeclaration(node: SyntaxNode): ImportEntry[] | null {
  const line = node.startPosition.row + 1;
  const entries: ImportEntry[] = [];
  const children = node.namedChildren;
  const group = children.find((child) => child.type === "namespace_use_group");
  const prefix = group ? namespacePath(children.find((child) => child.type === "namespace_name")?.text ?? "") : "";
  for (const clause of group ? group.namedChildren : children) {
    if (clause.type !== "namespace_use_clause") continue;
    const parts = clause.namedChildren;
    const path = parts.find((part) => NAME_NODES.has(part.type));
    if (!path) continue;
    const alias = clause.childForFieldName("alias");
    const written = namespacePath(path.text);
    const module = prefix ? `${prefix}\\${written}` : written;
    const name = shortName(module);
    const aliasText = alias && alias.startIndex !== path.startIndex ? alias.text : null;
    entries.push({ module, names: [{ name, alias: aliasText !== null && aliasText !== name ? aliasText : null }], line, kind: "use" });
  }
  return entries.length > 0 ? entries : null;
}

/** The value of a quoted literal without interpolation, else null. */
function literal(node: SyntaxNode | null | undefined): string | null {
  if (!node) return null;
  if (node.type !== "string" && node.type !== "encapsed_string") return null;
  const parts = node.namedChildren;
  if (parts.some((part) => part.type !== "string_content")) return null;
  return parts.map((part) => part.text).join("");
}

/** `__DIR__` -> `.`; `dirname(__DIR__)` / `dirname(__FILE__, 2)` -> `..`; null for anything else. */
function directoryOf(node: SyntaxNode | null | undefined): string | null {
  if (!node) return null;
  const text = node.text.replace(/\s+/gu, "");
  if (text === "__DIR__" || text === "dirname(__FILE__)") return ".";
  const dirname = /^\\?dirname\((__DIR__|__FILE__)(?:,(\d+))?\)$/iu.exec(text);
  if (!dirname) return null;
  const levels = Number(dirname[2] ?? "1") - (dirname[1] === "__FILE__" ? 1 : 0);
  return levels <= 0 ? "." : Array.from({ length: levels }, () => "..").join("/");
}

/** The path an include names, relative to the including file when written against `__DIR__`. */
function includedPath(node: SyntaxNode | null | undefined): string | null {
  if (!node) return null;
  if (node.type === "parenthesized_expression") return includedPath(node.firstNamedChild);
  const direct = literal(node);
  if (direct !== null) return direct;
  if (node.type !== "binary_expression" || node.childForFieldName("operator")?.type !== ".") return null;
  const directory = directoryOf(node.childForFieldName("left"));
  const rest = literal(node.childForFieldName("right"));
  if (directory === null || rest === null) return null;
  return `${directory}/${rest.replace(/^\/+/u, "")}`;
}

function include(node: SyntaxNode): ImportEntry[] | null {
  const module = includedPath(node.namedChildren[0]);
  if (module === null || module === "") return null;
  return [{ module, names: [{ name: "*", alias: null }], line: node.startPosition.row + 1, kind: "require" }];
}

export const PHP_RULES: LanguageRules = {
  // Subtrees that hold no call, declaration or import; variables and names are the most
  // frequent, so not descending into them keeps the walk cheap.
  skip: new Set([
    "comment",
    "text",
    "variable_name",
    "name",
    "qualified_name",
    "namespace_name",
    "relative_scope",
    "visibility_modifier",
    "static_modifier",
    "abstract_modifier",
    "final_modifier",
    "readonly_modifier",
    "namespace_use_clause",
    "namespace_use_group",
    "anonymous_function_use_clause",
    "attribute_list",
    "string",
    "nowdoc",
    "named_type",
    "optional_type",
    "union_type",
    "intersection_type",
    "disjunctive_normal_form_type",
    "primitive_type",
    "base_clause",
    "class_interface_clause",
    "use_declaration",
  ]),
  definitions: {
    namespace_definition: namespaceDefinition,
    class_declaration: classLike("class"),
    interface_declaration: classLike("interface"),
    trait_declaration: classLike("trait"),
    enum_declaration: classLike("enum"),
    anonymous_class: classLike("class"),
    function_definition: callableDeclaration,
    method_declaration: callableDeclaration,
    anonymous_function: closure,
    arrow_function: closure,
    property_declaration: propertyDeclaration,
    property_promotion_parameter: promotedProperty,
    property_hook: propertyHook,
    const_declaration: constDeclaration,
    enum_case: enumCase,
    assignment_expression: (node, context) => {
      assignment(context, node);
      return null;
    },
    foreach_statement: (node, context) => {
      loopOrCatchBindings(context, node);
      return null;
    },
    catch_clause: (node, context) => {
      loopOrCatchBindings(context, node);
      return null;
    },
  },
  calls: {
    function_call_expression: functionCall,
    member_call_expression: memberCall,
    nullsafe_member_call_expression: memberCall,
    scoped_call_expression: scopedCall,
    object_creation_expression: objectCreation,
  },
  imports: {
    namespace_use_declaration: useDeclaration,
    require_expression: include,
    require_once_expression: include,
    include_expression: include,
    include_once_expression: include,
  },
  branches: new Set([
    "if_statement",
    "else_if_clause",
    "for_statement",
    "foreach_statement",
    "while_statement",
    "do_statement",
    "catch_clause",
    "case_statement",
    "conditional_expression",
    "match_conditional_expression",
    "&&",
    "||",
    "and",
    "or",
    "??",
  ]),
  nesting: new Set(["for_statement", "foreach_statement", "while_statement", "do_statement", "switch_statement", "match_expression", "try_statement"]),
  conditionalNesting: {
    // `else if` is an `if` in an `else`: it continues the chain instead of nesting deeper.
    if_statement: (context) => context.parentType() !== "else_clause",
  },
};
