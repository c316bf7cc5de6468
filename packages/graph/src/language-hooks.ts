import type { SyntaxNode } from "./parser-registry";

/**
 * The code a language plugs into the engines, beside its plain-data facts. @tsift/index,
 * @tsift/search and @tsift/algorithms hold no language name: whatever differs between
 * languages (how an import finds a file, which files are tests and how one runs) is asked
 * of the language through these hooks, with everything a hook needs passed in as
 * arguments (the graph package reads no index, project file or workspace itself).
 * Every hook is optional; a language without one gets the neutral answer (no file, no test).
 */

/** The workspace's named packages (npm, yarn and pnpm members), as the engine read them. */
export interface WorkspacePackageLookup {
  /** Whether the workspace has no named package (then no bare import can name one). */
  readonly empty: boolean;
  /**
   * The indexed file a bare import of a workspace package names (`@scope/pkg`,
   * `@scope/pkg/sub`), each candidate path without its extension handed to `probe`; null
   * when the specifier names no workspace package or nothing it names is indexed.
   */
  resolve(specifier: string, probe: (base: string) => string | null): string | null;
}

/** One import of one file, as the module system hook is asked to resolve it. */
export interface ModuleRequest {
  /** The importing file, root-relative with `/`. */
  readonly fromFile: string;
  /** The module as written: `./store`, `a.b`, `crate::repo`, `"x.zig"`. */
  readonly module: string;
  /** The imported name (`from m import name`), `*`, or null when the whole module is imported. */
  readonly name: string | null;
  /** Every indexed path, root-relative with `/`: resolution never looks at the disk. */
  readonly files: ReadonlySet<string>;
  readonly packages: WorkspacePackageLookup;
}

/**
 * A language's module system: how an import, a module path written in code and a module
 * declaration find indexed files. Data fields say what its imports bind, for the resolver.
 */
export interface ModuleSystem {
  /**
   * The indexed files an import names, best first; empty when none is indexed (a package
   * from outside the project, a typo): the resolver then treats the imported names as
   * external instead of guessing a project symbol. Several files are one module (a
   * directory that is a package): the first stands for them in `imports.resolved_file`.
   */
  resolve(request: ModuleRequest): readonly string[];
  /**
   * Heads of a module path written in code that name a module relative to the crate or the
   * file (Rust `crate`, `self`, `super`): a call or type path starting with one is looked
   * up through `modulePath`.
   */
  readonly pathHeads?: readonly string[];
  /** The file a module path written in code is (`crate::repo` as `["crate", "repo"]`), or null. */
  modulePath?(fromFile: string, segments: readonly string[], files: ReadonlySet<string>): string | null;
  /** The file a module declared in `fromFile` is (Rust `mod api;` as `["api"]`, nested `a.b` as `["a", "b"]`), or null. */
  declaredModule?(fromFile: string, segments: readonly string[], files: ReadonlySet<string>): string | null;
  /**
   * The module name a file is by its path (`src/repo.rs` and `src/repo/mod.rs` are `repo`),
   * so the files declaring that module follow its changes; null when the path names none.
   */
  moduleName?(path: string): string | null;
  /**
   * Imported names can be modules themselves (`from . import store`, `use crate::store`),
   * not only members of one: such a binding is a namespace of the module file.
   */
  readonly importsModules?: boolean;
  /** File names (without extension) that stand for their directory's module: `__init__`, `mod`. */
  readonly packageFiles?: readonly string[];
  /**
   * `import a.b` binds `a`, and `a.b.f()` calls `f` of the module `a.b`: dotted module
   * paths of whole-module imports name modules (Python).
   */
  readonly dottedModuleImports?: boolean;
  /**
   * `from m import *` in a module re-exports `m`'s public names: those not starting with
   * this prefix (Python `_`). Absent: a star import binds names in the importing file only.
   */
  readonly starReexportPrivatePrefix?: string;
  /**
   * The files of one directory (of this language) are one package (Go): a name one of them
   * declares at top level is the package's, seen by the others without an import and
   * exported through an import of any of them (`resolve` may return them all).
   */
  readonly directoryPackages?: boolean;
  /**
   * Bare imports of a workspace package's name resolve through its package.json, and the
   * modules package.json files declare (`main`, `exports`) are front doors for dead code.
   */
  readonly packageManifests?: boolean;
}

/** What a test-case reader is given: one test file's text, its indexed symbols and a parser. */
export interface TestCaseInput {
  /** Root-relative path of the test file. */
  readonly path: string;
  readonly text: string;
  /** The file's symbols as indexed (top level and nested, any order). */
  readonly symbols: readonly TestSymbol[];
  /** Parses `text` with the file's grammar; null when it cannot be parsed. */
  parse(): SyntaxNode | null;
}

/** The columns of an indexed symbol a test-case reader looks at. */
export interface TestSymbol {
  readonly name: string;
  readonly kind: string;
  readonly qualified_name: string;
  readonly signature: string | null;
  readonly line: number;
  readonly end_line: number;
}

/** One test inside a test file: what a runner's name filter selects. */
export interface TestCase {
  /** The name as written: `describe > it` titles, `Class::test_x`, `tests::adds`, `TestX`. */
  name: string;
  /** The titles from the outermost block in, or the name's parts (`Class`, `test_x`). */
  path: string[];
  line: number;
  end_line: number;
}

/** The project around a test file, read by the engine (cached), for runner detection. */
export interface TestProject {
  /** The root-relative directory of the nearest ancestor of the test file holding one of `markers` (never above the root), or `.`. */
  nearest(markers: readonly string[]): string;
  /** Whether a root-relative path exists. */
  exists(path: string): boolean;
  /** A root-relative JSON file's top-level object, or null when missing or not an object. */
  readJson(path: string): Record<string, unknown> | null;
  /** The memo for this run: a detection made once per directory is kept here by the hook. */
  readonly cache: Map<string, unknown>;
}

/** What the run-command hook is given. */
export interface TestCommandInput {
  /** Root-relative path of the test file. */
  readonly path: string;
  readonly text: string;
  /** The selected tests; empty: run the whole file. */
  readonly cases: readonly TestCase[];
  readonly project: TestProject;
}

/** The command that runs a test file's selected tests, from the project root. */
export interface TestCommand {
  /** The runner it is spelled for (one of the language's `runners`). */
  runner: string;
  command: string;
}

/**
 * A language's test conventions, for `impact` (which tests a change reaches and how to run
 * them) and for dead code (test code is an entry point). Patterns are regular-expression
 * sources, so they stay data.
 */
export interface TestConventions {
  /** Root-relative paths a test runner collects as test files (`\.test\.ts$`, `(^|/)test_[^/]*\.py$`). */
  readonly files: readonly string[];
  /** Further paths holding code only tests use (helpers under `tests/`, `conftest.py`): test code, not run on their own. */
  readonly support?: readonly string[];
  /** Text of a source file that carries its own tests (Rust `#[cfg(test)]`): it is a test file too. */
  readonly inlineMarker?: string;
  /** A symbol's signature that marks it a test (`#[test]`, `@Test`, `@pytest.mark…`). */
  readonly markers?: readonly string[];
  /** A symbol's qualified name that places it in a test module inside a source file (`tests.adds`). */
  readonly inlineScope?: string;
  /** The runners `command` may answer with, for the `runner` field's documentation. */
  readonly runners: readonly string[];
  /** The tests a test file declares, in file order. */
  cases?(input: TestCaseInput): TestCase[];
  /** The command that runs `cases` of a test file (the whole file when empty), runner detection included. */
  command?(input: TestCommandInput): TestCommand | null;
}
