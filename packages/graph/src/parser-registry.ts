import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { isMainThread } from "node:worker_threads";
import { isTsiftError, nativeBindingError, TsiftError } from "@tsift/core";
import type { Lang } from "./lang";
import { installNodeClasses, type NodeBinding } from "./internal/node-classes";
import { grammarPackageInstalled, platformGrammarDir, platformGrammarsInstalled, PLATFORM_GRAMMARS_PACKAGE, requireGrammar } from "./internal/require-grammar";
import { loadWasmBackend, type WasmBackend } from "./internal/wasm-parser";
import { LANGS } from "./lang";
import { langInfo } from "./lang-info";

const require = createRequire(import.meta.url);

/** The subset of node-tree-sitter's API that extraction uses. */
export interface SyntaxNode {
  type: string;
  typeId: number;
  text: string;
  startIndex: number;
  endIndex: number;
  startPosition: { row: number; column: number };
  endPosition: { row: number; column: number };
  parent: SyntaxNode | null;
  children: SyntaxNode[];
  namedChildren: SyntaxNode[];
  childCount: number;
  namedChildCount: number;
  firstChild: SyntaxNode | null;
  firstNamedChild: SyntaxNode | null;
  lastChild: SyntaxNode | null;
  nextSibling: SyntaxNode | null;
  previousSibling: SyntaxNode | null;
  nextNamedSibling: SyntaxNode | null;
  previousNamedSibling: SyntaxNode | null;
  isNamed: boolean;
  isMissing: boolean;
  isExtra: boolean;
  hasError: boolean;
  childForFieldName(field: string): SyntaxNode | null;
  childrenForFieldName(field: string): SyntaxNode[];
  child(index: number): SyntaxNode | null;
  namedChild(index: number): SyntaxNode | null;
  descendantsOfType(types: string | string[]): SyntaxNode[];
}

export interface TreeCursor {
  nodeType: string;
  nodeTypeId: number;
  nodeIsNamed: boolean;
  startIndex: number;
  endIndex: number;
  currentNode: SyntaxNode;
  currentFieldName: string | undefined;
  gotoFirstChild(): boolean;
  gotoNextSibling(): boolean;
  gotoParent(): boolean;
}

export interface SyntaxTree {
  rootNode: SyntaxNode;
  walk(): TreeCursor;
}

/** A stretch of the source in UTF-16 code units, with the row and column (code units) at each end. */
export interface SourceRange {
  startIndex: number;
  endIndex: number;
  startPosition: { row: number; column: number };
  endPosition: { row: number; column: number };
}

interface NativeParser {
  setLanguage(language: unknown): void;
  parse(input: string, oldTree?: SyntaxTree | null, options?: { bufferSize?: number; includedRanges?: SourceRange[] }): SyntaxTree;
}

type ParserConstructor = (new () => NativeParser) & { SyntaxNode: { prototype: object } };

let parserConstructor: ParserConstructor | undefined;
const parsers = new Map<Lang, NativeParser>();

/** Which parser backend parses: "native" (node-tree-sitter) or "wasm" (web-tree-sitter). */
export type ParserBackend = "native" | "wasm";

/**
 * Why the native runtime cannot be used, or null. Decided by path, without loading the addon,
 * so importing the package loads no native parser (the first parse does): tree-sitter is not
 * installed (npm drops an optional dependency whose build failed), or has no binary for this
 * platform (a package manager skipped its build script). A binary that is there but does not
 * load still fails on the first parse, with a native_binding error.
 */
function loadNativeRuntime(): unknown {
  if (process.env.TSIFT_PARSER === "wasm") return "TSIFT_PARSER=wasm";
  try {
    const runtimeDir = dirname(require.resolve("tree-sitter/package.json"));
    // Where node-gyp-build looks: a local build, or a prebuilt binary for this platform.
    const binaryDirs = ["build/Release", "build/Debug", `prebuilds/${process.platform}-${process.arch}`];
    if (binaryDirs.some((dir) => existsSync(join(runtimeDir, dir)))) return null;
    return new Error(`tree-sitter has no binary for ${process.platform}-${process.arch}: its build did not run`);
  } catch (error) {
    return error;
  }
}

