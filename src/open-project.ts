import { relative, resolve } from "node:path";
import {
  applyEdits,
  indexProject,
  initProject,
  openReadIndex,
  projectStatus,
  readAnalysis,
  readCallPath,
  readCommunities,
  readExplanation,
  readLocks,
  readMapView,
  readSourceWindow,
  readSymbolGraph,
  readSymbolsOnFirstUse,
  resolveProjectRoot,
  resolveReadTarget,
  type AnalysisOptions,
  type AnalysisReport,
  type CallPath,
  type CallPathOptions,
  type CommunitiesOptions,
  type CommunitiesResult,
  type EditBatchOptions,
  type EditBatchReport,
  type EditRequest,
  type ConvexSyncData,
  type ExplainSymbolOptions,
  type IndexOpener,
  type IndexProjectOptions,
  type IndexReport,
  type InitProjectOptions,
  type InitReport,
  type LocksReport,
  type MapViewOptions,
  type ReadIndex,
  type SourceWindowReport,
  type StatusOptions,
  type StatusReport,
  type SymbolExplanation,
  type SymbolGraphOptions,
  type SymbolGraphReport,
  type SymbolQuery,
  type SymbolsReport,
  type TraverseData,
  type WindowRequest,
  indexHistory,
  searchHistory,
  readProvenance,
  readHistoryTags,
  readArtifacts,
  readCoChange,
  type CoChangeResult,
  type HistoryArtifactsResult,
  type HistoryIndexReport,
  type HistorySearchResult,
  type HistoryTagsResult,
  type ProvenanceResult,
  type ReadArtifactsOptions,
  type ReadCoChangeOptions,
  type ReadHistoryTagsOptions,
  type ReadProvenanceOptions,
  type SearchHistoryOptions,
} from "@tsift/index";
import {
  extractSummaries,
  readFileSummaries,
  readSummaryStats,
  readSymbolSummary,
  type ExtractReport,
  type ExtractSummariesOptions,
  type FileSummaryView,
  type SummaryStats,
  type SymbolSummaryView,
} from "@tsift/index/summaries";
import { diffDigest, type DiffDigestOptions, type DiffDigestReport } from "@tsift/digest";
import { testDigest, type ProjectTestDigest, type TestDigestRequest } from "@tsift/digest";
import { logDigest, type LogDigestRequest, type ProjectLogDigest } from "@tsift/digest";
import { contextPack, runCommand, type ContextPack, type ContextPackOptions, type RunCommandOptions, type RunReport } from "@tsift/digest";
import {
  impact,
  pack,
  relatedProject,
  searchProject,
  type ImpactOptions,
  type ImpactReport,
  type PackData,
  type PackOptions,
  type RelatedData,
  type RelatedProjectOptions,
  type SearchData,
  type SearchProjectOptions,
} from "@tsift/search";
import type { GraphViewModel } from "@tsift/algorithms";
import { convexSyncProject, type ProjectConvexSyncOptions } from "./project-convex-sync";
import { openProjectGraphDb, traverseProject, type ProjectGraphDb, type ProjectTraverseOptions } from "./project-graph";

export interface OpenProjectOptions {
  /** A workspace scope (submodule) id: every query and `index()` use that scope's index. */
  scope?: string | undefined;
  /** `index()` and `check()` cover every workspace scope (`tsift index --workspace`). */
  workspace?: boolean | undefined;
  /**
   * The directory suggested commands (`expand`, `next`, `run`) are spelled for; default the
   * project root, so they run as printed from there.
   */
  cwd?: string | undefined;
  /** Receives one-line notes: config warnings, a refresh skipped for another writer, a snapshot read. */
  onNote?: ((note: string) => void) | undefined;
}

