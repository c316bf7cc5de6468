import type { LanguageRules, RuleContext } from "../../language-rules";
import type { SyntaxNode } from "../../parser-registry";
import { callExpression, includeDirective } from "./c-calls";
import { withCTypes } from "./c-types";
import { declaration, enumerator, functionDefinition, macroDefinition, recordSpecifier, typeDefinition } from "./c-symbols";

/**
 * The C rules (tree-sitter-c), and the parts C++ shares (tree-sitter-cpp extends the C
 * grammar, so its node types for these constructs are the same): see c-symbols.ts for the
 * symbols and c-calls.ts for calls and includes.
 */

/** Subtrees with nothing to extract: comments, literals, attributes. */
export const C_SKIP = ["comment", "string_literal", "char_literal", "system_lib_string", "concatenated_string", "attribute_specifier", "ms_declspec_modifier"];

/** One decision point each: branches, loops, ternaries, and the `&&` / `||` tokens of conditions. */
export const C_BRANCHES = ["if_statement", "for_statement", "while_statement", "do_statement", "conditional_expression", "&&", "||"];

/** Control-flow blocks that nest; an `if` nests unless it is the `if` of an `else if`. */
export const C_NESTING = ["for_statement", "while_statement", "do_statement", "switch_statement"];

/** `case x:` is a decision point, `default:` is not (it is what is left). */
export function caseBranch(node: SyntaxNode, context: RuleContext): number {
  return /^case(?![\w$])/u.test(context.source.slice(node.startIndex, node.startIndex + 5)) ? 1 : 0;
}

export const notElseIf = (context: RuleContext): boolean => context.parentType() !== "else_clause";

export const C_RULES: LanguageRules = withCTypes(
  {
    skip: new Set(C_SKIP),
    definitions: {
      function_definition: functionDefinition("c"),
      declaration: declaration("c"),
      struct_specifier: recordSpecifier("c"),
      union_specifier: recordSpecifier("c"),
      enum_specifier: recordSpecifier("c"),
      enumerator,
      type_definition: typeDefinition,
      preproc_def: macroDefinition,
      preproc_function_def: macroDefinition,
    },
    calls: {
      call_expression: callExpression,
    },
    imports: {
      preproc_include: includeDirective,
    },
    branches: new Set(C_BRANCHES),
    conditionalBranches: { case_statement: caseBranch },
    nesting: new Set(C_NESTING),
    conditionalNesting: { if_statement: notElseIf },
  },
  "c",
);
