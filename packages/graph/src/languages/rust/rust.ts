import type { LanguageRules } from "../../language-rules";
import { attributeItem } from "./rust-attributes";
import { callExpression, macroInvocation, macroRule } from "./rust-calls";
import { elseToken, matchArm } from "./rust-complexity";
import { externCrate, useDeclaration } from "./rust-imports";
import { functionItem, implItem, macroDefinition, modItem, typeItem, valueItem } from "./rust-items";
import { withRustTypes } from "./rust-types";

/**
 * Rust extraction rules.
 *
 * Symbols: `fn` (function; inside an `impl` or `trait`: method — `new` included, Rust has no
 * constructors), trait method declarations without a body, struct / enum / union / trait, `impl`
 * blocks (kind impl, named after the implementing type without generics or path: `impl<T> Foo<T>`
 * and `impl fmt::Display for crate::Foo` are both "Foo", the trait stays in the signature; methods
 * are `Foo.method`), `mod` (inline modules are containers; `mod x;` is a symbol too), `type` aliases,
 * `const`, `static`, and `macro_rules!` definitions (kind function, callable, so calls in the
 * expansion belong to the macro). Outer attributes (`#[derive]`, `#[test]`, `#[tokio::main]`) are
 * part of the span and the signature; doc comments are not. Struct fields and enum variants are not
 * symbols.
 *
 * Visibility: `pub` public, `pub(crate)` crate, `pub(super)` / `pub(in path)` restricted,
 * `pub(self)` and none private. Trait items take the trait's visibility; methods of a trait impl
 * (`impl Trait for Type`) are public — they are reachable wherever the trait is; impl blocks have
 * none (null).
 *
 * Calls: `f()`, `a.b.c()` (receiver `a.b`), `Vec::new()` (receiver `Vec`), `crate::db::open()`
 * (receiver `crate::db`), turbofish `parse::<T>()`, macros (kind macro, callee without `!`,
 * `tokio::join!` has receiver `tokio`). Macro arguments are token trees, not expressions, so calls
 * and nested macros inside them (`assert_eq!(add(1, 2), 3)`, `vec![Foo::new()]`) are recovered by
 * scanning the tokens for a name followed by a parenthesized group. Calls in closures belong to the
 * enclosing fn.
 *
 * Imports: one entry per `use` path prefix: `use a::{b, c as d, e::*}` gives module "a" with b and
 * c as d, and module "a::e" with "*"; `self` in a group is the name "self"; `use x;` and
 * `extern crate x;` give module "x" with no names (an alias becomes { name: "self", alias }).
 * Kind "use" for all of them, `pub use` re-exports included.
 *
 * Complexity: if / else if, while, loop, for, match arms except an irrefutable default (`_` or a
 * lower-case binding), match guards, `&&` / `||`, `let … else`. The `?` operator does not count.
 * Nesting: if (an `else if` stays at its chain's level), match, while, loop, for.
 *
 * Declared types (parameters, `let` bindings, return types, supertraits and implemented
 * traits) are added for the call resolver by `withRustTypes` (rust-types.ts).
 */

export const RUST_RULES: LanguageRules = withRustTypes({
  // Token trees (macro arguments and expansions) are scanned by the macro rules themselves.
  skip: new Set(["line_comment", "block_comment", "inner_attribute_item", "token_tree", "token_tree_pattern", "string_literal", "raw_string_literal"]),
  definitions: {
    function_item: functionItem,
    function_signature_item: functionItem,
    struct_item: typeItem("struct"),
    enum_item: typeItem("enum"),
    union_item: typeItem("union"),
    trait_item: typeItem("trait"),
    impl_item: implItem,
    mod_item: modItem,
    type_item: valueItem("type_alias"),
    const_item: valueItem("const"),
    static_item: valueItem("static"),
    macro_definition: macroDefinition,
    // Records the attribute for the item below it; never a symbol itself.
    attribute_item: attributeItem,
  },
  calls: {
    call_expression: callExpression,
    macro_invocation: macroInvocation,
    macro_rule: macroRule,
  },
  imports: {
    use_declaration: useDeclaration,
    extern_crate_declaration: externCrate,
  },
  branches: new Set(["if_expression", "while_expression", "loop_expression", "for_expression", "&&", "||"]),
  conditionalBranches: { match_arm: matchArm, else: elseToken },
  nesting: new Set(["match_expression", "while_expression", "loop_expression", "for_expression"]),
  // The `if` of an `else if` sits at its chain's level, not one deeper.
  conditionalNesting: { if_expression: (context) => context.parentType() !== "else_clause" },
});