/** `resolve: "checker"` also resolves calls with the project's TypeScript checker (`tsift index --resolve checker`). */
export type ProjectIndexOptions = Pick<IndexProjectOptions, "rebuild" | "prune" | "quiet" | "onProgress" | "resolve" | "onCheckerProgress">;
export type ProjectCheckOptions = Pick<IndexProjectOptions, "quiet">;
export type ProjectStatusOptions = Pick<StatusOptions, "fix" | "limit">;
export type ProjectEdgeOptions = Pick<SymbolGraphOptions, "limit">;
/** `tsift map`'s options: `layer` (`file` or `symbol`), `limit` (the node cap) and `under` (a root-relative directory). */
export type ProjectMapOptions = MapViewOptions;
export type ProjectExplainOptions = Omit<ExplainSymbolOptions, "symbol">;
/** `tsift path`'s options: `undirected` follows calls either way (`--undirected`). */
export type ProjectPathOptions = Omit<CallPathOptions, "from" | "to">;
/** `tsift search`'s options; `path` (a directory or file to search only there) is relative to the project root. */
export type ProjectSearchOptions = Omit<SearchProjectOptions, "query" | "cwd" | "scope" | "deadlineGuard">;
export type ProjectRelatedOptions = Pick<RelatedProjectOptions, "limit" | "model">;
export type ProjectEditOptions = Pick<EditBatchOptions, "dryRun" | "refreshIndex">;
/** `tsift impact`'s options: the diff target, `paths` (relative to the project root), depth, limit and budget. */
export type ProjectImpactOptions = Omit<ImpactOptions, "cwd" | "path" | "scope">;
/** `tsift pack`'s options: budget, changed/since, profile, format and token map. */
export type ProjectPackOptions = Omit<PackOptions, "cwd" | "path" | "scope">;
/** `tsift diff-digest`'s options; `paths` are relative to the project root. */
export type ProjectDiffDigestOptions = Omit<DiffDigestOptions, "root">;
/** `tsift test-digest`'s options: the runner, `limit` and `budget`. */
export type ProjectTestDigestOptions = Omit<TestDigestRequest, "root" | "text" | "scope" | "cwd">;
/** `tsift log-digest`'s options: `limit` (default 10), `context` (default 2) and the line and tail caps. */
export type ProjectLogDigestOptions = Omit<LogDigestRequest, "log" | "input" | "cwd">;
/** `tsift run`'s options: `kind` (`test` or `log`), the runner, budget, abort signal and artifact limits; `cwd` is relative to the project root (default: the root). */
export type ProjectRunOptions = Omit<RunCommandOptions, "root" | "command">;
/** `tsift context-pack`'s options: the diff switch, the test and log inputs (relative to the project root), the runner and the budget. */
export type ProjectContextPackOptions = Omit<ContextPackOptions, "target" | "cwd">;
/** `tsift init`'s flags: the Codex hook, the OpenCode shortcuts, the superproject of a submodule. */
export type ProjectInitOptions = Pick<InitProjectOptions, "claude" | "codex" | "opencode" | "workspace">;

type HistoryRunOptions = "root" | "onNote";
export type ProjectHistorySearchOptions = Omit<SearchHistoryOptions, HistoryRunOptions | "query">;
export type ProjectProvenanceOptions = Omit<ReadProvenanceOptions, HistoryRunOptions | "target" | "cwd">;
/** `path` (one file's tags) is relative to the project root. */
export type ProjectHistoryTagsOptions = Omit<ReadHistoryTagsOptions, HistoryRunOptions>;
export type ProjectArtifactsOptions = Omit<ReadArtifactsOptions, HistoryRunOptions>;
export type ProjectCoChangeOptions = Omit<ReadCoChangeOptions, HistoryRunOptions | "path">;

/** `tsift history <command>`: the git history index `.tsift/history.db`; reads bring it up to HEAD first unless `autoindex` is false. */
export interface ProjectHistory {
  /** `tsift history index`: incremental from the last indexed commit, rebuilt after a rewrite (or with `rebuild`). */
  index(options?: { rebuild?: boolean }): Promise<HistoryIndexReport>;
  /** `tsift history search <query>`: commits by FTS5 BM25 over subject, body and tags. */
  search(query: string, options?: ProjectHistorySearchOptions): Promise<HistorySearchResult>;
  /** `tsift history provenance <path|symbol>`: the commits that shaped a file (renames followed) or a symbol's lines, newest first. */
  provenance(target: string, options?: ProjectProvenanceOptions): Promise<ProvenanceResult>;
  /** `tsift history tags`: tags with artifact counts, or one file's tags. */
  tags(options?: ProjectHistoryTagsOptions): Promise<HistoryTagsResult>;
  /** `tsift history artifacts`: every path the history touched, by tag or alive at HEAD. */
  artifacts(options?: ProjectArtifactsOptions): Promise<HistoryArtifactsResult>;
}

/** `target` (the path to extract) is relative to the project root. */
export type ProjectSummarizeExtractOptions = Omit<ExtractSummariesOptions, "target"> & { target?: string };

