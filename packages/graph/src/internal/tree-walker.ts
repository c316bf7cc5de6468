import { boundedQualifiedName } from "./bounded-qualified-name";
import type { CallSite, ExtractedSymbol, ImportEntry, MemberType } from "../extraction-types";
import type { Lang } from "../lang";
import { langInfo } from "../lang-info";
import type { CallDraft, LanguageRules, RuleContext, SymbolDraft } from "../language-rules";
import type { SyntaxNode, SyntaxTree, TreeCursor } from "../parser-registry";
import type { NodeCursor } from "./node-cursor";

interface ScopeFrame {
  symbol: ExtractedSymbol;
  callable: boolean;
  container: boolean;
  branches: number;
  nesting: number;
  maxNesting: number;
}

type RuleTable<T> = Readonly<Record<string, T>> | undefined;

/** Everything the walker needs to know about one node type, resolved once per grammar symbol. */
interface TypeEntry {
  name: string;
  skip: boolean;
  branch: boolean;
  nest: boolean;
  definition: LanguageRules["definitions"][string] | undefined;
  call: LanguageRules["calls"][string] | undefined;
  cursorCall: NonNullable<LanguageRules["cursorCalls"]>[string] | undefined;
  importRule: LanguageRules["imports"][string] | undefined;
  conditionalBranch: NonNullable<LanguageRules["conditionalBranches"]>[string] | undefined;
  conditionalNest: NonNullable<LanguageRules["conditionalNesting"]>[string] | undefined;
  /** False for the vast majority of types: nothing to do on entering or leaving them. */
  active: boolean;
}

// Own-property lookups only: node types such as Kotlin's `constructor` must not find
// `Object.prototype` members.
const own = <T>(table: RuleTable<T>, type: string): T | undefined => (table && Object.hasOwn(table, type) ? table[type] : undefined);

/**
 * Type entries indexed by grammar symbol id, per rules object and language (one rules
 * object serves several grammars whose ids differ). The cursor's numeric type id is
 * cheaper to read than its type string, and each string is read once per symbol.
 */
const typeTables = new WeakMap<LanguageRules, Map<Lang, (TypeEntry | undefined)[]>>();
function typeTableFor(rules: LanguageRules, lang: Lang): (TypeEntry | undefined)[] {
  let byLang = typeTables.get(rules);
  if (!byLang) {
    byLang = new Map();
    typeTables.set(rules, byLang);
  }
  let table = byLang.get(lang);
  if (!table) {
    table = [];
    byLang.set(lang, table);
  }
  return table;
}

function describeType(rules: LanguageRules, name: string): TypeEntry {
  const entry: TypeEntry = {
    name,
    skip: rules.skip.has(name),
    branch: rules.branches.has(name),
    nest: rules.nesting.has(name),
    definition: own(rules.definitions, name),
    call: own(rules.calls, name),
    cursorCall: own(rules.cursorCalls, name),
    importRule: own(rules.imports, name),
    conditionalBranch: own(rules.conditionalBranches, name),
    conditionalNest: own(rules.conditionalNesting, name),
    active: false,
  };
  entry.active =
    entry.branch ||
    entry.nest ||
    !!(entry.definition || entry.call || entry.cursorCall || entry.importRule || entry.conditionalBranch || entry.conditionalNest);
  return entry;
}

export interface WalkResult {
  symbols: ExtractedSymbol[];
  calls: CallSite[];
  imports: ImportEntry[];
  memberTypes: MemberType[];
}

/**
 * One iterative pass over the tree with a cursor (no recursion, so pathological nesting
 * cannot overflow the stack). Definitions open scopes that give later symbols their
 * parent and call sites their caller; decision points and nesting are charged to the
 * innermost callable scope.
 */
export function walkTree(tree: SyntaxTree, source: string, lang: Lang, rules: LanguageRules): WalkResult {
  const walker = createTreeWalker(source, lang, rules);
  walker.walkRoot(tree);
  return walker.result;
}

/** Top-level children of a slice's root to walk: those at child index `from` up to, not including, `to`. */
export interface TopLevelRange {
  from: number;
  to: number;
}

/**
 * The grammar's root type (TypeScript's `program`), which a slice's root stands for: a slice
 * whose text ends in a cut statement may parse to an ERROR root over the same statements.
 */
export interface RootType {
  typeId: number;
  name: string;
}

export interface TreeWalker {
  /**
   * Runs the root's own definition rule on a slice's root, without walking (a first pass
   * over every slice, so whole-file facts such as TypeScript's `export { a }` lists are known
   * before any slice is walked). False when the root has rules a slice cannot stand for:
   * any rule other than a definition, or a definition that opens a symbol.
   */
  prescanRoot(tree: SyntaxTree, rootType: RootType): boolean;
  walkRoot(tree: SyntaxTree): void;
  /**
   * Walks some top-level children of a tree parsed from a slice of the source, as the
   * whole-file walk would have walked them: between two top-level statements no scope is
   * open, so results of consecutive slices concatenate to the whole file's.
   */
  walkTopLevel(tree: SyntaxTree, range: TopLevelRange, rootType: RootType): void;
  readonly result: WalkResult;
}

