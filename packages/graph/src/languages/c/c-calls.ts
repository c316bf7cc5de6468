import type { ImportEntry } from "../../extraction-types";
import type { CallDraft, RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { oneLine } from "../../signature";
import { qualifiedSegments } from "./c-declarators";

/**
 * Call sites and includes of C and C++:
 *
 * - `f(x)` is a bare call; `s.f()` / `p->f()` a call with receiver `s` / `p` (as written);
 *   C++ `A::f()` / `ns::A::f()` a call with receiver `A` / `ns::A`, `::f()` a bare call;
 *   template arguments are not part of the name (`make<T>()` calls `make`).
 * - A call-shaped line at file scope (`EXPORT_SYMBOL(f);`, `module_init(setup)`) can only be
 *   a macro invocation in C: it is reported with kind `macro`.
 * - Calls through a function pointer expression (`(*fp)(x)`, `table[i](x)`) name nothing and
 *   are not reported.
 * - `#include "x.h"` is an import of module `"x.h"` and `#include <x.h>` of `<x.h>`, quotes
 *   and brackets kept as written: the quoted form is looked up relative to the including
 *   file, the bracketed one names the system's headers. An include makes every name the
 *   header declares visible, so it imports `*`.
 */

const MAX_RECEIVER = 80;
/** Parents of a top-level statement: the file, preprocessor conditionals, `extern "C" { … }`, namespaces. */
const TOP_LEVEL = new Set([
  "translation_unit",
  "preproc_if",
  "preproc_ifdef",
  "preproc_else",
  "preproc_elif",
  "preproc_elifdef",
  "declaration_list",
  "linkage_specification",
]);

/** The plain name of a callee node: `f`, `f<T>` -> `f`, `obj.template f<T>` -> `f`, `A::f` -> `f`. */
function calleeName(node: SyntaxNode): string | null {
  switch (node.type) {
    case "identifier":
    case "field_identifier":
      return node.text;
    case "destructor_name":
    case "operator_name":
      return node.text.replace(/\s+/gu, "");
    case "template_function":
    case "template_method": {
      const name = node.childForFieldName("name");
      return name ? calleeName(name) : null;
    }
    case "dependent_name":
      return node.firstNamedChild ? calleeName(node.firstNamedChild) : null;
    case "qualified_identifier": {
      const name = node.childForFieldName("name");
      return name ? calleeName(name) : null;
    }
    default:
      return null;
  }
}

/** A call's draft, reported on the row of the called name (a chain may span lines). */
function draft(callee: string, receiver: string | null, name: SyntaxNode, node: SyntaxNode, kind: CallDraft["kind"] = "call"): CallDraft {
  const row = name.startPosition.row;
  return { callee, receiver, kind, ...(row !== node.startPosition.row ? { row } : {}) };
}

/** `qualified_identifier` callee: the scope path is the receiver (`ns::A::f` -> `ns::A`). */
function qualifiedCall(function_: SyntaxNode, node: SyntaxNode, kind: CallDraft["kind"]): CallDraft | null {
  const segments = qualifiedSegments(function_);
  const callee = calleeName(function_);
  if (!callee || segments.length === 0) return null;
  let name: SyntaxNode = function_;
  for (let next = function_.childForFieldName("name"); next; next = next.childForFieldName("name")) name = next;
  const scope = segments.slice(0, -1).join("::");
  return draft(callee, scope === "" ? null : scope, name, node, kind);
}

/** Whether a call-shaped statement sits at file scope, where C runs no code: a macro invocation. */
function atFileScope(context: RuleContext): boolean {
  return context.parentType() === "expression_statement" && TOP_LEVEL.has(context.ancestorType(1) ?? "");
}

export function callExpression(node: SyntaxNode, context: RuleContext): CallDraft | null {
  const function_ = node.childForFieldName("function");
  if (!function_) return null;
  const kind: CallDraft["kind"] = atFileScope(context) ? "macro" : "call";
  switch (function_.type) {
    case "identifier":
      return { callee: function_.text, receiver: null, kind };
    case "template_function": {
      const callee = calleeName(function_);
      return callee ? { callee, receiver: null, kind } : null;
    }
    case "qualified_identifier":
      return qualifiedCall(function_, node, kind);
    case "field_expression": {
      const field = function_.childForFieldName("field");
      const argument = function_.childForFieldName("argument");
      const callee = field ? calleeName(field) : null;
      if (!callee || !argument) return null;
      const receiver = oneLine(argument.text, MAX_RECEIVER);
      return receiver === "" ? null : draft(callee, receiver, field!, node, kind);
    }
    default:
      return null;
  }
}

/** `#include "x.h"` / `#include <x.h>` (a macro naming the header is not followed). */
export function includeDirective(node: SyntaxNode): ImportEntry[] | null {
  const path = node.childForFieldName("path");
  if (!path || (path.type !== "string_literal" && path.type !== "system_lib_string")) return null;
  return [{ module: path.text, names: [{ name: "*", alias: null }], line: node.startPosition.row + 1, kind: "import" }];
}
