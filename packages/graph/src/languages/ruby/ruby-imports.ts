import type { ImportEntry } from "../../extraction-types";
import type { RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { callParts, stringValue, symbolName } from "./ruby-text";

/**
 * `require "x"`, `require_relative "x"`, `load "x.rb"` (and Rails' `require_dependency`):
 * the module as written, kind `require`, imported name `*` (a required file's top-level
 * methods, classes and modules all become visible). `autoload :Name, "x"` binds `Name` to
 * the file. A computed path (`require File.join(…)`, interpolation) names no module.
 */

const REQUIRES = new Set(["require", "require_relative", "load", "require_dependency"]);

export function requireCall(node: SyntaxNode, context: RuleContext): ImportEntry[] | null {
  const { name, methodType, receiver } = callParts(node, context.source);
  if (name === null || methodType !== "identifier" || receiver) return null;
  if (!REQUIRES.has(name) && name !== "autoload") return null;
  const args = node.childForFieldName("arguments")?.namedChildren ?? [];
  const line = node.startPosition.row + 1;
  if (name === "autoload") {
    const constant = args[0] ? symbolName(args[0]) : null;
    const module = stringValue(args[1]);
    return constant && module ? [{ module, names: [{ name: constant, alias: null }], line, kind: "require" }] : null;
  }
  const module = stringValue(args[0]);
  return module ? [{ module, names: [{ name: "*", alias: null }], line, kind: "require" }] : null;
}
