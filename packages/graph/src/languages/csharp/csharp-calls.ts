import type { ImportEntry } from "../../extraction-types";
import type { CallDraft, RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { oneLine } from "../../signature";
import { enclosingType } from "./csharp-state";
import { identifierName, typePath } from "./csharp-type-text";

/**
 * C# call sites and `using` directives.
 *
 * Calls: `f()`, `F<T>()`, `a.b.C()` (receiver `a.b`), `a?.B()` and `a?.b.C()` (the `?` is
 * dropped: `a.b`), `this.F()`, `base.F()`; `new Store()` / `new App.Store<T>()` are `new`
 * calls of `Store` (receiver `App`); a target-typed `new()` takes the declared type of
 * the variable, field or property it initializes; a constructor's `: base(…)` and
 * `: this(…)` are `new` calls of the base class and of its own type. `nameof(x)` is an
 * operator, not a call. A receiver is cut from the source up to the member name.
 *
 * Imports: `using A.B;` imports the namespace (name `*`), `using static A.B.C;` the static
 * members of `C` (name `*`), `using R = A.B.C;` binds `C` as `R`; `global using` is the same.
 */

const MAX_RECEIVER = 80;
const NOT_CALLS = new Set(["nameof"]);

/** `Store` of `Store` and `Store<T>`; null for other nodes. */
export function simpleName(node: SyntaxNode | null | undefined): string | null {
  if (!node) return null;
  if (node.type === "identifier") return identifierName(node.text);
  if (node.type === "generic_name") {
    const identifier = node.firstNamedChild;
    return identifier?.type === "identifier" ? identifierName(identifier.text) : null;
  }
  return null;
}

/**
 * The member name a call's function expression ends in, and the node whose text is its
 * receiver (null when the receiver has no node of its own: `a?.b.C()`).
 */
export function memberOf(fn: SyntaxNode): { member: SyntaxNode; target: SyntaxNode | null } | null {
  if (fn.type === "member_access_expression") {
    const member = fn.childForFieldName("name");
    const target = fn.childForFieldName("expression");
    return member && target ? { member, target } : null;
  }
  if (fn.type !== "conditional_access_expression") return null;
  const access = fn.namedChild(fn.namedChildCount - 1);
  if (access?.type === "member_binding_expression") {
    const member = access.childForFieldName("name");
    return member ? { member, target: fn.childForFieldName("condition") } : null;
  }
  if (access?.type === "member_access_expression") {
    const member = access.childForFieldName("name");
    return member ? { member, target: null } : null;
  }
  return null;
}

/** The receiver node of each call draft read here, so the types layer need not find it again. */
const receiverNodes = new WeakMap<CallDraft, SyntaxNode>();

/** The node a call's receiver text was cut from (`a` of `a.F()`), when it has one. */
export function receiverNodeOf(draft: CallDraft): SyntaxNode | null {
  return receiverNodes.get(draft) ?? null;
}

function invocation(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const fn = node.childForFieldName("function");
  if (!fn) return null;
  const bare = simpleName(fn);
  if (bare !== null) return NOT_CALLS.has(bare) ? null : { callee: bare, receiver: null, kind: "call" };
  const access = memberOf(fn);
  const callee = simpleName(access?.member);
  if (!access || callee === null) return null;
  const text = context.source.slice(fn.startIndex, access.member.startIndex);
  // `a?.b` and `a!.b` are `a.b`; a chain written one call per line reads as one line.
  const path = text.replace(/[\s?!]*\.\s*$/u, "").replace(/\s*[?!]?\.\s*/gu, ".");
  const receiver = oneLine(path, MAX_RECEIVER);
  if (!receiver) return null;
  const draft: CallDraft = {
    callee,
    receiver,
    kind: "call",
    // A chain split over lines is reported on the line of the name.
    ...(text.includes("\n") ? { row: access.member.startPosition.row } : {}),
  };
  if (access.target) receiverNodes.set(draft, access.target);
  return draft;
}

/** `Store`, `Store<T>`, `App.Store`: the constructed name and the path before it. */
function constructed(type: SyntaxNode | null | undefined): CallDraft | null {
  if (!type) return null;
  const name = simpleName(type);
  if (name !== null) return { callee: name, receiver: null, kind: "new" };
  if (type.type !== "qualified_name") return null;
  const last = simpleName(type.childForFieldName("name"));
  const qualifier = type.childForFieldName("qualifier");
  const path = qualifier ? typePath(qualifier.text) : null;
  return last !== null && path !== null ? { callee: last, receiver: path, kind: "new" } : null;
}

function objectCreation(node: SyntaxNode): CallDraft | null {
  return constructed(node.childForFieldName("type"));
}

/** `Store s = new();`, `Store _s = new(…);`, `Store S { get; } = new();`: the declared type. */
function targetTypedCreation(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const parent = context.parentType();
  let declared: SyntaxNode | null | undefined = null;
  if (parent === "variable_declarator" && context.ancestorType(1) === "variable_declaration") declared = node.parent?.parent?.childForFieldName("type");
  else if (parent === "property_declaration") declared = node.parent?.childForFieldName("type");
  return constructed(declared);
}

/** `: base(x)` calls the base class's constructor, `: this(x)` another of the type's own. */
function constructorInitializer(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const owner = context.container();
  const keyword = node.children.find((child) => child.type === "base" || child.type === "this");
  if (!owner || !keyword) return null;
  if (keyword.type === "this") return { callee: owner.name, receiver: null, kind: "new" };
  const base = enclosingType(context)?.bases[0];
  // An interface first in the list means no base class: `base(…)` is `object`'s constructor.
  if (!base || /^I[A-Z]/u.test(base.slice(base.lastIndexOf(".") + 1))) return null;
  const dot = base.lastIndexOf(".");
  return { callee: base.slice(dot + 1), receiver: dot < 0 ? null : base.slice(0, dot), kind: "new" };
}

function usingDirective(node: SyntaxNode): ImportEntry[] | null {
  const alias = node.childForFieldName("name");
  const named = node.namedChildren;
  const target = named[named.length - 1];
  if (!target || target === alias || (alias && target.startIndex === alias.startIndex)) return null;
  const module = typePath(target.text);
  if (!module) return null;
  const line = node.startPosition.row + 1;
  if (!alias) return [{ module, names: [{ name: "*", alias: null }], line, kind: "import" }];
  const name = module.slice(module.lastIndexOf(".") + 1);
  const local = identifierName(alias.text);
  return [{ module, names: [{ name, alias: local !== name ? local : null }], line, kind: "import" }];
}

export const CSHARP_CALLS: Readonly<Record<string, (node: SyntaxNode, context: RuleContext) => CallDraft | CallDraft[] | null>> = {
  invocation_expression: invocation,
  object_creation_expression: objectCreation,
  implicit_object_creation_expression: targetTypedCreation,
  constructor_initializer: constructorInitializer,
};

export const CSHARP_IMPORTS: Readonly<Record<string, (node: SyntaxNode, context: RuleContext) => ImportEntry[] | null>> = {
  using_directive: usingDirective,
};