/** `tsift summarize …`: the cached LLM summaries in `.tsift/summaries.db`; only `extract` calls the provider, the reads never create the cache. */
export interface ProjectSummaries {
  /** `tsift summarize --extract [target] [--diff]`: summarizes what has no current cached summary (key from `ANTHROPIC_API_KEY` unless `provider` is given). */
  extract(options?: ProjectSummarizeExtractOptions): Promise<ExtractReport>;
  /** `tsift summarize <symbol>`: one symbol's summary, `current`, `stale` or `missing`. */
  symbol(symbol: string): Promise<SymbolSummaryView>;
  /** `tsift summarize --file <path>`: every symbol of an indexed file (`path` relative to the root). */
  file(path: string): Promise<FileSummaryView>;
  /** `tsift summarize --stats`: cached and stale files, tokens spent, estimated savings. */
  stats(): Promise<SummaryStats>;
}

/**
 * A project, as the `tsift` command line sees it: every method is the use case behind one
 * command, takes that command's options, and returns exactly the data `tsift <command>
 * --json` prints (paths relative to the index's source root, as the CLI prints them by
 * default). Failures throw `TsiftError` with the code the CLI turns into its exit code; a
 * symbol argument naming several definitions (or none) throws `usage` (`not_found`) with
 * the candidates in `details.choice`.
 *
 * Between calls the project keeps one index reader open; before each query it checks the
 * index against the tree and refreshes it first when files changed, as the CLI does.
 */
export interface Project {
  /** The project root (absolute): the nearest ancestor of the opened path owning `.tsift/`. */
  readonly root: string;
  /** The workspace scope the project was opened for, or null. */
  readonly scope: string | null;
  /** `tsift init`: the agent instructions (AGENTS.md, CLAUDE.md) and `.tsift/` in .gitignore, at the root's git work tree. */
  init(options?: ProjectInitOptions): Promise<InitReport>;
  /** `tsift status`: index freshness, instructions, and what to use and run next. */
  status(options?: ProjectStatusOptions): Promise<StatusReport>;
  /** `tsift index`: bring the index (or every workspace scope's) up to date. */
  index(options?: ProjectIndexOptions): Promise<IndexReport>;
  /** `tsift index --check`: what an update would change, writing nothing. */
  check(options?: ProjectCheckOptions): Promise<IndexReport>;
  /** `tsift symbols [name]`: ranked definitions (the index is read as it is, never refreshed; with no index yet, a small project is indexed first). */
  symbols(query?: SymbolQuery): Promise<SymbolsReport>;
  /** `tsift graph <symbol>`: callers and callees by resolved call target. */
  graph(symbol: string, options?: ProjectEdgeOptions): Promise<SymbolGraphReport>;
  /** `tsift graph <symbol> --callers`. */
  callers(symbol: string, options?: ProjectEdgeOptions): Promise<SymbolGraphReport>;
  /** `tsift graph <symbol> --callees`. */
  callees(symbol: string, options?: ProjectEdgeOptions): Promise<SymbolGraphReport>;
  /** `tsift explain <symbol>`: definition, callers, callees, community and PageRank. */
  explain(symbol: string, options?: ProjectExplainOptions): Promise<SymbolExplanation>;
  /**
   * `tsift path <from> <to>`: the shortest chain of resolved calls from caller to callee, else the
   * reverse chain (`direction: "reverse"`); `{ undirected: true }` follows calls either way
   * (`path_hops` gives each hop's direction). `path: null` when none.
   */
  path(from: string, to: string, options?: ProjectPathOptions): Promise<CallPath>;
  /** `tsift communities`: Louvain communities of the call graph, largest first. */
  communities(options?: CommunitiesOptions): Promise<CommunitiesResult>;
  /** `tsift analyze`: cycles, health, dead code and coupling. */
  analyze(options?: AnalysisOptions): Promise<AnalysisReport>;
  /** `tsift source-read <file>`: a bounded line window with symbol refs. */
  sourceRead(file: string, options?: WindowRequest): Promise<SourceWindowReport>;
  /** `tsift locks`: writer locks and SQLite sidecars of the project's databases. */
  locks(): Promise<LocksReport>;
  /** `tsift search <query>`: ranked symbols and hits; a stale index is refreshed first unless `autoindex` is false. */
  search(query: string, options?: ProjectSearchOptions): Promise<SearchData>;
  /** `tsift related <file:line|shit-handle>`: chunks similar to that one. */
  related(target: string, options?: ProjectRelatedOptions): Promise<RelatedData>;
  /** `tsift pack`: a PageRank-ranked repo map within a token budget (`text` is the rendered pack), centred on a change with `changed`/`since`. */
  pack(options?: ProjectPackOptions): Promise<PackData>;
  /** `tsift map --format json`: the repository as a laid-out graph view; `renderGraphView(model)` makes it the page `tsift map` writes. */
  map(options?: ProjectMapOptions): Promise<GraphViewModel>;
  /** `tsift traverse [node] --format json`: a bounded slice of the code graph in graph.db. */
  traverse(node?: string, options?: ProjectTraverseOptions): Promise<TraverseData>;
  /** `tsift convex-sync`: the ordered, idempotent Convex sync plan of graph.db (refreshed first), sent when `apply` is set. */
  convexSync(options?: ProjectConvexSyncOptions): Promise<ConvexSyncData>;
  /** The project's SQLite graph.db (`.tsift/graph.db`, or the scope's), opened and created when needed; close it when done. */
  graphDb(): Promise<ProjectGraphDb>;
  /** `tsift edit`: a validated search/replace batch, applied to every file or to none (`applied: false` lists why). */
  edit(edits: readonly EditRequest[], options?: ProjectEditOptions): Promise<EditBatchReport>;
  /** `tsift impact`: the tests a change (the worktree by default) affects, with their reasons and run commands; the index is refreshed first. */
  impact(options?: ProjectImpactOptions): Promise<ImpactReport>;
  /** `tsift diff-digest`: a git diff's files, hunks, touched symbols and call edges, parsed from both sides; the index is not read. */
  diffDigest(options?: ProjectDiffDigestOptions): Promise<DiffDigestReport>;
  /** `tsift test-digest`: captured test-runner output as grouped failures; a fresh index maps their frames to symbols, a missing or stale one is only reported. */
  testDigest(text: string, options?: ProjectTestDigestOptions): Promise<ProjectTestDigest>;
  /** `tsift log-digest`: a captured log (its text or a stream) as grouped signals, collapsed repeats and anchors, with the cached summaries of the files they name. */
  logDigest(log: LogDigestRequest["log"], options?: ProjectLogDigestOptions): Promise<ProjectLogDigest>;
  /** `tsift run`: runs `command` (argv, no shell), keeps its output under `.tsift/artifacts/` and digests it; the command's status is in the report (`exit_status`), never thrown. */
  run(command: readonly string[], options: ProjectRunOptions): Promise<RunReport>;
  /** `tsift context-pack`: the worktree diff and touched symbols, test and log digests, status reminders and follow-ups for `target` (relative to the root; default the root). */
  contextPack(target?: string, options?: ProjectContextPackOptions): Promise<ContextPack>;
  /** `tsift history …`: the git history index. */
  readonly history: ProjectHistory;
  /** `tsift cochange <path>`: files changed in the same commits, with count, support and Jaccard (`path` relative to the root). */
  cochange(path: string, options?: ProjectCoChangeOptions): Promise<CoChangeResult>;
  /** `tsift summarize …`: cached LLM summaries. */
  readonly summarize: ProjectSummaries;
  /** Closes the index reader held between calls; the project can be used again afterwards. */
  close(): Promise<void>;
}

