import type { CallDraft, RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { requiredModule } from "./typescript-imports";
import { receiverText, slice, stringValue } from "./typescript-source-text";

/** Call sites of TypeScript/JavaScript: calls, `new`, and JSX elements rendering a component. */

function calleeOf(callee: SyntaxNode, context: RuleContext): CallDraft | null {
  switch (callee.type) {
    case "identifier":
      return { callee: callee.text, receiver: null, kind: "call" };
    case "member_expression": {
      // The receiver is the text before the property minus the `.`/`?.`: one node fewer to read.
      const property = callee.childForFieldName("property");
      if (!property) return null;
      const propertyStart = property.startIndex;
      const receiver = receiverText(context, callee.startIndex, propertyStart);
      if (!receiver) return null;
      const draft: CallDraft = { callee: slice(context, propertyStart, property.endIndex), receiver, kind: "call" };
      // A chain broken over lines: the call is where its name is.
      if (slice(context, callee.startIndex, propertyStart).includes("\n")) draft.row = property.startPosition.row;
      return draft;
    }
    case "subscript_expression": {
      const index = stringValue(callee.childForFieldName("index"));
      const object = callee.childForFieldName("object");
      if (index === null || !object) return null;
      return { callee: index, receiver: receiverText(context, object.startIndex, object.endIndex), kind: "call" };
    }
    case "super":
      return { callee: "super", receiver: null, kind: "call" };
    default:
      return null;
  }
}

export function onCall(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const callee = node.childForFieldName("function");
  if (!callee) return null;
  // `require("x")` is an import, not a call site.
  if (callee.type === "identifier" && callee.text === "require" && requiredModule(node) !== null) return null;
  return calleeOf(callee, context);
}

export function onNew(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const constructor = node.childForFieldName("constructor");
  if (!constructor || constructor.type === "super") return null;
  const found = calleeOf(constructor, context);
  if (found) found.kind = "new";
  return found;
}

/** `<Item />` and `<Ui.Button>` render a component; lower-case elements are HTML tags. */
export function onJsxElement(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const name = node.childForFieldName("name");
  if (!name) return null;
  if (name.type === "identifier") {
    const first = context.source.charCodeAt(name.startIndex);
    if (!(first >= 65 && first <= 90)) return null;
  } else if (name.type !== "member_expression") return null;
  return calleeOf(name, context);
}
