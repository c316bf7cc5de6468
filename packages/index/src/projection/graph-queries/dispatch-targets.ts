import type Database from "better-sqlite3";
import { family } from "../../resolve/resolution-models";
import { heritageNames } from "../../resolve/type-text";
import type { ResolverSymbol } from "../../resolve/resolver-types";
import { symbolHandle } from "../../store/symbol-handle";

/** An implementation a call through an interface or trait member may run. */
export interface DispatchTarget {
  /** Qualified name of the implementing method (`SqlRepository.save`). */
  name: string;
  file: string;
  line: number;
  handle: string;
}

/** Most implementations listed for one member; the list is sorted, so a cap keeps it deterministic. */
export const MAX_DISPATCH_TARGETS = 20;

interface MemberRow {
  id: number;
  name: string;
  language: string;
  owner_name: string;
}

interface CandidateRow {
  id: number;
  file: string;
  qualified_name: string;
  line: number;
  language: string;
  type_kind: string;
  type_name: string;
  type_qualified: string;
  signature: string | null;
  bases: string | null;
}

/**
 * The implementations of interface and trait members, by member id: the methods of the same
 * name whose type names the interface or trait among its bases (`implements`, `: Repository`,
 * `impl Repository for SqlRepository`). Call resolution keeps its edge on the member itself
 * (what the code names); these are the targets dynamic dispatch can reach, listed beside it.
 * Only members of an interface or trait are looked at, and a base matches by its last path
 * segment, so a same-named method of an unrelated type is never listed.
 */
export function dispatchTargets(db: Database.Database, memberIds: readonly number[]): Map<number, DispatchTarget[]> {
  const result = new Map<number, DispatchTarget[]>();
  if (memberIds.length === 0) return result;
  const members = db
    .prepare(
      `SELECT t.id, t.name, t.language, o.name AS owner_name FROM symbols t
         JOIN symbols o ON o.file = t.file AND o.qualified_name = t.parent AND o.kind IN ('interface', 'trait')
        WHERE t.id IN (SELECT value FROM json_each(?)) AND t.kind = 'method'
        GROUP BY t.id`,
    )
    .all(JSON.stringify([...new Set(memberIds)])) as MemberRow[];
  const candidates = db.prepare(
    `SELECT m.id, m.file, m.qualified_name, m.line, m.language, p.kind AS type_kind, p.name AS type_name, p.qualified_name AS type_qualified, p.signature, p.bases
       FROM symbols m JOIN symbols p ON p.file = m.file AND p.qualified_name = m.parent
      WHERE m.name = ? AND m.kind = 'method' AND m.id != ? AND p.kind NOT IN ('interface', 'trait')
      ORDER BY m.file, m.line, m.id`,
  );
  for (const member of members) {
    const found = new Map<number, DispatchTarget>();
    for (const row of candidates.all(member.name, member.id) as CandidateRow[]) {
      if (found.has(row.id) || family(row.language) !== family(member.language)) continue;
      const type = {
        id: 0,
        file: row.file,
        name: row.type_name,
        kind: row.type_kind,
        language: row.language,
        parent: null,
        qualified_name: row.type_qualified,
        signature: row.signature,
        bases: row.bases,
      } satisfies ResolverSymbol;
      const names = heritageNames(type).map((base) => base.replace(/<.*$/u, "").split(/\.|::/u).at(-1));
      if (!names.includes(member.owner_name)) continue;
      found.set(row.id, { name: row.qualified_name, file: row.file, line: row.line, handle: symbolHandle(row.file, row.qualified_name, row.line) });
      if (found.size >= MAX_DISPATCH_TARGETS) break;
    }
    if (found.size > 0) result.set(member.id, [...found.values()]);
  }
  return result;
}
