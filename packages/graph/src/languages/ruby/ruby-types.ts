import type { RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { resolveAlias } from "./ruby-aliases";
import { constructedClass } from "./ruby-methods";
import { localType } from "./ruby-scopes";
import { callParts, constantPath, pathText } from "./ruby-text";

/**
 * What an expression's value is, as far as the source says, in the notation of
 * `CallSite.receiver_type`: `Repo::User` (a constant, or an instance from `Repo::User.new`),
 * `Repo#find()` / `build()` (what calling that yields, from the method's own `return_type`),
 * `this#repo` (a member of the enclosing class: `@repo`, or a reader method `repo`), and
 * `T#m()` steps on a typed local. Nothing is inferred beyond that; null when unknown.
 */
export function valueType(node: SyntaxNode | null | undefined, context: RuleContext, inClass: boolean): string | null {
  if (!node) return null;
  switch (node.type) {
    case "constant":
    case "scope_resolution": {
      const path = constantPath(node);
      return path ? pathText(resolveAlias(context, path)) : null;
    }
    case "instance_variable":
      return inClass ? `this#${node.text.slice(1)}` : null;
    case "identifier": {
      const local = localType(context, node.startIndex, node.text);
      if (local !== undefined) return local;
      if (node.text === "new") return constructedClass(context, node.startIndex);
      return inClass ? `this#${node.text}` : `${node.text}()`;
    }
    case "parenthesized_statements": {
      const inner = node.namedChildren;
      return inner.length === 1 ? valueType(inner[0], context, inClass) : null;
    }
    case "call":
      return callType(node, context, inClass);
    default:
      return null;
  }
}

/** `X.new` is an X; a bare `new` in a singleton method is its class; other calls yield what the method returns. */
function callType(node: SyntaxNode, context: RuleContext, inClass: boolean): string | null {
  const { name, methodType, receiver } = callParts(node, context.source);
  if (name === null || (methodType !== "identifier" && methodType !== "constant")) return null;
  if (name === "new") {
    const path = constantPath(receiver);
    if (path) return pathText(resolveAlias(context, path));
    if (!receiver || receiver.type === "self") return constructedClass(context, node.startIndex);
    return null;
  }
  if (!receiver) return inClass ? `this#${name}()` : `${name}()`;
  // `Repo.find()`: a singleton method is a member of its class like an instance method.
  const path = constantPath(receiver);
  if (path) return `${pathText(resolveAlias(context, path))}#${name}()`;
  // `self.class.build`: the class's own (singleton) methods are its members too.
  if (receiver.type === "self") return inClass ? (name === "class" ? "this" : `this#${name}()`) : null;
  const owner = valueType(receiver, context, inClass);
  return owner ? `${owner}#${name}()` : null;
}

/** A type that names no enclosing class (`this#…`): one that stays true away from the method it was read in. */
export function isPortable(type: string | null): type is string {
  return type !== null && !type.startsWith("this");
}
