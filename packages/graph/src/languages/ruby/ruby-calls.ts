import type { CallDraft, RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { resolveAlias } from "./ruby-aliases";
import { DECLARATION_CALLS } from "./ruby-bodies";
import { constructedClass, methodAt } from "./ruby-methods";
import { declareLocal, localType } from "./ruby-scopes";
import { callParts, constantPath, receiverText, textOf, type ConstantPath } from "./ruby-text";
import { valueType } from "./ruby-types";

/**
 * Ruby call sites. A call is `f(x)`, `f x`, `r.f`, `r&.f`, `A::B.f`, and a bare name that is
 * no local variable (`name` alone calls `self.name`, see ruby-scopes.ts). `X.new` (and a
 * bare `new` in a singleton method) is a constructor call of the class (kind `new`, callee
 * the class name, receiver its namespace); `super` calls the method of the same name in the
 * ancestors (receiver `super`). `require`/`load`/`autoload` are imports, and the body
 * statements tsift reads as declarations (`attr_reader`, `include`, `private`…) are no call
 * sites. Receivers get the type their value declares (ruby-types.ts).
 */

const IMPORT_CALLS = new Set(["require", "require_relative", "load", "autoload", "require_dependency"]);

/**
 * `Foo.new`, `A::B.new`, `::Foo.new`: construct the class the path names (through an alias
 * constant of the file); the namespace is the receiver, typed as the constant it is.
 */
function construct(written: ConstantPath, context: RuleContext): CallDraft {
  const path = resolveAlias(context, written);
  const outer = path.segments.slice(0, -1);
  const draft: CallDraft = { callee: path.segments[path.segments.length - 1]!, receiver: outer.length > 0 ? outer.join("::") : null, kind: "new" };
  if (outer.length > 0) draft.receiver_type = outer.join("::");
  return draft;
}

/** A bare `new` / `self.new` in a singleton method: the class it belongs to. */
function constructOwn(context: RuleContext, offset: number): CallDraft | null {
  const owner = constructedClass(context, offset);
  return owner === null ? null : { callee: owner.slice(owner.lastIndexOf(".") + 1), receiver: null, kind: "new" };
}

/** A statement tsift reads as a declaration, outside any method body. */
function isDeclaration(name: string, context: RuleContext, offset: number): boolean {
  return DECLARATION_CALLS.has(name) && methodAt(context, offset) === null;
}

/** What the receiver is: an untyped local, or a value whose type its expression declares (a typed local, a member, a constant). */
function annotateReceiver(draft: CallDraft, receiver: SyntaxNode, context: RuleContext): void {
  if (receiver.type === "self") return;
  // An untyped local names no class or module: nothing the resolver may look up by its name.
  if (receiver.type === "identifier" && localType(context, receiver.startIndex, receiver.text) === null) {
    draft.local = true;
    return;
  }
  const type = valueType(receiver, context, context.container() !== null);
  if (type) draft.receiver_type = type;
}

export function callSite(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const { name, methodType, methodRow, receiver } = callParts(node, context.source);
  // `super(…)` is read by the `super` rule; `f.()` names no method.
  if (name === null || methodType === "super") return null;
  let draft: CallDraft | null;
  if (!receiver) {
    if (IMPORT_CALLS.has(name) || isDeclaration(name, context, node.startIndex)) return null;
    draft = name === "new" ? constructOwn(context, node.startIndex) : { callee: name, receiver: null, kind: "call" };
  } else if (name === "new" && (receiver.type === "constant" || receiver.type === "scope_resolution")) {
    const path = constantPath(receiver);
    draft = path ? construct(path, context) : null;
  } else if (name === "new" && receiver.type === "self" && constructedClass(context, node.startIndex) !== null) {
    draft = constructOwn(context, node.startIndex);
  } else {
    draft = { callee: name, receiver: receiverText(context.source, receiver), kind: "call" };
    annotateReceiver(draft, receiver, context);
  }
  // A chain broken over lines is reported on the line of its method name.
  if (draft && methodRow !== node.startPosition.row) draft.row = methodRow;
  return draft;
}

/** `super` / `super(…)`: the method of the same name in the ancestors of the class. */
export function superCall(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const frame = methodAt(context, node.startIndex);
  if (!frame || frame.owner === null) return null;
  return { callee: frame.name, receiver: "super", kind: "call" };
}

/** Parents whose identifier children are names being bound (parameters, assignment targets, patterns). */
const BINDING_PARENTS = new Set([
  "method_parameters",
  "lambda_parameters",
  "block_parameters",
  "destructured_parameter",
  "left_assignment_list",
  "destructured_left_assignment",
  "rest_assignment",
  "exception_variable",
  "array_pattern",
  "find_pattern",
  "hash_pattern",
  "alternative_pattern",
]);
/** Parents whose `name` field is a parameter being bound. */
const NAMED_PARAMETERS = new Set(["optional_parameter", "keyword_parameter", "splat_parameter", "hash_splat_parameter", "block_parameter", "as_pattern"]);
/** Parents whose identifier children name no value: method names, aliases, `^pinned` patterns. */
const NAME_PARENTS = new Set(["alias", "undef", "setter", "variable_reference_pattern", "scope_resolution"]);

/**
 * A bare identifier: a local variable when bound before it in its scope, else a call of a
 * method on `self` (`def full_name = first + last`). Identifiers that bind a name (parameters,
 * assignment targets, pattern variables) are recorded as locals here.
 */
export function identifierCall(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const parent = context.parentType();
  if (parent === null) return null;
  const field = context.fieldName();
  if (BINDING_PARENTS.has(parent) || (field === "name" && NAMED_PARAMETERS.has(parent)) || (parent === "for" && field === "pattern")) {
    declareLocal(context, node.startIndex, textOf(context.source, node));
    return null;
  }
  if (parent === "in_clause" && field === "pattern") {
    declareLocal(context, node.startIndex, textOf(context.source, node));
    return null;
  }
  if (parent === "keyword_pattern" && field === "value") {
    declareLocal(context, node.startIndex, textOf(context.source, node));
    return null;
  }
  if (field === "method" || field === "name" || (field === "object" && parent === "singleton_method") || NAME_PARENTS.has(parent)) return null;
  // Assignment targets are bound by the assignment rule (with the value's type).
  if (field === "left" && (parent === "assignment" || parent === "operator_assignment")) return null;
  const name = textOf(context.source, node);
  if (localType(context, node.startIndex, name) !== undefined || isDeclaration(name, context, node.startIndex)) return null;
  if (name === "new") return constructOwn(context, node.startIndex);
  return { callee: name, receiver: null, kind: "call" };
}