const nativeFailure = loadNativeRuntime();

/**
 * Whether a language's native grammar is there to load: in this platform's grammar package
 * (@tsift/grammars-<os>-<cpu>), or its own package installed. npm leaves the platform package
 * out where none matches the machine or optional dependencies are omitted (checked by path
 * only: loading waits for the first parse).
 */
function nativeGrammarPresent(lang: Lang): boolean {
  const grammarPackage = langInfo(lang).grammarPackage;
  return platformGrammarDir(grammarPackage) !== null || grammarPackageInstalled(grammarPackage);
}

/** Languages the WebAssembly fallback parses: all of them without the native runtime, else those without a native grammar. */
const wasmLangs: ReadonlySet<Lang> = new Set(nativeFailure === null ? LANGS.filter((lang) => !nativeGrammarPresent(lang)) : LANGS);

/**
 * The fallback, only when some language cannot parse natively (or TSIFT_PARSER=wasm): their
 * `.wasm` grammars are loaded now, so parseSource stays synchronous. The native path never
 * imports web-tree-sitter.
 */
const wasm: WasmBackend | null = wasmLangs.size === 0 ? null : await loadWasmBackend([...wasmLangs]);
// Once per process: index workers decide for themselves but stay quiet.
if (wasm && process.env.TSIFT_PARSER !== "wasm" && isMainThread) process.stderr.write(`${fallbackNotice()}\n`);

/** One line saying why parsing is slower than it could be, and how to get the native parser. */
function fallbackNotice(): string {
  if (nativeFailure !== null) {
    const reason = nativeFailure instanceof Error ? (nativeFailure.message.split("\n")[0] ?? "") : String(nativeFailure);
    return (
      `tsift: the native tree-sitter binding did not load (${reason}), so parsing uses the slower WebAssembly build; ` +
      "for the native parser, let its build run (pnpm: pnpm approve-builds) or rebuild it: npm rebuild tree-sitter"
    );
  }
  const packages = [...new Set([...wasmLangs].map((lang) => langInfo(lang).grammarPackage))].sort();
  const why = platformGrammarsInstalled() ? `${PLATFORM_GRAMMARS_PACKAGE} has no binary of them` : `${PLATFORM_GRAMMARS_PACKAGE} is not installed`;
  const install = platformGrammarsInstalled() ? "" : `install ${PLATFORM_GRAMMARS_PACKAGE} (npm adds it unless optional dependencies are omitted), or `;
  return (
    `tsift: no native grammar for ${packages.join(", ")} (${why}), so those languages parse with the slower WebAssembly build; ` +
    `for the native parser, ${install}build the grammars from source: npm install ${packages.join(" ")}`
  );
}

/** The backend that parses `lang` in this process (without a language: whether any language falls back). */
export function parserBackend(lang?: Lang): ParserBackend {
  if (nativeFailure !== null) return "wasm";
  return lang === undefined ? (wasmLangs.size > 0 ? "wasm" : "native") : wasmLangs.has(lang) ? "wasm" : "native";
}

/**
 * Loads a grammar on first use, from the package and export its language declares, so
 * indexing Python never loads the Kotlin addon and reading an index loads none.
 */
function parserFor(lang: Lang): NativeParser {
  const cached = parsers.get(lang);
  if (cached) return cached;
  const info = langInfo(lang);
  let grammar: unknown;
  try {
    parserConstructor ??= require("tree-sitter") as ParserConstructor;
  } catch (error) {
    throw loadError("tree-sitter", `cannot load tree-sitter for ${lang}`, error);
  }
  try {
    const module = requireGrammar(info.grammarPackage);
    grammar = info.grammarExport === null ? module : module[info.grammarExport];
  } catch (error) {
    throw loadError(info.grammarPackage, `cannot load the tree-sitter grammar for ${lang} (${info.grammarPackage})`, error);
  }
  const parser = new parserConstructor();
  parser.setLanguage(grammar);
  // Indented text on a later line, so the probe has a node that starts past row and column 0.
  const binding = nativeBinding();
  installNodeClasses(
    grammar as object,
    parserConstructor.SyntaxNode,
    () => parser.parse("\n  a(b, c);\n  d = [e];\n"),
    binding?.getNodeFieldNamesById?.(grammar) ?? null,
    binding,
  );
  parsers.set(lang, parser);
  return parser;
}

