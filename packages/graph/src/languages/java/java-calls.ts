import type { CallDraft, RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { oneLine } from "../../signature";
import { typeName } from "./java-declarations";

/**
 * Java call sites: method invocations (`f()`, `a.b.f()`, `super.f()`), instance creations
 * (`new Store()`, `new Outer.Inner()`, kind `new`, the class as callee) and explicit
 * constructor invocations (`this(…)` / `super(…)`: a `new` of the enclosing class or of its
 * superclass, which `superclassOf` names). Method references (`Store::get`) are no calls.
 */

const MAX_RECEIVER = 80;

/**
 * `f()`, `a.b.f()` (receiver `a.b`), `this.f()`, `super.f()`, `A.<T>f()`. The receiver is cut
 * from the source up to the method name; a chain split over lines is reported on the line
 * of the name.
 */
export function methodInvocation(node: SyntaxNode, context: RuleContext, object = node.childForFieldName("object")): CallDraft | null {
  const name = node.childForFieldName("name");
  if (!name) return null;
  if (!object) return { callee: name.text, receiver: null, kind: "call" };
  const receiver = oneLine(context.source.slice(object.startIndex, object.endIndex), MAX_RECEIVER);
  if (!receiver) return null;
  const row = name.startPosition.row;
  return { callee: name.text, receiver, kind: "call", ...(row !== node.startPosition.row ? { row } : {}) };
}

/**
 * `new Store()`, `new Outer.Inner<>()`, `new Runnable() { … }`: the class is the callee, a
 * qualifying path its receiver. `outer.new Inner()` qualifies by an instance, so it is
 * reported as the bare `new Inner()` (the inner class is looked up around the caller).
 */
export function objectCreation(node: SyntaxNode): CallDraft | null {
  const path = typeName(node.childForFieldName("type"));
  if (!path) return null;
  const dot = path.lastIndexOf(".");
  return { callee: path.slice(dot + 1), receiver: dot < 0 ? null : path.slice(0, dot), kind: "new" };
}

/**
 * `this(…)` and `super(…)` in a constructor. `enclosingClass` is the class around the call
 * and `superclassOf` the superclass it declares (none: `Object`, outside any index).
 */
export function constructorInvocation(node: SyntaxNode, context: RuleContext, superclassOf: (qualifiedName: string) => string | undefined): CallDraft | null {
  const target = node.childForFieldName("constructor");
  const owner = context.container();
  if (!target || !owner) return null;
  const path = target.type === "this" ? owner.name : superclassOf(owner.qualified_name);
  if (!path) return null;
  const dot = path.lastIndexOf(".");
  return { callee: path.slice(dot + 1), receiver: dot < 0 ? null : path.slice(0, dot), kind: "new" };
}
