import type Database from "better-sqlite3";
import { languageDefinitions } from "../language-hooks";
import { isAbsolute, join, relative, sep } from "node:path";
import { applyCheckerAnswers, storeCheckerAnswers, type CheckerAnswer } from "./checker-answers";
import { createCheckerProgram } from "./checker-program";
import { collectSites, declaredTarget, siteDeclarations, type CheckerSite } from "./checker-targets";
import { loadProjectTypeScript } from "./load-typescript";
import { SymbolMatcher, type MatchedSymbol } from "./symbol-matcher";

/** `program`: the compiler is loading the files (one step); `calls`: files checked so far. */
export interface CheckerProgress {
  stage: "program" | "calls";
  done: number;
  total: number;
}

/** What the checker pass did; counts only, so reports stay deterministic (timings apart). */
export interface CheckerSummary {
  /** The project's TypeScript version; null when the pass was skipped. */
  typescript: string | null;
  /** Why the pass did not run (no TypeScript files). */
  skipped?: string;
  /** Files checked by this run. */
  files_checked: number;
  /** Files whose stored answers were still current (same content hash): not checked again. */
  files_current: number;
  /** Calls of the checked files looked at (all but those a stored answer already decides). */
  calls_checked: number;
  /** Ambiguous or unresolved calls the checker bound to an indexed symbol. */
  bound: number;
  /** Calls the declaration resolver bound that the checker binds to the same symbol. */
  confirmed: number;
  /** Calls the declaration resolver bound that the checker binds elsewhere, or to nothing indexed (a shadowing local, a parameter, a library). */
  overturned: number;
  timings: { program_ms: number; check_ms: number; write_ms: number };
}

export interface CheckerPassOptions {
  /** Root-relative paths are relative to it; the project's typescript and tsconfig.json are looked up from it. */
  sourceRoot: string;
  now: string;
  onProgress?: (progress: CheckerProgress) => void;
}

/** The languages whose definitions ask the project's TypeScript compiler to check their calls (`checkedBy: "tsc"`). */
const checkedLanguages = (): string[] =>
  languageDefinitions()
    .filter((language) => language.checkedBy === "tsc")
    .map((language) => language.id);

interface CallRow {
  id: number;
  line: number;
  callee_name: string;
  kind: string;
  resolved_symbol_id: number | null;
  resolution: string;
}

/**
 * The opt-in checker pass (`tsift index --resolve checker`), run on an open index writer
 * after the update committed: the project's own TypeScript checker answers the calls of the
 * TypeScript files whose answers are not current (checked at another content hash, or never).
 * It binds the calls the declaration resolver left `ambiguous` or `unresolved`, and checks
 * the ones it bound: a checked binding costs little once the program exists (on effect,
 * checking every call took 16 % more CPU than checking the open ones alone), and it catches
 * the declaration resolver's rare wrong answers (a local shadowing a top-level name). One
 * program over those files (their imports come along), then every answer that differs from
 * the declaration resolver's written in one transaction and laid over `calls` as resolution
 * `checker` (applyCheckerAnswers says what keeps them).
 */
