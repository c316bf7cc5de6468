/**
 * index.db layout (docs/architecture.md, "index.db"). `PRAGMA user_version` and the `meta`
 * row `schema_version` both hold INDEX_SCHEMA_VERSION; a file from a newer tsift is
 * refused, an older one is migrated by running the later entries of INDEX_MIGRATIONS.
 * Features that add tables (chunks + FTS for search) append a migration here rather
 * than creating tables on the side, so one number says what a file contains.
 *
 * Lines are 1-based and inclusive; paths are root-relative with `/`.
 */
export const INDEX_SCHEMA_VERSION = 7;

const V1 = [
  `CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) WITHOUT ROWID`,
  // skip_reason: binary | too_large | minified, for files tracked (so an unchanged one
  // is not re-read every run) but deliberately not parsed; read_failed | extract_failed
  // since version 4.
  `CREATE TABLE IF NOT EXISTS files (
    path TEXT PRIMARY KEY,
    language TEXT NOT NULL,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    content_hash TEXT NOT NULL,
    indexed_at TEXT NOT NULL,
    has_errors INTEGER NOT NULL DEFAULT 0,
    skip_reason TEXT
  ) WITHOUT ROWID`,
  `CREATE TABLE IF NOT EXISTS symbols (
    id INTEGER PRIMARY KEY,
    file TEXT NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    language TEXT NOT NULL,
    signature TEXT,
    line INTEGER NOT NULL,
    end_line INTEGER NOT NULL,
    parent TEXT,
    qualified_name TEXT NOT NULL,
    visibility TEXT,
    cyclomatic INTEGER,
    max_nesting INTEGER,
    lines INTEGER,
    level INTEGER
  )`,
  "CREATE INDEX IF NOT EXISTS idx_symbols_name ON symbols(name)",
  "CREATE INDEX IF NOT EXISTS idx_symbols_name_lower ON symbols(lower(name))",
  "CREATE INDEX IF NOT EXISTS idx_symbols_qualified_name ON symbols(qualified_name)",
  "CREATE INDEX IF NOT EXISTS idx_symbols_file ON symbols(file, line)",
  // resolution: same_scope | same_file | import | typed | global_unique | checker | ambiguous | unresolved.
  `CREATE TABLE IF NOT EXISTS calls (
    id INTEGER PRIMARY KEY,
    file TEXT NOT NULL,
    caller_symbol_id INTEGER,
    caller_name TEXT,
    callee_name TEXT NOT NULL,
    receiver TEXT,
    line INTEGER NOT NULL,
    kind TEXT NOT NULL,
    resolved_symbol_id INTEGER,
    resolution TEXT NOT NULL
  )`,
  "CREATE INDEX IF NOT EXISTS idx_calls_callee_name ON calls(callee_name)",
  "CREATE INDEX IF NOT EXISTS idx_calls_resolved ON calls(resolved_symbol_id)",
  "CREATE INDEX IF NOT EXISTS idx_calls_caller ON calls(caller_symbol_id)",
  "CREATE INDEX IF NOT EXISTS idx_calls_file ON calls(file, line)",
  // One row per imported name; name is NULL for side-effect and whole-module imports.
  `CREATE TABLE IF NOT EXISTS imports (
    id INTEGER PRIMARY KEY,
    file TEXT NOT NULL,
    module TEXT NOT NULL,
    name TEXT,
    alias TEXT,
    line INTEGER NOT NULL,
    kind TEXT NOT NULL,
    resolved_file TEXT
  )`,
  "CREATE INDEX IF NOT EXISTS idx_imports_file ON imports(file, line)",
  "CREATE INDEX IF NOT EXISTS idx_imports_resolved_file ON imports(resolved_file)",
  `CREATE TABLE IF NOT EXISTS routes (
    id INTEGER PRIMARY KEY,
    file TEXT NOT NULL,
    framework TEXT NOT NULL,
    method TEXT NOT NULL,
    path TEXT NOT NULL,
    handler TEXT NOT NULL,
    line INTEGER NOT NULL,
    handler_line INTEGER
  )`,
  "CREATE INDEX IF NOT EXISTS idx_routes_path ON routes(path)",
  "CREATE INDEX IF NOT EXISTS idx_routes_handler ON routes(handler)",
  "CREATE INDEX IF NOT EXISTS idx_routes_file ON routes(file)",
  // Directory mtimes, recorded for a future sound `--prune` on large repositories.
  `CREATE TABLE IF NOT EXISTS dir_state (
    path TEXT PRIMARY KEY,
    mtime_ns INTEGER NOT NULL
  ) WITHOUT ROWID`,
];

