import type Database from "better-sqlite3";
import { family, TYPE_LIKE } from "../../resolve/resolution-models";
import { heritageNames, stripTypeArguments } from "../../resolve/type-text";
import type { ResolverSymbol } from "../../resolve/resolver-types";
import { prepared } from "./prepared";

/** A symbol as `impact` walks it: enough to name it, place it and follow its callers. */
export interface ImpactSymbol {
  id: number;
  file: string;
  name: string;
  qualified_name: string;
  kind: string;
  language: string;
  line: number;
  end_line: number;
  /** The declaration head (attributes and decorators kept: Rust's `#[test] fn x()`). */
  signature: string | null;
}

/** One call site that resolves to a walked symbol (or, for a removed one, names it unresolved). */
export interface ImpactCaller {
  /** The symbol called: its id, or null for a call matched by name only. */
  target_id: number | null;
  /** The file the call is written in. */
  file: string;
  line: number;
  /** The enclosing symbol, or null for top-level code (a script body, a test callback). */
  caller: ImpactSymbol | null;
}

/** One import whose module resolved to a walked file. */
export interface ImpactImporter {
  /** The importing file. */
  file: string;
  /** The imported file. */
  imported: string;
  /** The imported name; null for side-effect and whole-module imports. */
  name: string | null;
  line: number;
}

const SYMBOL_COLUMNS = "s.id, s.file, s.name, s.qualified_name, s.kind, s.language, s.line, s.end_line, s.signature";

/**
 * The symbols of `file` whose lines overlap `[start, end]` (1-based, inclusive), outermost
 * first: a hunk inside a method changes the method and the class around it.
 */
export function symbolsOverlapping(db: Database.Database, file: string, start: number, end: number): ImpactSymbol[] {
  return prepared(
    db,
    `SELECT ${SYMBOL_COLUMNS} FROM symbols s WHERE s.file = ? AND s.line <= ? AND s.end_line >= ? ORDER BY s.line, s.end_line DESC, s.id`,
  ).all(file, end, start) as ImpactSymbol[];
}

/** Every symbol of `file`, in line order (to map a parsed snapshot's names onto indexed rows). */
export function symbolsOfFile(db: Database.Database, file: string): ImpactSymbol[] {
  return prepared(db, `SELECT ${SYMBOL_COLUMNS} FROM symbols s WHERE s.file = ? ORDER BY s.line, s.end_line DESC, s.id`).all(file) as ImpactSymbol[];
}

interface CallerRow {
  target_id: number | null;
  file: string;
  line: number;
  id: number | null;
  caller_file: string | null;
  name: string | null;
  qualified_name: string | null;
  kind: string | null;
  language: string | null;
  caller_line: number | null;
  end_line: number | null;
  signature: string | null;
}

const CALLER_SELECT = `SELECT c.resolved_symbol_id AS target_id, c.file, c.line, s.id, s.file AS caller_file, s.name, s.qualified_name, s.kind, s.language,
    s.line AS caller_line, s.end_line, s.signature
  FROM calls c LEFT JOIN symbols s ON s.id = c.caller_symbol_id`;

/** The call sites whose resolved target is `id`, in file and line order. */
export function callersOfSymbol(db: Database.Database, id: number): ImpactCaller[] {
  const rows = prepared(db, `${CALLER_SELECT} WHERE c.resolved_symbol_id = ? ORDER BY c.file, c.line, c.id`).all(id) as CallerRow[];
  return rows.map(toCaller);
}

/**
 * Call sites the resolver left undecided (`unresolved`, `ambiguous`) that write `name`:
 * a removed symbol's callers (nothing resolves to it any more), in file and line order.
 */
export function undecidedCallsNamed(db: Database.Database, name: string): ImpactCaller[] {
  const rows = prepared(db, `${CALLER_SELECT} WHERE c.callee_name = ? AND c.resolved_symbol_id IS NULL ORDER BY c.file, c.line, c.id`).all(name) as CallerRow[];
  return rows.map(toCaller);
}

