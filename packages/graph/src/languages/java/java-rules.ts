import type { LanguageRules, RuleContext } from "../../language-rules";
import { methodInvocation, objectCreation } from "./java-calls";
import {
  annotationElement,
  constructorDeclaration,
  enumConstant,
  fieldDeclaration,
  methodDeclaration,
  staticInitializer,
  typeDeclaration,
} from "./java-declarations";
import { importDeclaration, packageDeclaration } from "./java-imports";
import { withJavaTypes } from "./java-types";

/**
 * Java (tree-sitter-java): declarations (java-declarations.ts), call sites (java-calls.ts),
 * imports and the package (java-imports.ts), declared types for the resolver
 * (java-types.ts). Annotations belong to the declaration they annotate (its signature and
 * start line); calls inside them are no call sites, as they run at no call of the code.
 *
 * Complexity: `if`, loops, `catch`, each `case` label (not `default`), `?:`, `&&` and `||`
 * add a decision point; loops, `switch`, `try` and `if` (not the `if` of an `else if`) nest.
 */

/** The `if` of an `else if` continues its chain instead of nesting deeper. */
function opensNesting(context: RuleContext): boolean {
  return !(context.parentType() === "if_statement" && context.fieldName() === "alternative");
}

const LEAVES = [
  "identifier",
  "type_identifier",
  "this",
  "super",
  "null_literal",
  "true",
  "false",
  "decimal_integer_literal",
  "hex_integer_literal",
  "decimal_floating_point_literal",
  "boolean_type",
  "void_type",
  "string_fragment",
  "escape_sequence",
  ".",
  ",",
  ";",
  "(",
  ")",
  "{",
  "}",
  "[",
  "]",
  "<",
  ">",
  "=",
  "==",
  "!=",
  "!",
  "+",
  "-",
  "*",
  "/",
  "++",
  "--",
  "+=",
  "-=",
  "<=",
  ">=",
  "->",
  "::",
  ":",
  "?",
  "@",
  "new",
  "return",
  "if",
  "else",
  "for",
  "while",
  "throw",
  "try",
  "catch",
  "int",
  "long",
  "final",
];

export const JAVA_RULES: LanguageRules = withJavaTypes({
  skip: new Set([
    "line_comment",
    "block_comment",
    "modifiers",
    "type_arguments",
    "type_parameters",
    "superclass",
    "super_interfaces",
    "extends_interfaces",
    "permits",
    "throws",
    "string_literal",
    "character_literal",
    "class_literal",
    "dimensions",
    // Types and parameter lists hold no call; the rules that need them read them from their declaration.
    "formal_parameters",
    "inferred_parameters",
    "generic_type",
    "scoped_type_identifier",
    "array_type",
    "type_bound",
    "scoped_identifier",
    // Leaves: skipping them spares the walker a step into children they do not have. The
    // branch tokens (`&&`, `||`, `case`) are counted, so they are not here.
    ...LEAVES,
  ]),
  definitions: {
    class_declaration: typeDeclaration,
    interface_declaration: typeDeclaration,
    enum_declaration: typeDeclaration,
    record_declaration: typeDeclaration,
    annotation_type_declaration: typeDeclaration,
    method_declaration: methodDeclaration,
    constructor_declaration: constructorDeclaration,
    compact_constructor_declaration: constructorDeclaration,
    annotation_type_element_declaration: annotationElement,
    field_declaration: fieldDeclaration,
    constant_declaration: fieldDeclaration,
    enum_constant: enumConstant,
    static_initializer: staticInitializer,
  },
  calls: {
    method_invocation: methodInvocation,
    object_creation_expression: objectCreation,
  },
  imports: {
    import_declaration: importDeclaration,
    package_declaration: packageDeclaration,
  },
  // `&&`, `||` and `case` are tokens of binary expressions and switch labels only (`default:`
  // is no decision): counting the tokens needs no node.
  branches: new Set([
    "if_statement",
    "for_statement",
    "enhanced_for_statement",
    "while_statement",
    "do_statement",
    "catch_clause",
    "ternary_expression",
    "case",
    "&&",
    "||",
  ]),
  nesting: new Set([
    "for_statement",
    "enhanced_for_statement",
    "while_statement",
    "do_statement",
    "switch_expression",
    "try_statement",
    "try_with_resources_statement",
  ]),
  conditionalNesting: {
    if_statement: opensNesting,
  },
});
