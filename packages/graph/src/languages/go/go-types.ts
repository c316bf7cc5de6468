import type { ImportEntry } from "../../extraction-types";
import type { CallDraft, LanguageRules, RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { annotatingCalls, bindLocal, localType, openLocalScope } from "../../internal/local-types";
import {
  assertedType,
  declaredType,
  embeddedType,
  firstResult,
  goElementType,
  goTypeName,
  PREDECLARED_TYPES,
  receiverTypeParameters,
  SIMPLE_PATH,
  typeParameterNames,
} from "./go-type-text";

/**
 * Declared types for the call resolver, layered over the Go rules (`withGoTypes`). Go is
 * statically typed, so what the source declares is what a name holds:
 *
 * - `package store` is recorded as the module's member type `<package>`, so files of one
 *   package see each other's types.
 * - Functions and methods open a scope binding the receiver (`s` in `func (s *Store)` is a
 *   `Store`) and the typed parameters and named results; function literals open their own.
 *   `var x T`, `x := expr`, `x, err := f()` bind locals from the declared type or the value:
 *   `&Store{}` / `Store{}` / `new(Store)` is `Store`, `NewStore()` is `NewStore()` (what
 *   calling it yields), `x.Open()` on a typed `x` is `T#Open()`, a field `x.db` is `T#db`,
 *   `v.(*T)` is `T`. In a type switch `switch t := v.(type)`, `t` is the case's one type.
 * - Calls on a typed receiver get its `receiver_type`; a bare call of a local (a function
 *   value), or a call on a local of unknown type, is `local`. Names the file imports as
 *   packages (`fmt`, `http`) are never locals.
 * - Functions and method specs record their first result as `return_type`; package-level
 *   `var`s their declared or initial type as `value_type`.
 * - Struct fields are member types of the struct; embedded fields and embedded interfaces
 *   are its `bases` (promoted methods are found through them), and so is an interface the
 *   file asserts the type implements (`var _ Repository = (*SQLRepository)(nil)`).
 */

interface FileFacts {
  /** Package names the file's imports bind (`fmt`, `st` for `st "example.com/store"`). */
  packages: Set<string>;
  /** Type name -> interfaces the file asserts it implements. */
  asserted: Map<string, string[]>;
  /** Open type switches that bind a name (`switch t := v.(type)`), innermost last. */
  switches: { end: number; alias: string; subject: string | null }[];
  /** Types the file declares: a call of one is a conversion to it. */
  types: Set<string>;
  /** Types the file declares as collections (`type ErrorList []*Error`) -> their element (`Error`). */
  collections: Map<string, string>;
  /** The declared type of the last `const` spec with values, which the specs after it without values repeat. */
  constType: string | null;
}

const files = new WeakMap<RuleContext, FileFacts>();

function factsOf(context: RuleContext): FileFacts {
  let facts = files.get(context);
  if (!facts)
    files.set(context, (facts = { packages: new Set(), asserted: new Map(), types: new Set(), collections: new Map(), switches: [], constType: null }));
  return facts;
}

/** Predeclared functions other than `new`, `make` and `append`: none yields a value with declared members. */
const BUILTIN_FUNCTIONS = new Set([
  "cap",
  "clear",
  "close",
  "complex",
  "copy",
  "delete",
  "imag",
  "len",
  "max",
  "min",
  "panic",
  "print",
  "println",
  "real",
  "recover",
]);

/**
 * What indexing (or ranging over) a value of type `type` yields: `T[]` -> `T`, a field
 * `X#items` -> `X#items[]`, a collection type the file declares (`ErrorList`) -> its element.
 */
function elementOf(type: string | null, context: RuleContext): string | null {
  if (!type) return null;
  const declared = factsOf(context).collections.get(type);
  if (declared) return declared;
  // `T[]` is a declared collection; `X#items[]` is already an element (its element is not followed).
  if (type.endsWith("[]")) return type.includes("#") || type.slice(0, -2).endsWith("[]") ? null : type.slice(0, -2);
  const step = type.lastIndexOf("#");
  return step > 0 && /^[\p{L}_][\p{L}\p{N}_]*$/u.test(type.slice(step + 1)) ? `${type}[]` : null;
}

/** What an expression's type is, as far as the source declares it (see above). */
function valueType(node: SyntaxNode | null | undefined, context: RuleContext, depth = 0): string | null {
  if (!node || depth > 8) return null;
  switch (node.type) {
    case "identifier": {
      const local = localType(context, node.startIndex, node.text);
      if (local !== undefined) return local;
      // A package-level name (`&defaultServeMux`): the resolver follows the value it names.
      return node.text === "_" || factsOf(context).packages.has(node.text) ? null : `=${node.text}`;
    }
    case "parenthesized_expression":
      return valueType(node.firstNamedChild, context, depth + 1);
    case "unary_expression": {
      const operator = node.childForFieldName("operator")?.type;
      return operator === "&" || operator === "*" ? valueType(node.childForFieldName("operand"), context, depth + 1) : null;
    }
    case "composite_literal":
      return declaredType(node.childForFieldName("type"));
    case "type_assertion_expression":
      return declaredType(node.childForFieldName("type"));
    case "selector_expression": {
      const operand = node.childForFieldName("operand");
      const field = node.childForFieldName("field");
      if (!operand || !field) return null;
      const owner = valueType(operand, context, depth + 1);
      if (owner) return `${owner}#${field.text}`;
      // `http.DefaultClient`: a value of an imported package.
      if (operand.type === "identifier" && isPackage(context, operand)) return `=${operand.text}.${field.text}`;
      return null;
    }
    case "call_expression":
      return callResult(node, context, depth);
    case "index_expression":
      return elementOf(valueType(node.childForFieldName("operand"), context, depth + 1), context);
    default:
      return null;
  }
}

function isPackage(context: RuleContext, identifier: SyntaxNode): boolean {
  return factsOf(context).packages.has(identifier.text) && localType(context, identifier.startIndex, identifier.text) === undefined;
}

/** What a call yields: `f()`, `pkg.F()`, `T#M()` on a typed receiver, `T` for `new(T)`. */
function callResult(node: SyntaxNode, context: RuleContext, depth: number): string | null {
  let callee = node.childForFieldName("function");
  if (callee?.type === "index_expression") callee = callee.childForFieldName("operand");
  if (!callee) return null;
  // `(*Checker)(nil)`: a conversion to a pointer type.
  if (callee.type === "parenthesized_expression") return /^\(\s*\*/u.test(callee.text) ? declaredType(callee) : null;
  if (callee.type === "identifier") {
    if (localType(context, callee.startIndex, callee.text) !== undefined) return null;
    // `handler(name)`: a conversion to a type the file declares yields that type.
    if (factsOf(context).types.has(callee.text)) return callee.text;
    // `new(T)` and `make(T, n)` yield a T (`make([]T, n)` a collection of T); `append(xs, …)` what xs is.
    if (callee.text === "new" || callee.text === "make") return declaredType(node.childForFieldName("arguments")?.firstNamedChild);
    if (callee.text === "append") return valueType(node.childForFieldName("arguments")?.firstNamedChild, context, depth + 1);
    return BUILTIN_FUNCTIONS.has(callee.text) ? null : `${callee.text}()`;
  }
  if (callee.type !== "selector_expression") return null;
  const operand = callee.childForFieldName("operand");
  const field = callee.childForFieldName("field");
  if (!operand || !field) return null;
  if (operand.type === "identifier" && isPackage(context, operand)) return `${operand.text}.${field.text}()`;
  const owner = valueType(operand, context, depth + 1);
  return owner ? `${owner}#${field.text}()` : null;
}

/** Binds each named parameter of a list; returns nothing. */
function bindParameters(list: SyntaxNode | null, context: RuleContext, typeParameters: ReadonlySet<string>): void {
  for (const parameter of list?.namedChildren ?? []) {
    if (parameter.type !== "parameter_declaration" && parameter.type !== "variadic_parameter_declaration") continue;
    // A variadic `xs ...T` is a slice of T.
    let type = declaredType(parameter.childForFieldName("type"), typeParameters);
    if (parameter.type === "variadic_parameter_declaration") type = type !== null && !type.endsWith("[]") ? `${type}[]` : null;
    for (const name of parameter.childrenForFieldName("name")) bindLocal(context, parameter.startIndex, name.text, type);
  }
}

/** Functions and methods: a scope with the receiver, parameters and named results; the first result as `return_type`. */
function functionScope(node: SyntaxNode, draft: SymbolDraft, context: RuleContext): void {
  openLocalScope(context, node.startIndex, node.endIndex);
  const receiver = node.type === "method_declaration" ? node.childForFieldName("receiver") : null;
  const typeParameters = receiver ? receiverTypeParameters(receiver) : typeParameterNames(node.childForFieldName("type_parameters"));
  if (receiver) {
    const parameter = receiver.namedChildren.find((child) => child.type === "parameter_declaration");
    const name = parameter?.childForFieldName("name");
    if (name && draft.parent) bindLocal(context, parameter!.startIndex, name.text, draft.parent);
  }
  bindParameters(node.childForFieldName("parameters"), context, typeParameters);
  const result = node.childForFieldName("result");
  if (result?.type === "parameter_list") bindParameters(result, context, typeParameters);
  const returns = firstResult(result, typeParameters);
  if (returns) draft.return_type = returns;
}

function functionLiteral(node: SyntaxNode, context: RuleContext): null {
  openLocalScope(context, node.startIndex, node.endIndex);
  bindParameters(node.childForFieldName("parameters"), context, new Set());
  const result = node.childForFieldName("result");
  if (result?.type === "parameter_list") bindParameters(result, context, new Set());
  return null;
}

/**
 * `x := v`, `a, err := f()`, `if v, ok := x.(T); ok`: each name bound to its value's type
 * where each has a value; one value for several names gives the first its type (a call's
 * first result, an assertion's type) and leaves the others unknown.
 */
function shortVarDeclaration(node: SyntaxNode, context: RuleContext): null {
  const left = node.childForFieldName("left")?.namedChildren ?? [];
  const right = node.childForFieldName("right")?.namedChildren ?? [];
  left.forEach((name, index) => {
    if (name.type !== "identifier" || name.text === "_") return;
    const value = right.length === left.length ? right[index] : index === 0 && right.length === 1 ? right[0] : null;
    bindLocal(context, node.startIndex, name.text, valueType(value, context));
  });
  return null;
}

/**
 * `for k, v := range xs`: `v` is an element of `xs` (of a slice, array or map), `k` an index
 * or key whose type is not followed; `case v := <-ch`: its type is not followed either.
 */
function rangeNames(element: boolean) {
  return (node: SyntaxNode, context: RuleContext): null => {
    const left = node.childForFieldName("left");
    if (!left || !node.children.some((child) => child.type === ":=")) return null;
    const names = left.namedChildren;
    const value = element && names.length === 2 ? elementOf(valueType(node.childForFieldName("right"), context), context) : null;
    names.forEach((name, index) => {
      if (name.type === "identifier") bindLocal(context, node.startIndex, name.text, index === 1 ? value : null);
    });
    return null;
  };
}

/** `switch t := v.(type)`: `t` is bound per case (see `typeCase`), unknown outside one. */
function typeSwitch(node: SyntaxNode, context: RuleContext): null {
  openLocalScope(context, node.startIndex, node.endIndex);
  const alias = node.childForFieldName("alias")?.firstNamedChild;
  if (alias?.type !== "identifier") return null;
  // In `default` and in a case of several types, `t` has the type of `v` itself.
  const subject = valueType(node.childForFieldName("value"), context);
  bindLocal(context, node.startIndex, alias.text, null);
  const facts = factsOf(context);
  while (facts.switches.length > 0 && facts.switches.at(-1)!.end <= node.startIndex) facts.switches.pop();
  facts.switches.push({ end: node.endIndex, alias: alias.text, subject });
  return null;
}

/**
 * Blocks, `if`/`for`/`switch`/`select` statements (their initializers) and case clauses are
 * scopes: `if s := f(); s > 0 { … }` or `v := g()` in a block shadows an outer `s`/`v` only
 * there.
 */
function blockScope(node: SyntaxNode, context: RuleContext): null {
  openLocalScope(context, node.startIndex, node.endIndex);
  return null;
}

/** A case of one type gives the switch's name that type; `default` or a case of several, the switched value's. */
function typeCase(node: SyntaxNode, context: RuleContext): null {
  openLocalScope(context, node.startIndex, node.endIndex);
  const facts = factsOf(context);
  while (facts.switches.length > 0 && facts.switches.at(-1)!.end <= node.startIndex) facts.switches.pop();
  const open = facts.switches.at(-1);
  // A `default` of an expression switch nested in the type switch is not one of its cases.
  if (!open || (node.type === "default_case" && context.parentType() !== "type_switch_statement")) return null;
  const types = node.type === "type_case" ? node.childrenForFieldName("type") : [];
  const type = types.length === 1 ? (types[0]!.type === "nil" ? null : declaredType(types[0])) : open.subject;
  bindLocal(context, node.startIndex, open.alias, type);
  return null;
}

/** Local `var x T = v` / `const c = v`: bound like `:=`; package-level ones are symbols with a `value_type`. */
function valueSpecTypes(node: SyntaxNode, drafts: SymbolDraft[] | null, context: RuleContext): void {
  const values = node.childrenForFieldName("value")[0]?.namedChildren ?? [];
  let type = declaredType(node.childForFieldName("type"));
  if (node.type === "const_spec") {
    // `const ( A Role = iota; B; C )`: a spec without values repeats the one before it, type included.
    const facts = factsOf(context);
    if (values.length === 0) type = facts.constType;
    else facts.constType = type;
  }
  const names = node.childrenForFieldName("name").filter((name) => name.type === "identifier");
  if (drafts) {
    for (const draft of drafts) {
      const index = names.findIndex((name) => name.text === draft.name);
      const value = type ?? (values.length === names.length && index >= 0 ? valueType(values[index], context) : null);
      if (value) draft.value_type = value;
    }
    return;
  }
  names.forEach((name, index) => {
    if (name.text === "_") return;
    const value = type ?? (values.length === names.length ? valueType(values[index], context) : null);
    bindLocal(context, node.startIndex, name.text, value);
  });
}

/** A struct's fields as member types and its embedded types as bases; an interface's embedded interfaces. */
function typeMembers(node: SyntaxNode, draft: SymbolDraft, context: RuleContext): void {
  const bases: string[] = [];
  const type = node.childForFieldName("type");
  const typeParameters = typeParameterNames(node.childForFieldName("type_parameters"));
  if (draft.kind === "struct" && type) {
    const list = type.namedChildren.find((child) => child.type === "field_declaration_list");
    for (const field of list?.namedChildren ?? []) {
      if (field.type !== "field_declaration") continue;
      const names = field.childrenForFieldName("name");
      if (names.length === 0) {
        const embedded = embeddedType(field);
        if (!embedded) continue;
        bases.push(embedded);
        // An embedded field is named after its type: `s.Base.M()`.
        context.memberType?.(embedded.slice(embedded.lastIndexOf(".") + 1), embedded, draft.name);
        continue;
      }
      const fieldType = declaredType(field.childForFieldName("type"), typeParameters);
      if (fieldType) for (const name of names) context.memberType?.(name.text, fieldType, draft.name);
    }
  } else if (draft.kind === "interface" && type) {
    for (const element of type.namedChildren) {
      if (element.type !== "type_elem") continue;
      const embedded = embeddedType(element);
      if (embedded) bases.push(embedded);
    }
  }
  for (const asserted of factsOf(context).asserted.get(draft.name) ?? []) if (!bases.includes(asserted)) bases.push(asserted);
  if (bases.length > 0) draft.bases = bases;
}

/**
 * Whole-file facts read from the root before any declaration is visited: the types the file
 * declares (and which of them are collections), and `var _ Repository = (*SQLRepository)(nil)` (or
 * `&SQLRepository{}`, `SQLRepository{}`, `new(SQLRepository)`): the file asserts the type
 * implements the interface, so the type's `bases` list it.
 */
function fileFacts(root: SyntaxNode, context: RuleContext): null {
  const { asserted, collections, types } = factsOf(context);
  for (const declaration of root.namedChildren) {
    if (declaration.type === "type_declaration") {
      // `type ErrorList []*Error`: indexing or ranging over one yields an Error.
      for (const spec of declaration.namedChildren) {
        if (spec.type !== "type_spec" && spec.type !== "type_alias") continue;
        const name = spec.childForFieldName("name");
        if (name) types.add(name.text);
        const type = spec.childForFieldName("type");
        const element = type && /^(?:\[|map\[|chan\b|<-)/u.test(type.text) ? goElementType(type.text) : null;
        if (name && element) collections.set(name.text, element.slice(0, -2));
      }
      continue;
    }
    if (declaration.type !== "var_declaration" || !/^var\s*[(_]/u.test(context.source.slice(declaration.startIndex, declaration.startIndex + 8))) continue;
    const specs = declaration.namedChildren.flatMap((child) => (child.type === "var_spec_list" ? child.namedChildren : [child]));
    for (const spec of specs) {
      if (spec.type !== "var_spec") continue;
      const names = spec.childrenForFieldName("name");
      const values = spec.childrenForFieldName("value")[0]?.namedChildren ?? [];
      const iface = declaredType(spec.childForFieldName("type"));
      if (!iface || names.length !== 1 || names[0]!.text !== "_" || values.length !== 1) continue;
      const implementer = assertedType(values[0]!);
      if (!implementer || implementer === iface) continue;
      const list = asserted.get(implementer);
      if (list) list.push(iface);
      else asserted.set(implementer, [iface]);
    }
  }
  return null;
}

/** `package store`: recorded for the resolver's package lookups (see above). */
function packageClause(node: SyntaxNode, context: RuleContext): null {
  const name = node.namedChildren.find((child) => child.type === "package_identifier");
  if (name) context.memberType?.("<package>", name.text, "");
  return null;
}

/** A receiver's type from its text when it is a plain path (`s`, `s.db.conn`): the head's type, then field steps. */
function receiverPathType(receiver: string, offset: number, context: RuleContext): string | null | undefined {
  const segments = receiver.split(".");
  const type = localType(context, offset, segments[0]!);
  if (!type) return type;
  return [type, ...segments.slice(1)].join("#");
}

function annotateCallDraft(draft: CallDraft, node: SyntaxNode, context: RuleContext): void {
  if (draft.kind !== "call") return;
  if (draft.receiver === null) {
    if (localType(context, node.startIndex, draft.callee) !== undefined) draft.local = true;
    return;
  }
  if (SIMPLE_PATH.test(draft.receiver)) {
    const type = receiverPathType(draft.receiver, node.startIndex, context);
    if (type) draft.receiver_type = type;
    else if (type === null) draft.local = true;
    return;
  }
  // `NewStore().Get()`, `v.(*Store).Get()`, `(&Store{}).Get()`: the operand's type.
  let callee = node.childForFieldName("function");
  if (callee?.type === "index_expression") callee = callee.childForFieldName("operand");
  if (callee?.type !== "selector_expression") return;
  const type = valueType(callee.childForFieldName("operand"), context);
  if (type) draft.receiver_type = type;
}

type DefinitionRule = LanguageRules["definitions"][string];

function annotateDefinition(rule: DefinitionRule, type: string): DefinitionRule {
  return (node, context) => {
    const drafts = rule(node, context);
    if (type === "const_spec" || type === "var_spec") {
      valueSpecTypes(node, Array.isArray(drafts) ? drafts : drafts ? [drafts] : null, context);
      return drafts;
    }
    if (!drafts || Array.isArray(drafts)) return drafts;
    if (type === "function_declaration" || type === "method_declaration") functionScope(node, drafts, context);
    else if (type === "type_spec") typeMembers(node, drafts, context);
    else if (type === "type_alias") {
      // `type Alias = Store` has Store's methods.
      const target = goTypeName(node.childForFieldName("type")?.text ?? "");
      if (target && !PREDECLARED_TYPES.has(target)) drafts.bases = [target];
    } else if (type === "method_elem") {
      const returns = firstResult(node.childForFieldName("result"), new Set());
      if (returns) drafts.return_type = returns;
    }
    return drafts;
  };
}

/** Records the package names the file's imports bind, for telling `pkg.F()` from `x.M()`. */
function recordingImports(rule: LanguageRules["imports"][string]): LanguageRules["imports"][string] {
  return (node, context) => {
    const found = rule(node, context);
    const packages = factsOf(context).packages;
    for (const entry of found ?? ([] as ImportEntry[])) for (const name of entry.names) if (name.alias) packages.add(name.alias);
    return found;
  };
}

/** The Go rules with declared-type facts added (see above). */
export function withGoTypes(rules: LanguageRules): LanguageRules {
  const definitions: Record<string, DefinitionRule> = {};
  for (const [type, rule] of Object.entries(rules.definitions)) definitions[type] = annotateDefinition(rule, type);
  definitions["source_file"] = fileFacts;
  definitions["func_literal"] = functionLiteral;
  definitions["short_var_declaration"] = shortVarDeclaration;
  definitions["range_clause"] = rangeNames(true);
  definitions["receive_statement"] = rangeNames(false);
  definitions["type_switch_statement"] = typeSwitch;
  for (const type of ["block", "if_statement", "for_statement", "expression_switch_statement", "select_statement", "expression_case", "communication_case"]) {
    definitions[type] = blockScope;
  }
  definitions["type_case"] = typeCase;
  definitions["default_case"] = typeCase;
  const calls: Record<string, LanguageRules["calls"][string]> = {};
  for (const [type, rule] of Object.entries(rules.calls)) calls[type] = annotatingCalls(rule, annotateCallDraft);
  const imports: Record<string, LanguageRules["imports"][string]> = {};
  for (const [type, rule] of Object.entries(rules.imports)) imports[type] = recordingImports(rule);
  imports["package_clause"] = packageClause;
  const skip = new Set(rules.skip);
  skip.delete("package_clause");
  return { ...rules, skip, definitions, calls, imports };
}