/**
 * A package that is not installed at all needs an install; one that is installed but whose
 * addon does not load (pnpm 10 skipped its install script, another Node.js built it) is a
 * `native_binding` error naming the rebuild; requireGrammar's own errors pass through.
 */
function loadError(packageName: string, what: string, error: unknown): TsiftError {
  if (isTsiftError(error)) return error;
  const missing = (error as { code?: string }).code === "MODULE_NOT_FOUND" && (error as Error).message.includes(`'${packageName}'`);
  if (!missing) return nativeBindingError(packageName, error);
  return new TsiftError("unsupported", `${what}: ${(error as Error).message}`, { cause: error, hint: "reinstall dependencies: npm ci" });
}

type Binding = NodeBinding & { getNodeFieldNamesById?: (language: unknown) => (string | null)[] };

/** node-tree-sitter's own native binding (the module it loaded), for its field names and node transfer; null when it cannot be had. */
function nativeBinding(): Binding | null {
  try {
    return (require("node-gyp-build") as (dir: string) => Binding)(dirname(require.resolve("tree-sitter/package.json")));
  } catch {
    return null;
  }
}

/**
 * Parses source text, or only `range` of it (the tree's offsets and positions are still the
 * whole text's); tree-sitter recovers from syntax errors, so this only throws when the
 * grammar cannot load.
 */
export function parseSource(lang: Lang, source: string, range?: SourceRange): SyntaxTree {
  if (wasm && wasmLangs.has(lang)) {
    if (!wasm.langs.has(lang)) {
      const grammarPackage = langInfo(lang).grammarPackage;
      throw new TsiftError("unsupported", `no WebAssembly grammar for ${lang}, and its native parser (tree-sitter, ${grammarPackage}) is not available`, {
        hint: `build the native parser: npm rebuild tree-sitter ${grammarPackage}`,
      });
    }
    return wasm.parse(lang, source, range) as unknown as SyntaxTree;
  }
  const length = range ? range.endIndex - range.startIndex : source.length;
  // The default 32 KiB input buffer makes big files parse in many small chunks.
  const bufferSize = Math.max(32 * 1024, Math.min(length * 2 + 2, 8 * 1024 * 1024));
  const tree = parserFor(lang).parse(source, null, range ? { bufferSize, includedRanges: [range] } : { bufferSize });
  skipNodeCache(tree);
  return tree;
}

interface NodeCachingTree {
  _cacheNode?: unknown;
  _cacheNodes?: unknown;
}

const noNodeCache = (): void => {};

/**
 * node-tree-sitter registers every node object it hands out in a per-tree cache of weak
 * references, each with a finalizer, so that handing out the same node again returns the same
 * object. Extraction never needs that identity (rules compare nodes by offset, and every rule
 * for one node gets the walker's one object), while the registration and its finalizer cost
 * about as much as building the node (a tenth of TypeScript's extraction CPU, plus the
 * finalizers' share of each collection). Without it, a node asked for twice is two objects.
 */
function skipNodeCache(tree: SyntaxTree): void {
  const caching = tree as unknown as NodeCachingTree;
  if (typeof caching._cacheNode === "function" && typeof caching._cacheNodes === "function") {
    caching._cacheNode = noNodeCache;
    caching._cacheNodes = noNodeCache;
  }
}

/**
 * Frees a tree's memory now. A web-tree-sitter tree lives in WASM memory that JavaScript's
 * collector does not see; extraction releases each tree when done with it (a finalizer frees
 * the ones nobody releases). Native trees are freed by their own finalizers: a no-op.
 */
export function releaseTree(tree: SyntaxTree): void {
  wasm?.release(tree);
}
