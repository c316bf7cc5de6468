import type { LanguageRules } from "../../language-rules";
import { onAssignment, onDeclarator, onObject, onValue } from "./typescript-bindings";
import { onCall, onJsxElement, onNew } from "./typescript-calls";
import {
  onAmbientDeclaration,
  onClassDeclaration,
  onEnum,
  onExportStatement,
  onFunctionDeclaration,
  onInterface,
  onNamespace,
  onProgram,
  onTypeAlias,
} from "./typescript-declarations";
import { onCallImport, onExportFrom, onImportStatement } from "./typescript-imports";
import { onClassBody, onMethod, onPropertySignature } from "./typescript-members";
import { withTypeFacts } from "./typescript-types";

/**
 * Extraction rules for TypeScript, TSX, JavaScript and JSX. tree-sitter-typescript extends
 * tree-sitter-javascript, so one rule table serves all four; where the grammars differ the
 * rules accept both (JS `field_definition`/`property` next to TS `public_field_definition`/
 * `name`; decorators as children of a member in JS, as its preceding siblings in TS).
 *
 * The rules only ever navigate downwards (`childForFieldName`, `children`): tree-sitter finds
 * a parent or sibling by descending from the root, which would make big flat files quadratic.
 * So a binding site (declarator, object, class body, export, assignment) prepares the draft
 * of the function, class or object it holds, keyed by that value's start offset, and the
 * value's own rule emits it when the walker gets there. Upward questions (is this module
 * level? inside an export?) are answered from `context.ancestorType`.
 *
 * Choices worth knowing:
 * - Overloads: one symbol per implementation; bodiless `function_signature`/`method_signature`
 *   declarations are symbols only when no implementation of the same name follows
 *   (`declare function`, `.d.ts` files, `declare class` members).
 * - Bindings: functions, arrows and classes bound with const/let/var, class fields, object
 *   properties, `export default` and CommonJS assignments (`exports.x =`, `module.exports =`,
 *   `A.prototype.m =`, `A.m =`, `this.m =`) are named after the binding (`memo`, `forwardRef`,
 *   `useCallback` and `observer` wrappers are seen through). Module-level non-function bindings
 *   are `const`/`variable` symbols; an object literal holding functions is a container
 *   (`const`/`variable`/`property`) so its members read `api.get`; its members reach as far as
 *   the binding does (visibility).
 * - Decorators belong to the declaration (signature and start line); calls inside them are not
 *   call sites (they run when the class is defined, not inside the decorated body).
 * - Interface members (and members of a type alias's object type) declared as function-typed
 *   properties (`readonly get: (key: K) => V`) are methods, like method signatures.
 * - `require("x")` and `import("x")` are imports, not calls. TSX/JSX: a capitalised element
 *   (`<Item />`, `<Ui.Button>`) is a call of that component.
 */

export const TYPESCRIPT_RULES: LanguageRules = {
  // Subtrees with nothing to extract: comments, plain strings, decorators and type-level syntax.
  skip: new Set([
    "comment",
    "html_comment",
    "hash_bang_line",
    "string",
    "regex",
    "decorator",
    "type_annotation",
    "type_arguments",
    "type_parameters",
    "asserts_annotation",
    "type_predicate_annotation",
    "opting_type_annotation",
    "omitting_type_annotation",
    "adding_type_annotation",
    "implements_clause",
    "extends_type_clause",
    "index_signature",
    "call_signature",
    "construct_signature",
    "enum_body",
    "union_type",
    "intersection_type",
    "function_type",
    "constructor_type",
    "conditional_type",
    "tuple_type",
    "array_type",
    "lookup_type",
    "index_type_query",
    "type_query",
    "template_literal_type",
    "literal_type",
    "generic_type",
    "parenthesized_type",
    "readonly_type",
    "mapped_type_clause",
  ]),
  definitions: {
    program: onProgram,
    export_statement: onExportStatement,
    ambient_declaration: onAmbientDeclaration,
    function_declaration: onFunctionDeclaration,
    generator_function_declaration: onFunctionDeclaration,
    function_signature: onFunctionDeclaration,
    class_declaration: onClassDeclaration,
    abstract_class_declaration: onClassDeclaration,
    class_body: onClassBody,
    arrow_function: onValue,
    function_expression: onValue,
    generator_function: onValue,
    class: onValue,
    method_definition: onMethod,
    method_signature: onMethod,
    abstract_method_signature: onMethod,
    property_signature: onPropertySignature,
    interface_declaration: onInterface,
    type_alias_declaration: onTypeAlias,
    enum_declaration: onEnum,
    internal_module: onNamespace,
    module: onNamespace,
    variable_declarator: onDeclarator,
    object: onObject,
    assignment_expression: onAssignment,
  },
  calls: {
    call_expression: onCall,
    new_expression: onNew,
    jsx_opening_element: onJsxElement,
    jsx_self_closing_element: onJsxElement,
  },
  imports: {
    import_statement: onImportStatement,
    export_statement: onExportFrom,
    call_expression: onCallImport,
  },
  // The operator tokens themselves count (`&&` appears nowhere but in `a && b`), so no
  // binary expression is ever materialized to read its operator.
  branches: new Set([
    "if_statement",
    "for_statement",
    "for_in_statement",
    "while_statement",
    "do_statement",
    "catch_clause",
    "switch_case",
    "ternary_expression",
    "&&",
    "||",
    "??",
    "&&=",
    "||=",
    "??=",
  ]),
  nesting: new Set(["for_statement", "for_in_statement", "while_statement", "do_statement", "switch_statement", "try_statement"]),
  // `else if` continues the chain at the same depth instead of nesting one level deeper.
  conditionalNesting: {
    if_statement: (context) => context.parentType() !== "else_clause",
  },
};

/** TypeScript/JavaScript rules plus the declared types the call resolver reads (receiver types, return types); one object for the four languages. */
export const TYPESCRIPT_TYPED_RULES = withTypeFacts(TYPESCRIPT_RULES);