export function createTreeWalker(source: string, lang: Lang, rules: LanguageRules): TreeWalker {
  const symbols: ExtractedSymbol[] = [];
  const calls: CallSite[] = [];
  const imports: ImportEntry[] = [];
  const memberTypes: MemberType[] = [];
  const scopes: ScopeFrame[] = [];
  const types = typeTableFor(rules, lang);
  const separator = langInfo(lang).qualifiedNameSeparator;
  // Open ancestors of the cursor, as parallel stacks: no allocation per node.
  const ancestorTypes: TypeEntry[] = [];
  const ancestorFrames: number[] = [];
  const ancestorNests: boolean[] = [];

  const innermost = (predicate: (frame: ScopeFrame) => boolean): ScopeFrame | null => {
    for (let i = scopes.length - 1; i >= 0; i--) if (predicate(scopes[i]!)) return scopes[i]!;
    return null;
  };
  const innermostCallable = (): ScopeFrame | null => {
    for (let i = scopes.length - 1; i >= 0; i--) if (scopes[i]!.callable) return scopes[i]!;
    return null;
  };
  const context: RuleContext = {
    source,
    lang,
    enclosing: () => innermost(() => true)?.symbol ?? null,
    container: () => innermost((frame) => frame.container)?.symbol ?? null,
    // Rules run while the cursor is on their node, so the top of the stack is its parent.
    parentType: () => ancestorTypes[ancestorTypes.length - 1]?.name ?? null,
    ancestorType: (generation) => ancestorTypes[ancestorTypes.length - 1 - generation]?.name ?? null,
    fieldName: () => cursor.currentFieldName ?? null,
    nodeStart: () => cursor.startIndex,
    nodeEnd: () => cursor.endIndex,
    memberType: (name, type, explicit) => {
      const owner = explicit ?? innermost((frame) => frame.container)?.symbol.qualified_name;
      if (owner !== undefined) memberTypes.push({ owner, name, type });
    },
  };

  const openSymbol = (draft: SymbolDraft, fallback: { startRow: number; endRow: number }): ScopeFrame => {
    const span = draft.spanNode;
    const line = (draft.startRow ?? span?.startPosition.row ?? fallback.startRow) + 1;
    const endLine = Math.max(line, (draft.endRow ?? span?.endPosition.row ?? fallback.endRow) + 1);
    const parent = draft.parent !== undefined ? draft.parent : (innermost((frame) => frame.container || frame.callable)?.symbol.qualified_name ?? null);
    const symbol: ExtractedSymbol = {
      name: draft.name,
      kind: draft.kind,
      language: lang,
      line,
      end_line: endLine,
      signature: draft.signature,
      visibility: draft.visibility,
      parent,
      qualified_name: parent ? boundedQualifiedName(parent, separator, draft.name) : draft.name,
    };
    if (draft.level !== undefined) symbol.level = draft.level;
    if (draft.return_type !== undefined) symbol.return_type = draft.return_type;
    if (draft.value_type !== undefined) symbol.value_type = draft.value_type;
    if (draft.bases !== undefined) symbol.bases = draft.bases;
    symbols.push(symbol);
    return { symbol, callable: draft.callable, container: draft.container, branches: 0, nesting: 0, maxNesting: 0 };
  };

  const closeFrame = (frame: ScopeFrame) => {
    if (frame.callable) {
      frame.symbol.complexity = {
        cyclomatic: 1 + frame.branches,
        max_nesting: frame.maxNesting,
        lines: frame.symbol.end_line - frame.symbol.line + 1,
      };
    }
  };

  let cursor: TreeCursor;
  let enteredFrames = 0;
  let enteredNests = false;
  /** Runs the rules for an active node type; sets enteredFrames / enteredNests. */
  const enter = (entry: TypeEntry): void => {
    const { definition, call, importRule, conditionalBranch } = entry;
    const node = definition || call || importRule || conditionalBranch ? cursor.currentNode : null;
    if (entry.branch) {
      const frame = innermostCallable();
      if (frame) frame.branches++;
    } else if (conditionalBranch && node) {
      const frame = innermostCallable();
      if (frame) frame.branches += conditionalBranch(node, context);
    }
    if (entry.nest || entry.conditionalNest?.(context)) {
      const frame = innermostCallable();
      if (frame) {
        frame.nesting++;
        frame.maxNesting = Math.max(frame.maxNesting, frame.nesting);
        enteredNests = true;
      }
    }
    if (importRule && node) {
      const found = importRule(node, context);
      if (found) imports.push(...found);
    }
    if (call && node) addCalls(call(node, context), node);
    else if (entry.cursorCall) addCalls(entry.cursorCall(context), null);
    if (definition && node) {
      const drafts = definition(node, context);
      if (drafts) {
        const fallback = { startRow: node.startPosition.row, endRow: node.endPosition.row };
        for (const draft of Array.isArray(drafts) ? drafts : [drafts]) {
          scopes.push(openSymbol(draft, fallback));
          enteredFrames++;
        }
      }
    }
  };

  /** Call sites from a rule's drafts; a draft without a row is on the node's start row. */
  const addCalls = (drafts: CallDraft | CallDraft[] | null, node: SyntaxNode | null): void => {
    if (!drafts) return;
    const frame = innermostCallable();
    for (const draft of Array.isArray(drafts) ? drafts : [drafts]) {
      const site: CallSite = {
        caller: frame?.symbol.qualified_name ?? null,
        caller_line: frame?.symbol.line ?? null,
        callee: draft.callee,
        receiver: draft.receiver,
        line: (draft.row ?? (node ? node.startPosition.row : (cursor as NodeCursor).startPosition.row)) + 1,
        kind: draft.kind,
      };
      if (draft.receiver_type !== undefined) site.receiver_type = draft.receiver_type;
      if (draft.local) site.local = true;
      calls.push(site);
    }
  };

  const leave = (frames: number, nests: boolean) => {
    if (nests) {
      const frame = innermostCallable();
      if (frame) frame.nesting--;
    }
    for (let i = 0; i < frames; i++) closeFrame(scopes.pop()!);
  };

  const entryOf = (typeId: number, name?: string): TypeEntry => {
    let entry = types[typeId];
    if (entry === undefined) {
      entry = describeType(rules, name ?? cursor.nodeType);
      types[typeId] = entry;
    }
    return entry;
  };

  /**
   * Walks from the cursor's node to the end of its subtree, then on to the next top-level
   * node while `nextTop` moves the cursor to one (depth 0 is the level the walk started at).
   */
  const walkFromCursor = (nextTop: () => boolean): void => {
    let depth = 0;
    for (;;) {
      const entry = entryOf(cursor.nodeTypeId);
      enteredFrames = 0;
      enteredNests = false;
      if (entry.active && !entry.skip) enter(entry);
      if (!entry.skip && cursor.gotoFirstChild()) {
        ancestorTypes.push(entry);
        ancestorFrames.push(enteredFrames);
        ancestorNests.push(enteredNests);
        depth++;
        continue;
      }
      if (enteredFrames > 0 || enteredNests) leave(enteredFrames, enteredNests);
      for (;;) {
        if (depth === 0) {
          if (nextTop()) break;
          return;
        }
        if (cursor.gotoNextSibling()) break;
        cursor.gotoParent();
        depth--;
        ancestorTypes.pop();
        const frames = ancestorFrames.pop()!;
        const nests = ancestorNests.pop()!;
        if (frames > 0 || nests) leave(frames, nests);
      }
    }
  };

  const result: WalkResult = { symbols, calls, imports, memberTypes };
  return {
    result,
    prescanRoot(tree, rootType) {
      cursor = tree.walk();
      const root = entryOf(rootType.typeId, rootType.name);
      if (!root.active) return true;
      if (root.skip || root.branch || root.nest || root.call || root.importRule || root.conditionalBranch || root.conditionalNest || !root.definition)
        return false;
      const drafts = root.definition(cursor.currentNode, context);
      return drafts === null || (Array.isArray(drafts) && drafts.length === 0);
    },
    walkRoot(tree) {
      cursor = tree.walk();
      walkFromCursor(() => false);
    },
    walkTopLevel(tree, range, rootType) {
      if (range.to <= range.from) return;
      cursor = tree.walk();
      const root = entryOf(rootType.typeId, rootType.name);
      // The root's definition rule sees each slice's root as the whole file's (prescanRoot
      // checked it opens no symbol), so it knows the statements the walk is about to visit.
      if (root.definition) root.definition(cursor.currentNode, context);
      if (!cursor.gotoFirstChild()) return;
      for (let index = 0; index < range.from; index++) if (!cursor.gotoNextSibling()) return;
      // The root stays an open ancestor, with no scope opened for it.
      ancestorTypes.push(root);
      ancestorFrames.push(0);
      ancestorNests.push(false);
      let index = range.from;
      walkFromCursor(() => ++index < range.to && cursor.gotoNextSibling());
      ancestorTypes.pop();
      ancestorFrames.pop();
      ancestorNests.pop();
    },
  };
}