/**
 * Search chunks (@tsift/graph `chunkSource`) and their full-text index. `chunks_fts` is
 * contentless (the text lives once, in `chunks`) with contentless_delete, so a trigger
 * can drop a chunk's FTS row by rowid: every path that deletes a file's rows keeps the
 * FTS index in step inside the same SAVEPOINT. Its columns are the BM25 fields: symbol
 * names, path segments, the chunk body, and identifier splits of the body
 * (`getHTTPResponse` -> get http response), all tokenized with Porter stemming so
 * `retries` finds `retry`. Inserts carry enrichment computed in JS, so they are explicit
 * (update/chunk-store.ts), not a trigger.
 *
 * `chunk_vectors` caches dense embeddings per encoder, keyed by the chunk's content
 * hash rather than its row id, so re-indexing a file keeps the vectors of chunks whose
 * text did not change. Rows are added lazily by the first semantic search.
 *
 * Files indexed by version 1 have no chunks: resetting their stat and hash makes the
 * next update re-extract them (a data migration the schema alone cannot express).
 */
const V2 = [
  `CREATE TABLE IF NOT EXISTS chunks (
    id INTEGER PRIMARY KEY,
    file TEXT NOT NULL,
    language TEXT NOT NULL,
    start_line INTEGER NOT NULL,
    end_line INTEGER NOT NULL,
    origin TEXT NOT NULL,
    symbol TEXT,
    symbol_kind TEXT,
    names TEXT NOT NULL,
    hash TEXT NOT NULL,
    text TEXT NOT NULL
  )`,
  "CREATE INDEX IF NOT EXISTS idx_chunks_file ON chunks(file, start_line)",
  `CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(
    names, path, body, terms,
    content = '', contentless_delete = 1,
    tokenize = 'porter unicode61 remove_diacritics 2'
  )`,
  `CREATE TRIGGER IF NOT EXISTS chunks_fts_delete AFTER DELETE ON chunks BEGIN
    DELETE FROM chunks_fts WHERE rowid = old.id;
  END`,
  `CREATE TABLE IF NOT EXISTS chunk_vectors (
    encoder TEXT NOT NULL,
    hash TEXT NOT NULL,
    vector BLOB NOT NULL,
    PRIMARY KEY (encoder, hash)
  ) WITHOUT ROWID`,
  "UPDATE files SET mtime_ns = -1, content_hash = ''",
];

/**
 * Graph queries and typed call resolution:
 *
 * - `symbols.handle`: the `gsym-*` handle (`symbolHandle(file, qualified_name, line)`),
 *   stored and indexed so a handle argument is one lookup instead of hashing every symbol;
 * - `symbols.return_type` / `value_type` / `bases` (comma-separated): declared types
 *   (@tsift/graph `ExtractedSymbol`),
 *   `calls.receiver_type` and `calls.local`: what extraction knows about the receiver and
 *   whether a bare callee is a local binding, and `member_types` for typed fields and
 *   properties that are not symbols: the resolver follows them to bind `x.m()` only when
 *   `x`'s type is known.
 *
 * Like version 2, it resets every file's stat and hash, so the next update re-extracts them.
 */
const V3 = [
  "ALTER TABLE symbols ADD COLUMN handle TEXT",
  "ALTER TABLE symbols ADD COLUMN return_type TEXT",
  "ALTER TABLE symbols ADD COLUMN value_type TEXT",
  "ALTER TABLE symbols ADD COLUMN bases TEXT",
  "CREATE INDEX IF NOT EXISTS idx_symbols_handle ON symbols(handle)",
  "ALTER TABLE calls ADD COLUMN receiver_type TEXT",
  "ALTER TABLE calls ADD COLUMN local INTEGER NOT NULL DEFAULT 0",
  `CREATE TABLE IF NOT EXISTS member_types (
    id INTEGER PRIMARY KEY,
    file TEXT NOT NULL,
    owner TEXT NOT NULL,
    name TEXT NOT NULL,
    type TEXT NOT NULL
  )`,
  "CREATE INDEX IF NOT EXISTS idx_member_types_file ON member_types(file)",
  "UPDATE files SET mtime_ns = -1, content_hash = ''",
];

