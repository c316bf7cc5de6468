import type { CallSite, ExtractedSymbol, ImportEntry } from "../extraction-types";
import type { Lang } from "../lang";
import type { LanguageRules, RuleContext, SymbolDraft } from "../language-rules";
import type { SyntaxTree } from "../parser-registry";

interface ScopeFrame {
  symbol: ExtractedSymbol;
  callable: boolean;
  container: boolean;
  branches: number;
  nesting: number;
  maxNesting: number;
}

/** Per-depth bookkeeping so leaving a node undoes exactly what entering it did. */
interface VisitRecord {
  type: string;
  frames: number;
  nests: boolean;
}

type RuleTable<T> = Readonly<Record<string, T>> | undefined;

interface RuleMaps {
  definitions: Map<string, LanguageRules["definitions"][string]>;
  calls: Map<string, LanguageRules["calls"][string]>;
  imports: Map<string, LanguageRules["imports"][string]>;
  conditionalBranches: Map<string, NonNullable<LanguageRules["conditionalBranches"]>[string]>;
  conditionalNesting: Map<string, NonNullable<LanguageRules["conditionalNesting"]>[string]>;
}

/**
 * Rule tables as Maps, built once per rules object: node types such as Kotlin's
 * `constructor` must not find `Object.prototype` members in a plain-object lookup.
 */
const ruleMaps = new WeakMap<LanguageRules, RuleMaps>();
const toMap = <T>(table: RuleTable<T>): Map<string, T> => new Map(table ? Object.entries(table) : []);
function mapsFor(rules: LanguageRules): RuleMaps {
  let maps = ruleMaps.get(rules);
  if (!maps) {
    maps = {
      definitions: toMap(rules.definitions),
      calls: toMap(rules.calls),
      imports: toMap(rules.imports),
      conditionalBranches: toMap(rules.conditionalBranches),
      conditionalNesting: toMap(rules.conditionalNesting),
    };
    ruleMaps.set(rules, maps);
  }
  return maps;
}

export interface WalkResult {
  symbols: ExtractedSymbol[];
  calls: CallSite[];
  imports: ImportEntry[];
}

/**
 * One iterative pass over the tree with a cursor (no recursion, so pathological nesting
 * cannot overflow the stack). Definitions open scopes that give later symbols their
 * parent and call sites their caller; decision points and nesting are charged to the
 * innermost callable scope.
 */
export function walkTree(tree: SyntaxTree, source: string, lang: Lang, rules: LanguageRules): WalkResult {
  const symbols: ExtractedSymbol[] = [];
  const calls: CallSite[] = [];
  const imports: ImportEntry[] = [];
  const scopes: ScopeFrame[] = [];
  const visits: VisitRecord[] = [];
  const maps = mapsFor(rules);

  const innermost = (predicate: (frame: ScopeFrame) => boolean): ScopeFrame | null => {
    for (let i = scopes.length - 1; i >= 0; i--) if (predicate(scopes[i]!)) return scopes[i]!;
    return null;
  };
  const context: RuleContext = {
    source,
    lang,
    enclosing: () => innermost(() => true)?.symbol ?? null,
    container: () => innermost((frame) => frame.container)?.symbol ?? null,
    // Rules run while the cursor is on their node, so the top visit record is its parent.
    parentType: () => visits[visits.length - 1]?.type ?? null,
    ancestorType: (generation) => visits[visits.length - 1 - generation]?.type ?? null,
    fieldName: () => cursor.currentFieldName ?? null,
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
      qualified_name: parent ? `${parent}${lang === "markdown" ? " > " : "."}${draft.name}` : draft.name,
    };
    if (draft.level !== undefined) symbol.level = draft.level;
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

  const cursor = tree.walk();
  const enter = (type: string): VisitRecord => {
    const record: VisitRecord = { type, frames: 0, nests: false };
    const definition = maps.definitions.get(type);
    const call = maps.calls.get(type);
    const importRule = maps.imports.get(type);
    const conditional = maps.conditionalBranches.get(type);
    const conditionalNest = maps.conditionalNesting.get(type);
    const node = definition || call || importRule || conditional ? cursor.currentNode : null;
    const callable = () => innermost((frame) => frame.callable);
    if (rules.branches.has(type)) {
      const frame = callable();
      if (frame) frame.branches++;
    } else if (conditional && node) {
      const frame = callable();
      if (frame) frame.branches += conditional(node, context);
    }
    if (rules.nesting.has(type) || conditionalNest?.(context)) {
      const frame = callable();
      if (frame) {
        frame.nesting++;
        frame.maxNesting = Math.max(frame.maxNesting, frame.nesting);
        record.nests = true;
      }
    }
    if (importRule && node) {
      const found = importRule(node, context);
      if (found) imports.push(...found);
    }
    if (call && node) {
      const drafts = call(node, context);
      if (drafts) {
        const frame = callable();
        for (const draft of Array.isArray(drafts) ? drafts : [drafts]) {
          calls.push({
            caller: frame?.symbol.qualified_name ?? null,
            caller_line: frame?.symbol.line ?? null,
            callee: draft.callee,
            receiver: draft.receiver,
            line: (draft.row ?? node.startPosition.row) + 1,
            kind: draft.kind,
          });
        }
      }
    }
    if (definition && node) {
      const drafts = definition(node, context);
      if (drafts) {
        const fallback = { startRow: node.startPosition.row, endRow: node.endPosition.row };
        for (const draft of Array.isArray(drafts) ? drafts : [drafts]) {
          scopes.push(openSymbol(draft, fallback));
          record.frames++;
        }
      }
    }
    return record;
  };

  const leave = (record: VisitRecord) => {
    if (record.nests) {
      const frame = innermost((f) => f.callable);
      if (frame) frame.nesting--;
    }
    for (let i = 0; i < record.frames; i++) closeFrame(scopes.pop()!);
  };

  for (;;) {
    // One native read of the type per node; cursor getters cross into the addon each time.
    const type = cursor.nodeType;
    const skipped = rules.skip.has(type);
    const record = skipped ? { type, frames: 0, nests: false } : enter(type);
    if (!skipped && cursor.gotoFirstChild()) {
      visits.push(record);
      continue;
    }
    leave(record);
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) {
        return { symbols, calls, imports };
      }
      leave(visits.pop()!);
    }
  }
}
