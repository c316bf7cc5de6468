import type { Lang } from "./lang";
import { LANG_TABLE } from "./internal/lang-table";

/**
 * How the call resolver of @tsift/index treats a language. Plain data, declared with the
 * language so a new language cannot be missing from a resolver table; @tsift/index maps
 * each named model to its code.
 */
export interface ResolutionModel {
  /**
   * Languages of one family see each other's symbols (TS, TSX, JS and JSX are `js`);
   * a global name lookup never crosses families.
   */
  readonly family: string;
  /**
   * The name of its module system (`tsift languages` shows it). How an import finds an
   * indexed file is the definition's `moduleSystem` hook; without one, `relative` resolves
   * a path relative to the importing file (`@import("x.zig")`, `source ./x.sh`) and any
   * other name (`none`: imports name packages, never files) resolves nothing.
   */
  readonly modules: string;
  /** Receivers that mean the enclosing type's instance or the type itself (`this`, `self`, `Self`). */
  readonly selfReceivers: readonly string[];
  /** A bare call inside a class may reach a member without the receiver (Kotlin, like Java). */
  readonly implicitReceiver: boolean;
  /**
   * Where a file sees nothing of other files without an import: `always` (Python),
   * `modules` (only files that import or export, as ES modules; scripts share globals),
   * `never`. A name unique across the family binds a bare call only where files are not scoped.
   */
  readonly importScope: "always" | "modules" | "never";
  /** Members may be declared away from their type (Rust `impl` blocks, Kotlin extensions). */
  readonly detachedMembers: boolean;
  /**
   * Members declared away from their type are declared in its package (Go: a method's
   * receiver is a type of the method's own package), so a same-named type of another
   * package never reaches them. Absent: anywhere in the family.
   */
  readonly detachedMembersInPackage?: boolean;
  /**
   * `this` may carry a declared type: an explicit `this: T` parameter, or the declared
   * type of the object literal around the method (TypeScript).
   */
  readonly typedThis: boolean;
  /**
   * Where a type declaration names its bases, when extraction did not record them:
   * `extends` (`class A extends B implements C`, `type A = B & C`), `parenthesized`
   * (`class A(B, C):`), `colon` (`class A(x: Int) : B(), C`).
   */
  readonly heritage: "extends" | "parenthesized" | "colon";
  /**
   * Words a base clause may put before a base's name that are not part of it (C++
   * `class A : public B, virtual protected C`: `public`, `protected`, `private`,
   * `virtual`); none when absent.
   */
  readonly baseModifiers?: readonly string[];
  /**
   * Definitions run in order (Python): a name defined twice in one scope is, for a call in
   * that scope, the last definition above the call. Absent: every definition is visible.
   */
  readonly definitionsRunInOrder?: boolean;
  /**
   * Kinds of a nested object whose members a type's name reaches as its own (Kotlin
   * `companion_object`: `Service.create()`); none when absent.
   */
  readonly companionKinds?: readonly string[];
  /**
   * A method names its own receiver (Go `func (s *Store) Get()`): there is no fixed word for
   * it, so `selfReceivers` may be empty; extraction records the receiver's type like any
   * typed parameter, which types `s.f()` calls.
   */
  readonly namedReceivers?: boolean;
}

/** Which files are a package's or program's front door, for entry-point inference. */
export interface EntryPointModel {
  /** File names (no directory) that are a front door when no indexed file imports them. */
  readonly files: readonly string[];
  /** File names whose imports are re-exports (Python `__init__.py`), matched as a path suffix. */
  readonly reexportFiles: readonly string[];
  /**
   * A library root's file name (Rust `lib.rs`): every public item of a file under its
   * directory is the library's API, imported or not. Null when the language has none.
   */
  readonly libraryRoot: string | null;
  /**
   * Which modules under a library root are part of its API: `declared` (the root and the
   * modules reached from it through public module declarations, Rust `pub mod`),
   * `unprefixed` (every module whose own name does not start with `_`, Python). Null
   * when the language has no library root.
   */
  readonly libraryModules: "declared" | "unprefixed" | null;
  /**
   * A top-level variable listing a module's public names (Python `__all__`): when a module
   * assigns it a literal list of strings, those names are its public surface. Null when
   * the language has none.
   */
  readonly exportList: string | null;
  /**
   * A regular expression (source) matching the line of an import that re-exports what it
   * imports (Rust `pub use`). Null when re-exports have their own import kind or none.
   */
  readonly reexportImport: string | null;
  /**
   * API declared by visibility rather than by front-door files, for languages whose
   * packages have none (Go, Java, C#, PHP, Ruby, C, C++): every public top-level declaration
   * of any file is API, with the public and protected members of those types, since code
   * outside the project can reach them. `visibility-any-type` also counts the public methods
   * of non-public types: under structural typing (Go) such a method satisfies an interface
   * and runs when code elsewhere calls it through one. Absent: front doors only.
   */
  readonly publicApi?: "visibility" | "visibility-any-type";
  /**
   * Member names the runtime calls by name rather than through code: Java's class initializer
   * (`static { … }`) and serialization hooks (`readObject`, `readResolve`). They are never dead.
   */
  readonly runtimeHooks?: readonly string[];
}

/** Static facts about one language; nothing here loads a grammar or extraction rules. */
export interface LangInfo {
  readonly id: Lang;
  readonly displayName: string;
  /** File extensions without the dot, matched case-sensitively. */
  readonly extensions: readonly string[];
  /** Other names users type for it (`--lang ts`), matched case-insensitively; never another language's id. */
  readonly aliases: readonly string[];
  /**
   * npm package that provides the tree-sitter grammar. Several languages share
   * one package (typescript/tsx, javascript/jsx), so a loader must key its cache
   * by language, not by package.
   */
  readonly grammarPackage: string;
  /** The package export holding the grammar when it holds several (`typescript`, `tsx`); null: the module itself. */
  readonly grammarExport: string | null;
  /** Whether call sites are extracted (every language but markdown). */
  readonly hasCalls: boolean;
  /** Line-comment prefixes, longest first so the first match strips the most. */
  readonly commentPrefixes: readonly string[];
  /**
   * Lines are paragraphs (Markdown), so a long average line is normal text, not a sign of
   * minified code; a single overlong line still is.
   */
  readonly paragraphLines: boolean;
  /** Joins a parent's qualified name and a member's name: `Store.get`; Markdown `Guide > Install`. */
  readonly qualifiedNameSeparator: string;
  readonly resolution: ResolutionModel;
  readonly entryPoints: EntryPointModel;
  /** ripgrep's `--type` names that select this language's files (`rg -t ts`), so `rg -t` searches rewrite to `--lang`. */
  readonly rgTypes: readonly string[];
  /**
   * Its module system's `dottedModuleImports`, copied into the start-up facts so read
   * commands can tell without loading any hook (`from pkg import name` may name a submodule).
   */
  readonly dottedModuleImports: boolean;
}

export function langInfo(lang: Lang): LangInfo {
  return LANG_TABLE[lang];
}
