import type { LanguageRules, RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { CSHARP_CALLS, CSHARP_IMPORTS } from "./csharp-calls";
import { CSHARP_DEFINITIONS } from "./csharp-declarations";
import { withCSharpTypes } from "./csharp-types";

/**
 * The C# rules: declarations (csharp-declarations.ts), calls and `using` directives
 * (csharp-calls.ts), complexity (below), with the declared types the call resolver reads
 * layered over them (csharp-types.ts).
 *
 * Complexity: `if`, loops (`for`, `foreach`, `while`, `do`), `catch`, `?:`, `&&`, `||`,
 * `??`, `??=`, each `switch` section with a `case` label and each switch-expression arm
 * but the discard `_` add a decision point; loops, `switch`, `try` and an `if` that is not
 * an `else if` open a nesting level.
 */

/** Read from the source: one lookup instead of materializing the section's labels. */
function caseSection(node: SyntaxNode, context: RuleContext): number {
  return /^default\s*:/u.test(context.source.slice(node.startIndex, node.startIndex + 12)) ? 0 : 1;
}

function switchArm(node: SyntaxNode, context: RuleContext): number {
  return /^_\s*=>/u.test(context.source.slice(node.startIndex, node.startIndex + 8)) ? 0 : 1;
}

const BASE_RULES: LanguageRules = {
  skip: new Set([
    "comment",
    "attribute_list",
    "type_parameter_list",
    "type_parameter_constraints_clause",
    "type_argument_list",
    "predefined_type",
    "string_literal",
    "verbatim_string_literal",
    "raw_string_literal",
    "character_literal",
    "extern_alias_directive",
  ]),
  definitions: CSHARP_DEFINITIONS,
  calls: CSHARP_CALLS,
  imports: CSHARP_IMPORTS,
  // `&&`, `||` and `??` are tokens of binary expressions only: counting the tokens needs no node.
  branches: new Set([
    "if_statement",
    "for_statement",
    "foreach_statement",
    "while_statement",
    "do_statement",
    "catch_clause",
    "conditional_expression",
    "&&",
    "||",
    "??",
    "??=",
  ]),
  conditionalBranches: {
    switch_section: caseSection,
    switch_expression_arm: switchArm,
  },
  nesting: new Set(["for_statement", "foreach_statement", "while_statement", "do_statement", "switch_statement", "switch_expression", "try_statement"]),
  // `else if` continues the chain at the same depth instead of nesting one level deeper.
  conditionalNesting: {
    if_statement: (context) => !(context.parentType() === "if_statement" && context.fieldName() === "alternative"),
  },
};

export const CSHARP_RULES: LanguageRules = withCSharpTypes(BASE_RULES);