export function runCheckerPass(db: Database.Database, options: CheckerPassOptions): CheckerSummary {
  const summary: CheckerSummary = {
    typescript: null,
    files_checked: 0,
    files_current: 0,
    calls_checked: 0,
    bound: 0,
    confirmed: 0,
    overturned: 0,
    timings: { program_ms: 0, check_ms: 0, write_ms: 0 },
  };
  const tsFiles = db
    .prepare(`SELECT path, content_hash FROM files WHERE skip_reason IS NULL AND language IN (SELECT value FROM json_each(?)) ORDER BY path`)
    .all(JSON.stringify(checkedLanguages())) as { path: string; content_hash: string }[];
  if (tsFiles.length === 0) return { ...summary, skipped: "no TypeScript files to check" };
  const { ts, version } = loadProjectTypeScript(options.sourceRoot);
  summary.typescript = version;

  const current = new Map(db.prepare("SELECT path, content_hash FROM checker_files").raw().all() as [string, string][]);
  const withCalls = new Set(db.prepare("SELECT DISTINCT file FROM calls").pluck().all() as string[]);
  const toCheck: { path: string; content_hash: string }[] = [];
  for (const file of tsFiles) {
    if (!withCalls.has(file.path)) continue;
    if (current.get(file.path) === file.content_hash) summary.files_current++;
    else toCheck.push(file);
  }
  if (toCheck.length === 0) return summary;

  options.onProgress?.({ stage: "program", done: 0, total: toCheck.length });
  const programStarted = performance.now();
  const { program } = createCheckerProgram(
    ts,
    options.sourceRoot,
    toCheck.map((file) => join(options.sourceRoot, file.path)),
  );
  const checker = program.getTypeChecker();
  summary.timings.program_ms = performance.now() - programStarted;

  const checkStarted = performance.now();
  const indexed = new Set(tsFiles.map((file) => file.path));
  const relativePath = (fileName: string): string | null => {
    const path = relative(options.sourceRoot, fileName);
    if (path.startsWith("..") || isAbsolute(path)) return null;
    return sep === "/" ? path : path.split(sep).join("/");
  };
  const matcher = new SymbolMatcher(db);
  const callsOf = db.prepare("SELECT id, line, callee_name, kind, resolved_symbol_id, resolution FROM calls WHERE file = ? ORDER BY id");
  const results: { file: { path: string; content_hash: string }; answers: CheckerAnswer[] }[] = [];

  for (const [index, file] of toCheck.entries()) {
    const sourceFile = program.getSourceFile(join(options.sourceRoot, file.path));
    const answers: CheckerAnswer[] = [];
    if (sourceFile) {
      const sites = new Map<string, CheckerSite[]>();
      for (const site of collectSites(ts, sourceFile)) {
        const list = sites.get(site.callee);
        if (list) list.push(site);
        else sites.set(site.callee, [site]);
      }
      const rows = callsOf.all(file.path) as CallRow[];
      const count = new Map<string, number>();
      for (const row of rows) count.set(`${row.line}\0${row.callee_name}`, (count.get(`${row.line}\0${row.callee_name}`) ?? 0) + 1);
      const seen = new Map<string, number>();
      for (const row of rows) {
        const key = `${row.line}\0${row.callee_name}`;
        const ordinal = (seen.get(key) ?? 0) + 1;
        seen.set(key, ordinal);
        summary.calls_checked++;
        const candidates = (sites.get(row.callee_name) ?? []).filter((site) => site.nameLine === row.line || site.startLine === row.line);
        const outcome = answerFor(candidates, ordinal, count.get(key)!);
        if (outcome === undefined) continue;
        // Rechecking replaces the file's stored answers: one laid over before is kept as an answer.
        if (row.resolution === "checker" && outcome !== null) summary.confirmed++;
        else if (row.resolved_symbol_id !== null) {
          if (outcome !== null && outcome.id === row.resolved_symbol_id) {
            summary.confirmed++;
            continue;
          }
          summary.overturned++;
        } else if (outcome === null) continue;
        else summary.bound++;
        answers.push({ file: file.path, line: row.line, callee_name: row.callee_name, ordinal, target: outcome === null ? null : describe(outcome) });
      }
    }
    results.push({ file, answers });
    options.onProgress?.({ stage: "calls", done: index + 1, total: toCheck.length });
  }
  summary.files_checked = toCheck.length;
  summary.timings.check_ms = performance.now() - checkStarted;

  /**
   * The target of the row'th call of its name on its line: the site at the same rank when
   * the compiler sees as many such calls as the index does, else the one target all of
   * them share. A symbol, null (the checker binds it to nothing indexed) or undefined (no answer).
   */
  function answerFor(candidates: readonly CheckerSite[], ordinal: number, rows: number): MatchedSymbol | null | undefined {
    if (candidates.length === 0) return undefined;
    if (candidates.length === rows) return targetOf(candidates[ordinal - 1]!);
    const answers = candidates.map(targetOf);
    const first = answers[0];
    return answers.every((answer) => answer === first) ? first : undefined;
  }

  function targetOf(site: CheckerSite): MatchedSymbol | null | undefined {
    const declarations = siteDeclarations(ts, checker, site);
    if (declarations.length === 0) return undefined;
    const found = new Set<MatchedSymbol | null>();
    for (const declaration of declarations) {
      const target = declaredTarget(ts, declaration);
      const path = target ? relativePath(target.fileName) : null;
      found.add(target && path !== null && indexed.has(path) ? matcher.match(path, target) : null);
    }
    // A union receiver's member from several places: no one target.
    if (found.size !== 1) return undefined;
    return [...found][0]!;
  }

  const writeStarted = performance.now();
  const write = db.transaction(() => {
    for (const { file, answers } of results) storeCheckerAnswers(db, file.path, file.content_hash, version, options.now, answers);
    const changed = applyCheckerAnswers(
      db,
      results.map(({ file }) => file.path),
    );
    // The code graph's watermark reads each file's indexed_at: its calls were rewritten now.
    const touch = db.prepare("UPDATE files SET indexed_at = ? WHERE path = ?");
    for (const path of changed) touch.run(options.now, path);
  });
  write.immediate();
  summary.timings.write_ms = performance.now() - writeStarted;
  return summary;
}

function describe(symbol: MatchedSymbol): NonNullable<CheckerAnswer["target"]> {
  return { file: symbol.file, qualified_name: symbol.qualified_name, kind: symbol.kind, line: symbol.line };
}