/**
 * Opens the project at `path` (a directory or file inside it) for the library user: the
 * typed facade over the use cases of `@tsift/index`, `@tsift/search` and the other
 * packages. It lives in the root `tsift` package because that is the one package that
 * depends on every library package; it holds no logic of its own beyond the root, the
 * scope and an open index reader.
 */
export function openProject(path: string, options: OpenProjectOptions = {}): Project {
  const root = resolveProjectRoot(resolve(path)).root;
  const cwd = options.cwd ?? root;
  const place = { cwd, path: root, scope: options.scope };
  let reader: ReadIndex | null = null;

  const open: IndexOpener = async () => {
    if (reader && (await reader.fresh())) return reader;
    await reader?.close();
    reader = null;
    const opened = await openReadIndex(place);
    for (const note of opened.notes) options.onNote?.(note);
    reader = opened;
    return opened;
  };
  const indexRun = async (run: IndexProjectOptions) => {
    // An update rewrites the file under the reader: reopen after it.
    await project.close();
    const result = await indexProject({ ...place, workspace: options.workspace, ...run });
    for (const note of result.notes) options.onNote?.(note);
    return result.report;
  };

  const project: Project = {
    root,
    scope: options.scope ?? null,
    // Named from cwd as `tsift init <dir>` would be, so `target` and `resolved_from` read as the command prints them.
    init: async (init = {}) => initProject({ ...init, cwd, path: relative(cwd, root) || "." }).report,
    status: (status = {}) => projectStatus({ cwd, path: root, ...status }),
    index: (run = {}) => indexRun(run),
    check: (run = {}) => indexRun({ ...run, check: true }),
    symbols: async (query = {}) => (await readSymbolsOnFirstUse(resolveReadTarget(place), query)).report,
    graph: (symbol, edges = {}) => readSymbolGraph(open, { symbol, ...edges }),
    callers: (symbol, edges = {}) => readSymbolGraph(open, { symbol, callers: true, ...edges }),
    callees: (symbol, edges = {}) => readSymbolGraph(open, { symbol, callees: true, ...edges }),
    explain: (symbol, explain = {}) => readExplanation(open, { symbol, ...explain }),
    path: (from, to, path = {}) => readCallPath(open, { ...path, from, to }),
    communities: (communities = {}) => readCommunities(open, communities),
    analyze: (analysis = {}) => readAnalysis(open, analysis),
    sourceRead: async (file, window = {}) => {
      const read = await readSourceWindow({ ...place, file, ...window });
      for (const note of read.notes) options.onNote?.(note);
      return read.report;
    },
    locks: () => readLocks(place),
    search: async (query, search = {}) => {
      const found = await searchProject({ ...search, query, cwd, path: resolve(root, search.path ?? "."), scope: options.scope });
      for (const note of found.notes) options.onNote?.(note);
      return found.data;
    },
    related: async (target, related = {}) => {
      const found = await relatedProject({ ...related, target, cwd, path: root, scope: options.scope });
      for (const note of found.notes) options.onNote?.(note);
      return found.data;
    },
    pack: async (request = {}) => {
      const packed = await pack({ ...request, cwd, path: root, scope: options.scope });
      for (const note of packed.notes) options.onNote?.(note);
      return packed.data;
    },
    map: (map = {}) => readMapView(open, map),
    traverse: (node, traverse = {}) => traverseProject({ root, cwd, scope: options.scope, onNote: options.onNote }, node, traverse),
    convexSync: (sync = {}) => convexSyncProject({ root, cwd, scope: options.scope }, sync),
    graphDb: () => openProjectGraphDb({ root, cwd, scope: options.scope }),
    edit: async (edits, edit = {}) => {
      // The batch may rewrite indexed files and refresh the index: reopen after it.
      await project.close();
      return applyEdits({ cwd, path: root, edits, ...edit });
    },
    impact: async (change = {}) => {
      const paths = change.paths?.map((path) => resolve(root, path));
      const found = await impact({ ...change, ...(paths ? { paths } : {}), cwd, path: root, scope: options.scope });
      for (const note of found.notes) options.onNote?.(note);
      return found.data;
    },
    // Root-relative like every facade result: the CLI prints the root as ".".
    diffDigest: async (digest = {}) => ({ ...(await diffDigest({ ...digest, root })), root: "." }),
    testDigest: async (text, digest = {}) => ({ ...(await testDigest({ ...digest, text, cwd, root, scope: options.scope })), root: "." }),
    logDigest: (log, digest = {}) => logDigest({ ...digest, log, cwd }),
    run: (command, run) => runCommand({ ...run, root, command }),
    contextPack: async (target = ".", pack = {}) => ({ ...(await contextPack({ ...pack, target, cwd: root })), root: "." }),
    history: {
      index: (run = {}) => indexHistory({ root, ...run }),
      search: (query, search = {}) => searchHistory({ ...search, query, root, onNote: options.onNote }),
      provenance: (target, read = {}) => readProvenance({ ...read, target, root, cwd: root, onNote: options.onNote }),
      tags: (read = {}) => readHistoryTags({ ...read, root, onNote: options.onNote }),
      artifacts: (read = {}) => readArtifacts({ ...read, root, onNote: options.onNote }),
    },
    cochange: (path, read = {}) => readCoChange({ ...read, path, root, onNote: options.onNote }),
    summarize: {
      extract: ({ target, ...extract } = {}) => extractSummaries(open, { ...extract, ...(target === undefined ? {} : { target: resolve(root, target) }) }),
      symbol: (symbol) => readSymbolSummary(open, { symbol }),
      file: (path) => readFileSummaries(open, { file: resolve(root, path) }),
      stats: async () => readSummaryStats(root),
    },
    async close() {
      const open = reader;
      reader = null;
      await open?.close();
    },
  };
  return project;
}
