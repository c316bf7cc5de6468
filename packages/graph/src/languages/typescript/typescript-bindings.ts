import type { SymbolKind } from "../../extraction-types";
import type { RuleContext, SymbolDraft } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { recordModuleBinding } from "./typescript-imports";
import { bodyStart, head, propertyKeyName, rowAt, slice } from "./typescript-source-text";
import { BINDABLE, FUNCTION_VALUES, hasFunctionMembers, mayHoldFunctions, prepare, prepareObject, unwrapValue } from "./typescript-values";
import { inCallable, recoveredVisibility, scopeOf, visibilityOf } from "./typescript-visibility";
import { ANONYMOUS, stateOf, type Wrapper } from "./typescript-walk-state";

/**
 * Bindings of TypeScript/JavaScript values: `const`/`let`/`var` declarators, object literal
 * members and CommonJS/prototype assignments name the functions, classes and objects they
 * hold; function, arrow and class expressions emit what their binding prepared.
 */

/** A value that loads a module (`require(…)`, `import(…)`, awaited or not): an import, not a binding of ours. */
const MODULE_LOAD_START = /^(?:await\s+)?(?:require|import)\s*\(/u;

/** The dotted target of an assignment (`a.b.c =`), read from the text before its right-hand side. */
const ASSIGNMENT_TARGET = /^([\p{L}_$][\w$]*(?:\s*\.\s*[\p{L}_$][\w$]*)+)\s*=\s*$/u;

/** Function, arrow and class expressions: the draft their binding prepared, or their own name. */
export function onValue(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  if (!node.isNamed) return null; // the `class` keyword shares the type name of class expressions
  const state = stateOf(context);
  const prepared = state.pending.get(node.startIndex);
  if (prepared) {
    state.pending.delete(node.startIndex);
    return prepared;
  }
  if (node.type === "arrow_function") return null;
  // A named function or class expression used in place (`items.forEach(function each() {})`).
  const name = node.childForFieldName("name");
  if (!name) return null;
  const isClass = node.type === "class";
  return {
    name: name.text,
    kind: isClass ? "class" : "function",
    signature: head(slice(context, node.startIndex, bodyStart(node))),
    visibility: context.parentType() === "ERROR" ? recoveredVisibility(context, node, name.text) : null,
    callable: !isClass,
    container: isClass,
  };
}

/**
 * Object literals: members holding functions get their symbols prepared (named by their key,
 * reaching as far as the object's binding); a prepared container draft is emitted.
 */
export function onObject(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  if (!node.isNamed) return null; // the `object` type keyword
  const state = stateOf(context);
  const reach = state.objects.get(node.startIndex) ?? ANONYMOUS;
  const own = state.pending.get(node.startIndex);
  if (own) state.pending.delete(node.startIndex);
  // Most object literals are data: without "(", "=>" or "class" in their text nothing in them is a function.
  if (!mayHoldFunctions(context.source, node.startIndex, node.endIndex)) return own ?? null;
  for (const member of node.namedChildren) {
    if (member.type === "method_definition") {
      if (reach !== ANONYMOUS) state.members.set(member.startIndex, reach);
      continue;
    }
    if (member.type !== "pair") continue;
    const raw = member.childForFieldName("value");
    if (!raw || !BINDABLE.has(raw.type)) continue;
    const value = unwrapValue(raw, context);
    if (!value) continue;
    const isFunction = FUNCTION_VALUES.has(value.type) || value.type === "class";
    if (!isFunction && value.type !== "object") continue;
    const name = propertyKeyName(member.childForFieldName("key"));
    if (!name) continue;
    if (isFunction) {
      const draft = {
        name,
        kind: (value.type === "class" ? "class" : reach.commonJs ? "function" : "method") as SymbolKind,
        signature: head(slice(context, member.startIndex, bodyStart(value))),
        visibility: reach.visibility,
        spanNode: member,
      };
      prepare(context, value, reach.commonJs ? { ...draft, parent: null } : draft);
    } else if (hasFunctionMembers(value, context)) {
      const signature = head(slice(context, member.startIndex, value.startIndex)).replace(/\s*:$/u, "");
      prepareObject(
        context,
        value,
        { name, kind: "property", signature, visibility: reach.visibility, spanNode: member },
        { visibility: reach.visibility, commonJs: false },
      );
    }
  }
  return own ?? null;
}

interface DeclarationHead {
  /** Offset of the statement's start, including `export`/`declare`. */
  start: number;
  row: number | null;
  /** Prefix text (`export const `) when this is not the first declarator. */
  prefix: string | null;
  keyword: string;
  wrapper: Wrapper | undefined;
}

/**
 * The declaration a declarator belongs to, found by reading the keyword before it in the
 * source (the first declarator, nearly always) instead of climbing to the parent node.
 */
function declarationHead(node: SyntaxNode, context: RuleContext): DeclarationHead | null {
  const source = context.source;
  let end = node.startIndex - 1;
  while (end >= 0 && /\s/u.test(source[end]!)) end--;
  let begin = end;
  while (begin >= 0 && /[\w$]/u.test(source[begin]!)) begin--;
  const keyword = source.slice(begin + 1, end + 1);
  const state = stateOf(context);
  if (keyword === "const" || keyword === "let" || keyword === "var") {
    const wrapper = state.wrappers.get(begin + 1);
    const start = wrapper ? wrapper.start : begin + 1;
    return { start, row: start === node.startIndex ? null : rowAt(context, start, node.startIndex, node.startPosition.row), prefix: null, keyword, wrapper };
  }
  // A later declarator (`let a = 1, b = …`): rare, so the parent lookup is affordable.
  const declaration = node.parent;
  if (!declaration || (declaration.type !== "lexical_declaration" && declaration.type !== "variable_declaration")) return null;
  const first = declaration.firstNamedChild;
  const wrapper = state.wrappers.get(declaration.startIndex);
  const start = wrapper ? wrapper.start : declaration.startIndex;
  return {
    start,
    row: null,
    prefix: first ? slice(context, start, first.startIndex) : "",
    keyword: declaration.firstChild?.type ?? "const",
    wrapper,
  };
}

/**
 * `const`/`let`/`var`: functions and classes get their symbol prepared; an object literal
 * holding functions is a container; other module-level bindings are `const`/`variable`.
 */
export function onDeclarator(node: SyntaxNode, context: RuleContext): SymbolDraft | null {
  const value = node.childForFieldName("value");
  const valueType = value?.type;
  const local = inCallable(context);
  if (value && (valueType === "call_expression" || valueType === "await_expression" || valueType === "member_expression")) {
    if (MODULE_LOAD_START.test(slice(context, value.startIndex, value.startIndex + 16))) {
      const binding = node.childForFieldName("name");
      if (binding) recordModuleBinding(binding, value, context);
      return null;
    }
  }
  // Inside a named callable only functions, classes and method objects matter: decide cheaply.
  if (local && !(valueType && BINDABLE.has(valueType))) return null;
  const unwrapped = value && BINDABLE.has(value.type) ? unwrapValue(value, context) : value;
  const isFunction = !!unwrapped && (FUNCTION_VALUES.has(unwrapped.type) || unwrapped.type === "class");
  const container = !isFunction && unwrapped?.type === "object" && hasFunctionMembers(unwrapped, context);
  if (local && !isFunction && !container) return null;
  const name = node.childForFieldName("name");
  if (!name || name.type !== "identifier") return null;
  const declared = declarationHead(node, context);
  if (!declared) return null;
  const scope = local ? "local" : scopeOf(context, 1);
  if (!isFunction && !container && scope === "local") return null;
  const visibility = visibilityOf(context, name.text, declared.wrapper, scope);
  const signatureOf = (end: number) => head((declared.prefix ?? slice(context, declared.start, node.startIndex)) + slice(context, node.startIndex, end));
  const startRow = declared.row ?? node.startPosition.row;
  if (isFunction) {
    prepare(context, unwrapped, {
      name: name.text,
      kind: unwrapped.type === "class" ? "class" : "function",
      signature: callSignatureHead(node, context, signatureOf) ?? signatureOf(bodyStart(unwrapped)),
      visibility,
      spanNode: node,
      startRow,
    });
    return null;
  }
  if (container) stateOf(context).objects.set(unwrapped.startIndex, { visibility, commonJs: false });
  // The value belongs in the signature when it is short (`const LIMIT = 50`), not when it is a body.
  const short = value && !container && value.endIndex - value.startIndex <= 60 && !slice(context, value.startIndex, value.endIndex).includes("\n");
  return {
    name: name.text,
    kind: declared.keyword === "const" ? "const" : "variable",
    signature: callSignatureHead(node, context, signatureOf) ?? signatureOf(value && !short ? value.startIndex : node.endIndex),
    visibility,
    spanNode: node,
    startRow,
    callable: false,
    container,
  };
}

/**
 * `const retry: { <A>(self: X): Y; <A>(policy: P): (self: X) => Y }` — a value typed by
 * an object type that is only call signatures (how dual APIs declare their overloads):
 * its signature is the first call signature and the count of the others, not the type body.
 */
function callSignatureHead(declarator: SyntaxNode, context: RuleContext, signatureOf: (end: number) => string): string | null {
  const annotation = declarator.childForFieldName("type");
  const type = annotation?.namedChildren.find((child) => child.type !== "comment");
  if (!type || type.type !== "object_type") return null;
  const members = type.namedChildren.filter((child) => child.type !== "comment");
  if (members.length === 0 || members.some((member) => member.type !== "call_signature")) return null;
  const first = head(signatureOf(annotation!.startIndex).replace(/\s*:?\s*$/u, "") + ": " + slice(context, members[0]!.startIndex, members[0]!.endIndex));
  return members.length > 1 ? `${first} (+${members.length - 1} overload${members.length === 2 ? "" : "s"})` : first;
}

/** CommonJS and prototype assignments: `exports.f = …`, `module.exports = …`, `A.prototype.m = …`, `A.m = …`, `this.m = …`. */
export function onAssignment(node: SyntaxNode, context: RuleContext): null {
  const right = node.childForFieldName("right");
  if (!right || !BINDABLE.has(right.type)) return null;
  // The target read from the text (`a.b.c =`) instead of three node lookups; anything but a
  // dotted name (`a[b] =`, destructuring) is not a binding we name.
  const target = ASSIGNMENT_TARGET.exec(slice(context, node.startIndex, right.startIndex));
  if (!target) return null;
  const path = target[1]!.split(/\s*\.\s*/u);
  const value = unwrapValue(right, context);
  if (!value) return null;
  const joined = path.join(".");
  if (value.type === "object") {
    if (joined === "module.exports") prepareObject(context, value, null, { visibility: "public", commonJs: true });
    return null;
  }
  if (!FUNCTION_VALUES.has(value.type) && value.type !== "class") return null;
  const isClass = value.type === "class";
  const base = {
    visibility: "public" as const,
    signature: head(slice(context, node.startIndex, bodyStart(value))),
    spanNode: node,
  };
  const functionKind: SymbolKind = isClass ? "class" : "function";
  const methodKind: SymbolKind = isClass ? "class" : "method";
  const name = path[path.length - 1]!;
  if (joined === "module.exports") {
    prepare(context, value, { ...base, name: value.childForFieldName("name")?.text ?? "default", kind: functionKind, parent: null });
  } else if ((path.length === 2 && path[0] === "exports") || (path.length === 3 && path[0] === "module" && path[1] === "exports")) {
    prepare(context, value, { ...base, name, kind: functionKind, parent: null });
  } else if (path.length === 3 && path[1] === "prototype" && path[0] !== "this") {
    prepare(context, value, { ...base, name, kind: methodKind, parent: path[0]! });
  } else if (path.length === 2 && path[0] === "this") {
    // In a class method `this` is the instance of the class; in a plain function it is the
    // instance of that constructor function, which the walker already gives as the parent.
    const enclosing = context.enclosing();
    const container = context.container();
    if (enclosing && (enclosing.kind === "constructor" || enclosing.kind === "method") && container?.kind === "class") {
      prepare(context, value, { ...base, name, kind: methodKind, parent: container.qualified_name });
    } else if (enclosing?.kind === "function") prepare(context, value, { ...base, name, kind: methodKind });
  } else if (path.length === 2) {
    prepare(context, value, { ...base, name, kind: methodKind, parent: path[0]! });
  }
  return null;
}