/**
 * Failed files are tracked like skipped ones: a file that could not be read
 * (`skip_reason = 'read_failed'`, its stat from the walk, no hash) or whose extraction
 * threw (`'extract_failed'`, with its hash) keeps its (size, mtime) row and no extracted
 * rows, so it counts as fresh until it changes instead of being retried by every run,
 * and `failure` holds the warning the run reported for it (status lists it). NULL for
 * every other file. No file needs re-extracting: failures were never recorded before.
 */
const V4 = ["ALTER TABLE files ADD COLUMN failure TEXT"];

/**
 * The opt-in checker pass (`tsift index --resolve checker`): what the project's own
 * TypeScript checker said about calls, kept apart from `calls` so the declaration resolver
 * can rewrite `calls` on every run and the answers be laid over it again.
 *
 * - `checker_files`: a file the pass has checked, at which content hash, with which
 *   TypeScript. Answers count only while the file's `files.content_hash` is that hash.
 * - `checker_calls`: one answer per call site, naming the call by file, line, callee name and
 *   its ordinal among that file's calls of that name on that line (in `calls.id` order), and
 *   the target by file, qualified name, kind and line (symbol ids change when the target's
 *   file is re-extracted). A null target means the checker binds the call to nothing indexed
 *   (a parameter, a library), overturning a declaration-based binding.
 *
 * No file needs re-extracting: the tables start empty.
 */
const V5 = [
  `CREATE TABLE IF NOT EXISTS checker_files (
    path TEXT PRIMARY KEY,
    content_hash TEXT NOT NULL,
    typescript_version TEXT NOT NULL,
    checked_at TEXT NOT NULL
  ) WITHOUT ROWID`,
  `CREATE TABLE IF NOT EXISTS checker_calls (
    id INTEGER PRIMARY KEY,
    file TEXT NOT NULL,
    line INTEGER NOT NULL,
    callee_name TEXT NOT NULL,
    ordinal INTEGER NOT NULL,
    target_file TEXT,
    target_qualified_name TEXT,
    target_kind TEXT,
    target_line INTEGER
  )`,
  "CREATE INDEX IF NOT EXISTS idx_checker_calls_file ON checker_calls(file, line)",
];

/**
 * Doc comments: `symbols.doc` is a declaration's doc comment or docstring (@tsift/graph
 * `ExtractedSymbol.doc`: its first sentence, at most 200 characters), and `chunks_fts`
 * gains a fifth BM25 field, `doc`, holding the docs of the declarations in each chunk, so
 * what code says it does is weighted apart from the code. An FTS5 table cannot gain a
 * column: the chunks and their full-text index are dropped and recreated, and every file
 * is re-extracted by the next update (its stat and hash reset, as versions 2 and 3 do).
 */
const V6 = [
  "ALTER TABLE symbols ADD COLUMN doc TEXT",
  "DELETE FROM chunks",
  "DROP TABLE IF EXISTS chunks_fts",
  `CREATE VIRTUAL TABLE chunks_fts USING fts5(
    names, path, body, terms, doc,
    content = '', contentless_delete = 1,
    tokenize = 'porter unicode61 remove_diacritics 2'
  )`,
  "UPDATE files SET mtime_ns = -1, content_hash = ''",
];

/**
 * Extraction records more than version 6's did, in columns that already exist: argument and
 * type-parameter facts at TypeScript call sites and signatures (callback parameters bound by
 * a generic callee's other arguments, service classes, destructured parameters), and files of
 * 1 MiB or more parsed in slices. Rows an older build extracted resolve fewer calls until
 * their file changes, so every file is re-extracted by the next update, once.
 */
const V7 = ["UPDATE files SET mtime_ns = -1, content_hash = ''"];

/** `INDEX_MIGRATIONS[n - 1]` brings a file from version n - 1 to n. */
export const INDEX_MIGRATIONS: readonly (readonly string[])[] = [V1, V2, V3, V4, V5, V6, V7];

/** `files.skip_reason` of a tracked file whose reading or extraction failed (with `files.failure`). */
export const FAILURE_REASONS = ["read_failed", "extract_failed"] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** Tables holding per-file rows; a file's rows are deleted from each before re-extraction. */
export const PER_FILE_TABLES = ["symbols", "calls", "imports", "routes", "chunks", "member_types"] as const;
