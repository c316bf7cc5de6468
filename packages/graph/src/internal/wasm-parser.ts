import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import type { Language as WasmLanguage, Node as WasmNode, Parser as WasmParser, Tree as WasmTree, TreeCursor as WasmCursor } from "web-tree-sitter";
import type { Lang } from "../lang";
import { langInfo } from "../lang-info";
import { wasmGrammarFileOf } from "./wasm-grammar-file";

const require = createRequire(import.meta.url);

/** A parse in the shape extraction reads: the adapter below makes web-tree-sitter's trees fit `SyntaxTree`. */
export interface WasmBackend {
  /** Languages whose `.wasm` grammar was found and loaded. */
  readonly langs: ReadonlySet<Lang>;
  parse(lang: Lang, source: string, range?: WasmRange): WasmTree;
  release(tree: object): void;
}

interface WasmRange {
  startIndex: number;
  endIndex: number;
  startPosition: { row: number; column: number };
  endPosition: { row: number; column: number };
}

/** Where the build copies the grammars' `.wasm` files (packages/graph/vendor-grammars.ts). */
export function shippedWasmDir(): string {
  return fileURLToPath(new URL("./wasm", import.meta.url));
}

/** Where the grammar's `.wasm` is: the gzipped copy shipped in dist/wasm, else the grammar package's own (the workspace, tests). */
function wasmGrammarPath(lang: Lang): string | null {
  const file = wasmGrammarFileOf(langInfo(lang));
  const shipped = join(shippedWasmDir(), `${file}.gz`);
  if (existsSync(shipped)) return shipped;
  try {
    const installed = join(dirname(require.resolve(`${langInfo(lang).grammarPackage}/package.json`)), file);
    return existsSync(installed) ? installed : null;
  } catch {
    return null;
  }
}

/** The grammar's WebAssembly bytes, inflated when shipped gzipped. */
function readWasmGrammar(path: string): Uint8Array {
  const bytes = readFileSync(path);
  return path.endsWith(".gz") ? gunzipSync(bytes) : bytes;
}

/**
 * The cursors made on each tree, deleted with it: a cursor keeps its stack in WASM memory.
 * Keyed weakly by tree, so the map holds no tree alive.
 */
const cursorsOf = new WeakMap<object, WasmCursor[]>();

/** Members of web-tree-sitter's classes that hand out nodes: each is interned (see `bridge`). */
const NODE_MEMBERS = [
  "parent",
  "children",
  "namedChildren",
  "firstChild",
  "firstNamedChild",
  "lastChild",
  "lastNamedChild",
  "nextSibling",
  "previousSibling",
  "nextNamedSibling",
  "previousNamedSibling",
  "child",
  "namedChild",
  "childForFieldName",
  "childForFieldId",
  "childrenForFieldName",
  "childrenForFieldId",
  "descendantsOfType",
  "firstChildForIndex",
  "firstNamedChildForIndex",
  "descendantForIndex",
  "namedDescendantForIndex",
  "descendantForPosition",
  "namedDescendantForPosition",
  "childWithDescendant",
];

/** Each tree's nodes by id, so one node is always one object; weak, so it holds no tree alive. */
const nodesOf = new WeakMap<object, Map<number, WasmNode>>();

function intern(node: WasmNode | null | undefined): WasmNode | null {
  if (!node) return null;
  let nodes = nodesOf.get(node.tree);
  if (!nodes) nodesOf.set(node.tree, (nodes = new Map()));
  const known = nodes.get(node.id);
  if (known) return known;
  nodes.set(node.id, node);
  return node;
}

type Member = (this: object, ...args: unknown[]) => unknown;

/** Replaces a getter or method so what it returns (a node, or an array of them) is interned. */
function internResults(prototype: object, name: string): void {
  const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
  if (!descriptor) return;
  const wrap = (original: Member): Member =>
    function (this: object, ...args: unknown[]) {
      const result = original.apply(this, args) as WasmNode | (WasmNode | null)[] | null;
      // Field and type queries may hold null for a missing child; node-tree-sitter's never do.
      return Array.isArray(result) ? result.filter((node) => node !== null).map((node) => intern(node)) : intern(result);
    };
  if (descriptor.get) Object.defineProperty(prototype, name, { ...descriptor, get: wrap(descriptor.get as Member) });
  else if (typeof descriptor.value === "function") Object.defineProperty(prototype, name, { ...descriptor, value: wrap(descriptor.value as Member) });
}

