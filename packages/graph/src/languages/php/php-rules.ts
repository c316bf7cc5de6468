import type { ImportEntry, SymbolKind, Visibility } from "../../extraction-types";
import type { CallDraft, LanguageRules, RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { oneLine, signatureOf } from "../../signature";
import { type Child, childrenOf, propertyElementsOf, traitUsesOf } from "./php-children";
import { NAME_NODES, namespacePath, qualifierOf, shortName } from "./php-names";
import {
  annotateReceiver,
  assignment,
  classAt,
  constructedClass,
  docClass,
  docTypesBefore,
  enterCallable,
  enterClass,
  loopOrCatchBindings,
  typeOfDeclaredText,
} from "./php-types";

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
 * Calls: `f()`, `\App\f()` (receiver `App`), `\strlen()` (receiver `\`: the global
 * namespace, never the file's own), `namespace\f()` (a bare call), `$a->f()`,
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

function visibilityOf(children: readonly Child[], source: string): Visibility {
  for (const child of children) {
    if (child.type === "visibility_modifier") {
      const word = source.slice(child.start, child.end).toLowerCase();
      if (VISIBILITIES.has(word)) return word as Visibility;
    }
  }
  return "public";
}

/** A head without its terminator: `;` of an abstract method, `,` or `;` of a list. */
function head(text: string): string {
  return oneLine(text.replace(/(?:\s|;|,|\{)+$/u, ""));
}

/** A declaration head up to its body, on one line: what `signatureOf` gives, from offsets. */
function headUpTo(source: string, start: number, end: number): string {
  return oneLine(source.slice(start, end).replace(/(?:\s|\{|=>|:|=)+$/u, ""));
}

/** Names of a base list as written (`extends A, \B\C`, `use T1, T2 { … }`): their last segments. */
function listedNames(text: string, into: string[]): void {
  const list = text.replace(/^\s*(?:extends|implements|use)\b/iu, "").replace(/[{;][\s\S]*$/u, "");
  for (const part of list.split(",")) {
    const name = shortName(part.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|#[^\n]*/gu, ""));
    if (/^[\p{L}_][\w]*$/u.test(name) && !into.includes(name)) into.push(name);
  }
}

function classLike(kind: SymbolKind) {
  return (node: SyntaxNode, context: RuleContext): SymbolDraft | null => {
    const { source } = context;
    const anonymous = node.type === "anonymous_class";
    const children = childrenOf(node);
    const name = anonymous ? undefined : children.find((child) => child.field === "name");
    if (!anonymous && !name) return null;
    const body = children.find((child) => MEMBER_LISTS.has(child.type));
    const bases: string[] = [];
    let parentClass: string | null = null;
    for (const child of children) {
      if (child.type === "base_clause") {
        listedNames(source.slice(child.start, child.end), bases);
        if (kind === "class") parentClass = bases[0] ?? null;
      } else if (child.type === "class_interface_clause") listedNames(source.slice(child.start, child.end), bases);
    }
    // Traits a class uses lend it their members, as a base does.
    if (body) for (const use of traitUsesOf(node, source)) listedNames(use, bases);
    const symbolName = name ? source.slice(name.start, name.end) : "class@anonymous";
    enterClass(context, node, anonymous ? null : symbolName, parentClass);
    const draft: SymbolDraft = {
      name: symbolName,
      kind,
      signature: body ? headUpTo(source, node.startIndex, body.start) : head(source.slice(node.startIndex, node.endIndex)),
      visibility: anonymous ? null : "public",
      callable: false,
      container: true,
    };
    if (bases.length > 0) draft.bases = bases;
    return draft;
  };
}

function callableDeclaration(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const { source } = context;
  const children = childrenOf(node);
  const name = children.find((child) => child.field === "name");
  if (!name) return null;
  const body = children.find((child) => child.field === "body");
  const isMethod = node.type === "method_declaration";
  const text = source.slice(name.start, name.end);
  const returns = enterCallable(context, node, children);
  const draft: SymbolDraft = {
    name: text,
    kind: isMethod ? (text.toLowerCase() === "__construct" ? "constructor" : "method") : "function",
    signature: body ? headUpTo(source, node.startIndex, body.start) : head(source.slice(node.startIndex, node.endIndex)),
    visibility: isMethod ? visibilityOf(children, source) : "public",
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
function elementText(text: string, name: string, sigil: string): string {
  return text.length <= MAX_INLINE_VALUE && !text.includes("\n") ? oneLine(text) : `${sigil}${name}`;
}

function countNewlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) count++;
  return count;
}

/**
 * One symbol per name of a `const A = 1, B = 2;` or `public $a, $b;` declaration. The first
 * opens at the declaration (attributes, modifiers), the others at their own name.
 */
function listDeclaration(kind: "property" | "const") {
  return (node: SyntaxNode, context: RuleContext): SymbolDraft[] | null => {
    const { source } = context;
    const elements = propertyElementsOf(node, source, true);
    if (elements.length === 0) return null;
    const children = childrenOf(node);
    const prefix = oneLine(source.slice(node.startIndex, elements[0]!.start));
    const visibility = visibilityOf(children, source);
    const declared = kind === "property" ? children.find((child) => child.field === "type") : undefined;
    let type = declared ? typeOfDeclaredText(context, source.slice(declared.start, declared.end), node.startIndex) : null;
    // `/** @var Repo */ private $repo;`: legacy code declares a property's type in its PHPDoc.
    if (kind === "property" && !declared) type = docClass(context, docTypesBefore(source, node.startIndex)?.vars, node.startIndex);
    const inClass = type !== null && classAt(context, node.startIndex) !== null;
    const drafts: SymbolDraft[] = [];
    elements.forEach((element, index) => {
      const name = element.name;
      if (!name) return;
      if (type && inClass) context.memberType?.(name, type);
      const text = source.slice(element.start, element.end);
      const span = elements.length === 1 ? {} : { ...(index > 0 ? { startRow: element.row } : {}), endRow: element.row + countNewlines(text) };
      drafts.push({
        name,
        kind,
        signature: oneLine(`${prefix} ${elementText(text, name, kind === "property" ? "$" : "")}`),
        visibility,
        callable: false,
        container: false,
        ...span,
      });
    });
    return drafts;
  };
}

/** `public function __construct(private Repo $repo)`: `$repo` is a property of the class. */
function promotedProperty(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const owner = context.container();
  if (!owner) return null;
  const { source } = context;
  let name: Child | undefined;
  let declared: Child | undefined;
  let visibility: string | undefined;
  for (const child of childrenOf(node)) {
    if (child.field === "name") name = child;
    else if (child.field === "type") declared = child;
    else if (child.field === "visibility") visibility = source.slice(child.start, child.end).toLowerCase();
  }
  if (name?.type !== "variable_name") return null;
  const variable = source.slice(name.start + 1, name.end);
  const type = declared ? typeOfDeclaredText(context, source.slice(declared.start, declared.end), node.startIndex) : null;
  if (type) context.memberType?.(variable, type);
  const text = source.slice(node.startIndex, node.endIndex);
  return {
    name: variable,
    kind: "property",
    signature: text.length <= MAX_INLINE_VALUE ? oneLine(text) : oneLine(source.slice(node.startIndex, name.end)),
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

/** The receiver as written, on one capped line; a chain broken over lines reads `$a->b()->c()`. */
function receiverOf(context: RuleContext, receiver: Child): string {
  const text = context.source.slice(receiver.start, Math.min(receiver.end, receiver.start + 4 * MAX_RECEIVER));
  return oneLine(text.includes("\n") ? text.replace(/\s+(?=\??->)/gu, "") : text, MAX_RECEIVER);
}

/** `$a->f()`, `$a?->f()`: a chain split over lines is reported on the line of the name. */
function memberCall(node: SyntaxNode, context: RuleContext): CallDraft | null {
  let object: Child | undefined;
  let name: Child | undefined;
  for (const child of childrenOf(node, false, "name")) {
    if (child.field === "object") object = child;
    else if (child.field === "name") name = child;
  }
  if (!object || name?.type !== "name") return null;
  const { source } = context;
  const draft: CallDraft = { callee: source.slice(name.start, name.end), receiver: receiverOf(context, object), kind: "call" };
  const lines = countNewlines(source.slice(node.startIndex, name.start));
  if (lines > 0) draft.row = node.startPosition.row + lines;
  annotateReceiver(context, draft, object, () => node.childForFieldName("object"));
  return draft;
}

/** `A::f()`, `self::f()`, `parent::f()`, `$class::f()`. */
function scopedCall(node: SyntaxNode, context: RuleContext): CallDraft | null {
  let scope: Child | undefined;
  let name: Child | undefined;
  for (const child of childrenOf(node, false, "name")) {
    if (child.field === "scope") scope = child;
    else if (child.field === "name") name = child;
  }
  if (!scope || name?.type !== "name") return null;
  const draft: CallDraft = { callee: context.source.slice(name.start, name.end), receiver: receiverOf(context, scope), kind: "call" };
  annotateReceiver(context, draft, scope, () => node.childForFieldName("scope"));
  return draft;
}

/** `f()`, `namespace\f()` (bare calls), `\App\f()`, `\f()` (receiver: the namespace, `\` the global one). */
function functionCall(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const callee = childrenOf(node, false, "function").find((child) => child.field === "function");
  if (!callee) return null;
  const text = context.source.slice(callee.start, callee.end);
  if (callee.type === "name") return { callee: text, receiver: null, kind: "call" };
  if (callee.type !== "qualified_name" && callee.type !== "relative_name") return null;
  return { callee: shortName(text), receiver: namespaceReceiver(text), kind: "call" };
}

/**
 * The namespace a qualified name is called through: `\App\f` -> `App`, `\strlen` -> `\`
 * (the global namespace); null for the current one (`namespace\f`): a bare call.
 */
function namespaceReceiver(text: string): string | null {
  const qualifier = qualifierOf(text);
  if (qualifier === null) return null;
  // `\strlen()`, `new \RuntimeException()`: PHP's global namespace, never the file's own.
  if (qualifier === "\\") return "\\";
  const path = namespacePath(qualifier).replace(/^namespace(?:\\|$)/iu, "");
  return path === "" ? null : path;
}

/** `new A()`, `new \App\A()` (receiver `App`), `new \A()` (receiver `\`), `new self`; anonymous classes and `new $class` are left out. */
function objectCreation(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const named = childrenOf(node).find((child) => child.type !== "new" && child.type !== "comment");
  if (!named || !NAME_NODES.has(named.type)) return null;
  const text = context.source.slice(named.start, named.end);
  const callee = named.type === "name" ? constructedClass(context, text, named.start) : shortName(text);
  if (!callee) return null;
  return { callee, receiver: named.type === "name" ? null : namespaceReceiver(text), kind: "new" };
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
    property_declaration: listDeclaration("property"),
    property_promotion_parameter: promotedProperty,
    property_hook: propertyHook,
    const_declaration: listDeclaration("const"),
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
