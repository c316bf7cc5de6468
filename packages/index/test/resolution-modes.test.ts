import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { calleesOf, dispatchTargets, indexLocation, updateIndex, type GraphSymbol } from "../src/index";
import { query } from "./db-helpers";

/**
 * fixtures/resolution-modes/<lang>/<mode>/: one small project per call-resolution mode
 * (constructor calls, receivers bound from constructors and typed factories, module
 * aliases, trait/interface dispatch, inherited members), hand-annotated in
 * `<lang>/expected.json` with every call site that must resolve (caller, line, callee).
 * Each project is indexed by the real indexer in a temp dir; recall is the share of the
 * expected call sites resolved to the expected symbol, precision the share of all resolved
 * call sites in the project that are expected. Dispatch: a call through an interface or
 * trait member lists the annotated implementations beside its edge. The table printed is the one docs/benchmarks/call-graph.md
 * records; the floors below hold what was reached, so a regression fails.
 */

const FIXTURES = fileURLToPath(new URL("../../../fixtures/resolution-modes/", import.meta.url));
/** Every language with a folder here; each folder holds one project per mode it annotates. */
const LANGUAGES = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
/**
 * The modes a folder may hold. Every language covers the first five; `scope` (same file,
 * same class, nested scopes) and `qualified` (package- and namespace-qualified calls,
 * included names) are annotated where the language has them.
 */
const CORE_MODES = ["constructor", "factory", "module-alias", "dispatch", "inherited"] as const;
const OPTIONAL_MODES = ["scope", "qualified"] as const;

interface ExpectedEdge {
  caller: string;
  line: number;
  callee: string;
}

interface ExpectedMode {
  edges: ExpectedEdge[];
  /** The recall reached when it is below 1, so a regression still fails; precision must always be 1. */
  recallFloor?: number;
  /** Interface or trait member (`file:qualified name`) -> the implementations dispatch can reach. */
  implementations?: Record<string, string[]>;
}

interface ResolvedRow {
  caller: string | null;
  line: number;
  callee: string;
  file: string;
}

interface Score {
  expected: number;
  found: number;
  resolved: number;
  correct: number;
  missing: string[];
  wrong: string[];
  /** Member -> the implementations listed beside it, as `file:qualified name`. */
  dispatch: Record<string, string[]>;
  /** Member -> the implementations the callee edges of its expected callers carry. */
  edgeDispatch: Record<string, string[]>;
}

const created: string[] = [];
afterAll(() => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
});

const key = (edge: { caller: string | null; line: number; callee: string }) => `${edge.caller ?? "<module>"}:${edge.line} -> ${edge.callee}`;

async function score(lang: string, mode: string, expected: ExpectedMode): Promise<Score> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), `tsift-modes-${lang}-${mode}-`)));
  created.push(root);
  cpSync(join(FIXTURES, lang, mode), root, { recursive: true });
  const location = indexLocation(root);
  await updateIndex(location, { workers: 0 });
  const rows = query<ResolvedRow>(
    location.dbPath,
    `SELECT cs.file || ':' || cs.qualified_name AS caller, c.line, c.file, t.file || ':' || t.qualified_name AS callee
       FROM calls c JOIN symbols t ON t.id = c.resolved_symbol_id LEFT JOIN symbols cs ON cs.id = c.caller_symbol_id
      ORDER BY c.file, c.line, c.id`,
  );
  const db = new Database(location.dbPath, { readonly: true });
  const dispatch: Record<string, string[]> = {};
  const edgeDispatch: Record<string, string[]> = {};
  try {
    const idOf = (key: string) =>
      db.prepare("SELECT id FROM symbols WHERE file || ':' || qualified_name = ? ORDER BY id").pluck().get(key) as number | undefined;
    for (const member of Object.keys(expected.implementations ?? {})) {
      const id = idOf(member);
      dispatch[member] = (id === undefined ? [] : (dispatchTargets(db, [id]).get(id) ?? [])).map((to) => `${to.file}:${to.name}`).sort();
      const caller = expected.edges.find((edge) => edge.callee === member)!.caller;
      const edges = calleesOf(db, { id: idOf(caller) } as GraphSymbol, { limit: 0 }).edges;
      edgeDispatch[member] = (edges.find((edge) => `${edge.callee_file}:${edge.callee_name}` === member)?.dispatch ?? [])
        .map((to) => `${to.file}:${to.name}`)
        .sort();
    }
  } finally {
    db.close();
  }
  const resolved = new Set(rows.map((row) => key({ ...row, caller: row.caller ?? `${row.file}:<module>` })));
  const wanted = new Set(expected.edges.map(key));
  return {
    expected: wanted.size,
    found: [...wanted].filter((edge) => resolved.has(edge)).length,
    resolved: resolved.size,
    correct: [...resolved].filter((edge) => wanted.has(edge)).length,
    missing: [...wanted].filter((edge) => !resolved.has(edge)),
    wrong: [...resolved].filter((edge) => !wanted.has(edge)),
    dispatch,
    edgeDispatch,
  };
}

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : Math.round((part / whole) * 100) / 100);

describe("call resolution modes by language", () => {
  const table: string[] = [];

  for (const lang of LANGUAGES) {
    const path = join(FIXTURES, lang, "expected.json");
    const { $notApplicable: notApplicable = {}, ...expected } = existsSync(path)
      ? (JSON.parse(readFileSync(path, "utf8")) as Record<string, ExpectedMode> & { $notApplicable?: Record<string, string> })
      : {};
    const modes = readdirSync(join(FIXTURES, lang))
      .filter((entry) => entry !== "expected.json")
      .sort();
    it(`${lang}: every mode has a fixture project and annotations`, () => {
      expect(modes.filter((mode) => !(CORE_MODES as readonly string[]).includes(mode) && !(OPTIONAL_MODES as readonly string[]).includes(mode))).toEqual([]);
      // A core mode the language lacks (C has no constructors) is named with the reason in `$notApplicable`.
      expect(CORE_MODES.filter((mode) => !modes.includes(mode) && !notApplicable[mode])).toEqual([]);
      expect(Object.keys(expected).sort()).toEqual(modes);
    });
    for (const mode of modes) {
      it(`${lang} ${mode}: recall and precision`, async () => {
        const result = await score(lang, mode, expected[mode]!);
        const recall = ratio(result.found, result.expected);
        const precision = ratio(result.correct, result.resolved);
        table.push(`| ${lang} | ${mode} | ${result.found}/${result.expected} | ${recall.toFixed(2)} | ${precision.toFixed(2)} |`);
        if (result.missing.length > 0 || result.wrong.length > 0) {
          console.log(`${lang} ${mode}\n  missing: ${result.missing.join("\n           ")}\n  wrong:   ${result.wrong.join("\n           ")}`);
        }
        expect(precision, result.wrong.join("\n")).toBe(1);
        expect(recall, result.missing.join("\n")).toBeGreaterThanOrEqual(expected[mode]!.recallFloor ?? 1);
        // Calls through an interface or trait member keep their edge there and list the implementations beside it.
        expect(result.dispatch).toEqual(expected[mode]!.implementations ?? {});
        expect(result.edgeDispatch).toEqual(expected[mode]!.implementations ?? {});
      });
    }
  }

  afterAll(() => {
    console.log(["| language | mode | resolved | recall | precision |", "|---|---|---|---|---|", ...table].join("\n"));
  });
});