/**
 * Bridges web-tree-sitter's node and cursor API to node-tree-sitter's, in place on its
 * prototypes (wrapping every node in an object of ours would double the allocations):
 * - one node is one object, as node-tree-sitter keeps them (extraction compares nodes with
 *   `===` and keys WeakMaps by them);
 * - a cursor without a field says `undefined` (web-tree-sitter: null), and node lists never
 *   hold null;
 * - every cursor is remembered with its tree, so releasing the tree frees it too.
 */
function bridge(tree: { prototype: object }, node: { prototype: object }, cursor: { prototype: object }): void {
  const fieldName = Object.getOwnPropertyDescriptor(cursor.prototype, "currentFieldName")?.get;
  if (fieldName) {
    Object.defineProperty(cursor.prototype, "currentFieldName", {
      configurable: true,
      get(this: WasmCursor) {
        return (fieldName.call(this) as string | null | undefined) ?? undefined;
      },
    });
  }
  for (const name of NODE_MEMBERS) internResults(node.prototype, name);
  internResults(cursor.prototype, "currentNode");
  internResults(tree.prototype, "rootNode");
  for (const owner of [tree.prototype, node.prototype]) {
    const walk = (owner as { walk(this: object): WasmCursor }).walk;
    Object.defineProperty(owner, "walk", {
      configurable: true,
      writable: true,
      value(this: WasmTree | WasmNode) {
        const made = walk.call(this);
        const key = "rootNode" in this ? this : this.tree;
        const list = cursorsOf.get(key);
        if (list) list.push(made);
        else cursorsOf.set(key, [made]);
        return made;
      },
    });
  }
}

/**
 * Initialises web-tree-sitter and loads the `.wasm` grammar of every language that has one,
 * before the first parse, so parsing stays synchronous. Only called when the native binding
 * cannot be used: the native path never loads web-tree-sitter.
 */
export async function loadWasmBackend(langs: readonly Lang[]): Promise<WasmBackend> {
  const { Parser, Language, Tree, Node, TreeCursor } = await import("web-tree-sitter");
  await Parser.init();
  bridge(Tree, Node, TreeCursor);
  const deleteTree = Tree.prototype.delete;
  // The safety net for a tree nobody released: its address is all delete() reads.
  const unreleased = new FinalizationRegistry<number>((address) => deleteTree.call({ 0: address } as unknown as WasmTree));
  const parsers = new Map<Lang, WasmParser>();
  const languages = new Map<string, WasmLanguage>();
  await Promise.all(
    langs.map(async (lang) => {
      const path = wasmGrammarPath(lang);
      if (path === null) return;
      let language = languages.get(path);
      if (!language) {
        language = await Language.load(readWasmGrammar(path));
        languages.set(path, language);
      }
      const parser = new Parser();
      parser.setLanguage(language);
      parsers.set(lang, parser);
    }),
  );
  return {
    langs: new Set(parsers.keys()),
    parse(lang, source, range) {
      const parser = parsers.get(lang);
      if (!parser) throw new Error(`no .wasm grammar for ${lang}`);
      const tree = parser.parse(source, null, range ? { includedRanges: [{ ...range }] } : undefined);
      if (!tree) throw new Error(`web-tree-sitter returned no tree for ${lang}`);
      unreleased.register(tree, (tree as unknown as { 0: number })[0], tree);
      return tree;
    },
    release(tree) {
      const wasmTree = tree as WasmTree;
      if ((tree as { 0?: number })[0] === 0) return;
      for (const cursor of cursorsOf.get(tree) ?? []) cursor.delete();
      cursorsOf.delete(tree);
      nodesOf.delete(tree);
      unreleased.unregister(tree);
      wasmTree.delete();
    },
  };
}
