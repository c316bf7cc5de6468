import type { LanguageRules, RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { callSite, identifierCall, superCall } from "./ruby-calls";
import { assignment, attributes, blockScope, classDefinition, methodDefinition, moduleDefinition, program, singletonClass } from "./ruby-declarations";
import { requireCall } from "./ruby-imports";

/**
 * Ruby (tree-sitter-ruby): declarations (ruby-declarations.ts), call sites (ruby-calls.ts),
 * requires (ruby-imports.ts) and complexity.
 *
 * Keywords share their node type's name (`if` is both the statement and its keyword token),
 * so the decision points that do are counted on the named node only, and nesting is opened
 * only by a node whose parent is not the statement the keyword belongs to.
 */

const namedOnly = (node: SyntaxNode): number => (node.isNamed ? 1 : 0);
const notKeywordOf =
  (...owners: string[]) =>
  (context: RuleContext): boolean =>
    !owners.includes(context.parentType() ?? "");

export const RUBY_RULES: LanguageRules = {
  skip: new Set(["comment", "uninterpreted", "heredoc_end", "string_content", "escape_sequence"]),
  definitions: {
    program,
    module: moduleDefinition,
    class: classDefinition,
    singleton_class: singletonClass,
    method: methodDefinition,
    singleton_method: methodDefinition,
    assignment,
    operator_assignment: assignment,
    call: attributes,
    block: blockScope,
    do_block: blockScope,
    lambda: blockScope,
  },
  calls: {
    call: callSite,
    identifier: identifierCall,
    super: superCall,
  },
  imports: {
    call: requireCall,
  },
  branches: new Set([
    "if_modifier",
    "unless_modifier",
    "while_modifier",
    "until_modifier",
    "rescue_modifier",
    "conditional",
    "in_clause",
    "&&",
    "||",
    "and",
    "or",
  ]),
  conditionalBranches: {
    if: namedOnly,
    elsif: namedOnly,
    unless: namedOnly,
    while: namedOnly,
    until: namedOnly,
    for: namedOnly,
    when: namedOnly,
    rescue: namedOnly,
  },
  nesting: new Set(["case_match"]),
  conditionalNesting: {
    if: notKeywordOf("if", "if_modifier"),
    unless: notKeywordOf("unless", "unless_modifier"),
    while: notKeywordOf("while", "while_modifier"),
    until: notKeywordOf("until", "until_modifier"),
    for: notKeywordOf("for"),
    case: notKeywordOf("case", "case_match"),
    begin: notKeywordOf("begin"),
  },
};