/** The imports whose module resolved to `file`, in importing-file and line order. */
export function importersOfFile(db: Database.Database, file: string): ImpactImporter[] {
  return prepared(db, "SELECT file, resolved_file AS imported, name, line FROM imports WHERE resolved_file = ? ORDER BY file, line, id").all(
    file,
  ) as ImpactImporter[];
}

/** A type's row as the resolver reads it, with its heritage columns always selected. */
type TypeRow = Omit<ResolverSymbol, "signature" | "bases"> & { signature: string | null; bases: string | null };

/** Base-type hops followed up from one method (interface of a base of a base…). */
const MAX_DISPATCH_LEVELS = 8;

/**
 * The members a call can name and still run the method `id` by dynamic dispatch: the
 * same-named methods of the interfaces, traits and base classes its type lists among its
 * bases (`implements GraphStore`, `extends Base`, `impl Store for Mem`), and of their bases
 * in turn, nearest first. A base is matched by its last path segment; when several types
 * share that name, those in the type's own file or a file it imports the name from win.
 * `impact` walks these members' callers too: a test calling `store.save()` on a `Store`
 * reaches `MemoryStore.save`.
 */
export function dispatchSourcesOf(db: Database.Database, id: number): ImpactSymbol[] {
  const method = prepared(db, `SELECT ${SYMBOL_COLUMNS}, s.parent FROM symbols s WHERE s.id = ? AND s.kind = 'method'`).get(id) as
    (ImpactSymbol & { parent: string | null }) | undefined;
  if (!method || method.parent === null) return [];
  const typeOf = prepared(
    db,
    "SELECT id, file, name, kind, language, parent, qualified_name, signature, bases FROM symbols WHERE file = ? AND qualified_name = ?",
  );
  const typesNamed = prepared(
    db,
    "SELECT id, file, name, kind, language, parent, qualified_name, signature, bases FROM symbols WHERE name = ? ORDER BY file, line, id",
  );
  const importedFrom = prepared(
    db,
    "SELECT resolved_file FROM imports WHERE file = ? AND (alias = ? OR (alias IS NULL AND name = ?)) AND resolved_file IS NOT NULL",
    "pluck",
  );
  const memberOf = prepared(
    db,
    `SELECT ${SYMBOL_COLUMNS} FROM symbols s WHERE s.file = ? AND s.parent = ? AND s.name = ? AND s.kind = 'method' ORDER BY s.line, s.id`,
  );
  const owner = typeOf.get(method.file, method.parent) as TypeRow | undefined;
  if (!owner || !TYPE_LIKE.has(owner.kind)) return [];
  const lang = family(method.language);
  const out: ImpactSymbol[] = [];
  const seenTypes = new Set<number>([owner.id]);
  let level: TypeRow[] = [owner];
  for (let depth = 0; depth < MAX_DISPATCH_LEVELS && level.length > 0; depth++) {
    const next: TypeRow[] = [];
    for (const type of level) {
      for (const written of heritageNames(type)) {
        if (written.includes("|")) continue;
        const name = stripTypeArguments(written).trim().split(/\.|::/u).at(-1) ?? "";
        if (!name) continue;
        const candidates = (typesNamed.all(name) as TypeRow[]).filter(
          (candidate) => candidate.id !== type.id && TYPE_LIKE.has(candidate.kind) && family(candidate.language) === lang && !seenTypes.has(candidate.id),
        );
        const near = new Set([type.file, ...(importedFrom.all(type.file, name, name) as string[])]);
        const close = candidates.filter((candidate) => near.has(candidate.file));
        for (const base of close.length > 0 ? close : candidates) {
          seenTypes.add(base.id);
          next.push(base);
          for (const member of memberOf.all(base.file, base.qualified_name, method.name) as ImpactSymbol[]) out.push(member);
        }
      }
    }
    level = next;
  }
  return out;
}

function toCaller(row: CallerRow): ImpactCaller {
  const caller: ImpactSymbol | null =
    row.id === null
      ? null
      : {
          id: row.id,
          file: row.caller_file!,
          name: row.name!,
          qualified_name: row.qualified_name!,
          kind: row.kind!,
          language: row.language!,
          line: row.caller_line!,
          end_line: row.end_line!,
          signature: row.signature,
        };
  return { target_id: row.target_id, file: row.file, line: row.line, caller };
}
