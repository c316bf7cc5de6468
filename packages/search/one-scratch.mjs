// ../../tmp/scratch/one.ts
import Database from "better-sqlite3";

// packages/search/src/index.ts
import { splitIdentifier as splitIdentifier3 } from "@tsift/graph";

// packages/search/src/query-stop-words.ts
var QUERY_STOP_WORDS = /* @__PURE__ */ new Set([
  "a",
  "an",
  "and",
  "are",
  "as",
  "at",
  "be",
  "before",
  "by",
  "can",
  "do",
  "find",
  "for",
  "from",
  "in",
  "into",
  "is",
  "it",
  "of",
  "on",
  "or",
  "please",
  "that",
  "the",
  "these",
  "this",
  "those",
  "to",
  "with",
  "without"
]);

// packages/search/src/fts-query.ts
import { splitIdentifier } from "@tsift/graph";
var SEARCH_FILLER_WORDS = /* @__PURE__ */ new Set([
  ...QUERY_STOP_WORDS,
  "how",
  "what",
  "where",
  "which",
  "when",
  "why",
  "does",
  "doing",
  "done",
  "work",
  "works",
  "code",
  "implement",
  "implemented",
  "implementation",
  "happens",
  "logic",
  "defined",
  "define",
  "used",
  "using",
  "way",
  "we",
  "i",
  "you",
  "my"
]);
var TOKEN = /[\p{L}\p{N}_$-]+/gu;
var EDGE_JOINERS = /^[_$-]+|[_$-]+$/g;
function ftsQuery(text, stopWords = SEARCH_FILLER_WORDS) {
  const groups = [];
  const terms = [];
  const seen = /* @__PURE__ */ new Set();
  const add = (term) => {
    if (!seen.has(term)) {
      seen.add(term);
      terms.push(term);
    }
  };
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0].replace(EDGE_JOINERS, "");
    const parts = splitIdentifier(token);
    if (parts.length === 0) continue;
    if (parts.length === 1 && stopWords.has(parts[0])) continue;
    groups.push({ token: token.toLowerCase(), parts });
    if (parts.length > 1) add(parts.join(""));
    for (const part of parts) add(part);
  }
  if (groups.length === 0 && stopWords.size > 0) return ftsQuery(text, /* @__PURE__ */ new Set());
  return { match: terms.map((term) => `"${term.replace(/"/g, '""')}"`).join(" OR "), groups, terms };
}
function probe(part) {
  return part.length <= 4 ? part : part.slice(0, Math.max(4, part.length - 3));
}
function coverage(groups, haystack) {
  if (groups.length === 0) return 0;
  let matched = 0;
  for (const group of groups) {
    if (group.parts.every((part) => haystack.includes(probe(part)))) matched++;
  }
  return matched / groups.length;
}

// packages/search/src/snippet.ts
var MAX_LINE_CHARS = 160;
function bestLines(text, startLine, groups, maxLines = 2) {
  const lines = text.split("\n");
  const scored = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (!/[\p{L}\p{N}]/u.test(line)) continue;
    const lower = line.toLowerCase();
    let score = 0;
    for (const group of groups) {
      if (group.parts.every((part) => lower.includes(probe(part)))) score += group.parts.length > 1 ? 2 : 1;
    }
    if (score > 0 && DECLARATION.test(line)) score += 0.5;
    scored.push({ index, score });
  }
  if (scored.length === 0) return { line: startLine, text: "" };
  const ranked = [...scored].sort((a, b) => b.score - a.score || a.index - b.index);
  const best = ranked[0];
  const picked = best.score > 0 ? ranked.filter((entry) => entry.score > 0).slice(0, maxLines) : [best];
  picked.sort((a, b) => a.index - b.index);
  return { line: startLine + best.index, text: picked.map((entry) => clip(lines[entry.index].trim())).join("\n") };
}
var DECLARATION = /\b(function|class|interface|type|const|let|var|def|fn|struct|enum|trait|impl|object|fun|val|export|pub)\b/;
function clip(line) {
  return line.length <= MAX_LINE_CHARS ? line : `${line.slice(0, MAX_LINE_CHARS - 1)}\u2026`;
}

// packages/search/src/chunk-rows.ts
var COLUMNS = "id, file, language, start_line, end_line, symbol, symbol_kind, names, hash, text";
function loadChunks(db2, ids) {
  const out = /* @__PURE__ */ new Map();
  for (let from = 0; from < ids.length; from += 500) {
    const batch = ids.slice(from, from + 500);
    const rows = db2.prepare(`SELECT ${COLUMNS} FROM chunks WHERE id IN (${batch.map(() => "?").join(",")})`).all(...batch);
    for (const row of rows) out.set(row.id, row);
  }
  return out;
}
function chunkFilterSql(filters) {
  const clauses = [];
  const params = [];
  const prefix = normalizePathFilter(filters.path);
  if (prefix !== null) {
    clauses.push("(file = ? OR file GLOB ?)");
    params.push(prefix, `${prefix.replace(/[*?[]/g, "[$&]")}/*`);
  }
  if (filters.languages && filters.languages.length > 0) {
    clauses.push(`language IN (${filters.languages.map(() => "?").join(",")})`);
    params.push(...filters.languages);
  }
  if (filters.kinds && filters.kinds.length > 0) {
    clauses.push(`symbol_kind IN (${filters.kinds.map(() => "?").join(",")})`);
    params.push(...filters.kinds);
  }
  return { sql: clauses.join(" AND "), params };
}
function normalizePathFilter(path) {
  if (path === void 0) return null;
  const normalized = path.replace(/\\/g, "/").replace(/^(\.\/)+/, "").replace(/\/+$/, "");
  return normalized === "" || normalized === "." ? null : normalized;
}

// packages/search/src/lexical-search.ts
import { splitIdentifier as splitIdentifier2 } from "@tsift/graph";
var DEFAULT_BM25_WEIGHTS = { names: 5, path: 2.5, body: 1, terms: 1 };
var OVERFETCH = 6;
function rankChunksBm25(db2, query, options) {
  if (query.match === "" || options.limit <= 0) return { ranked: [], total: 0 };
  const w = options.weights ?? DEFAULT_BM25_WEIGHTS;
  const filter = chunkFilterSql(options);
  const where = `chunks_fts MATCH ?${filter.sql ? ` AND rowid IN (SELECT id FROM chunks WHERE ${filter.sql})` : ""}`;
  const bm25 = `bm25(chunks_fts, ${w.names}, ${w.path}, ${w.body}, ${w.terms})`;
  const candidates = Math.max(50, options.limit * OVERFETCH);
  const rows = db2.prepare(`SELECT rowid AS id, -${bm25} AS score FROM chunks_fts WHERE ${where} ORDER BY ${bm25} LIMIT ?`).all(query.match, ...filter.params, candidates);
  const total = rows.length < candidates ? rows.length : db2.prepare(`SELECT count(*) FROM chunks_fts WHERE ${where}`).pluck().get(query.match, ...filter.params);
  const chunks = loadChunks(
    db2,
    rows.map((row) => row.id)
  );
  const ranked = [];
  const tags = [...new Set(query.groups.flatMap((group) => group.parts))];
  for (const row of rows) {
    const chunk = chunks.get(row.id);
    if (!chunk) continue;
    const covered = coverage(query.groups, `${chunk.names}
${chunk.file}
${chunk.text}`.toLowerCase());
    ranked.push({ chunk, score: row.score * (0.35 + 0.65 * covered) * (1 + NAME_BOOST * nameMatch(tags, chunk)), coverage: covered });
  }
  ranked.sort((a, b) => b.score - a.score || compareChunks(a.chunk, b.chunk));
  return { ranked, total };
}
var NAME_BOOST = 0;
function nameMatch(tags, chunk) {
  if (tags.length === 0 || chunk.names === "") return 0;
  let best = 0;
  for (const name of chunk.names.split("\n")) {
    const parts = [...new Set(splitIdentifier2(name.split(/[.:>#/\s]+/).pop() ?? name))];
    const matching = parts.filter((part) => tags.includes(part)).length;
    if (matching === 0) continue;
    const precision = matching / tags.length;
    const recall = matching / parts.length;
    best = Math.max(best, 2 * precision * recall / (precision + recall));
  }
  return best;
}
function lexicalSearch(db2, text, options) {
  const query = ftsQuery(text);
  const { ranked, total } = rankChunksBm25(db2, query, options);
  return { hits: toHits(ranked.slice(0, options.limit), query, "bm25"), total };
}
function compareChunks(a, b) {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.start_line - b.start_line;
}
function confidenceOf(covered, relative) {
  if (covered >= 0.75 && relative >= 0.5) return "High";
  if (covered >= 0.4) return "Medium";
  return "Low";
}
function toHits(ranked, query, source) {
  const top = ranked[0]?.score ?? 0;
  return ranked.map((entry, index) => {
    const { chunk } = entry;
    const snippet = bestLines(chunk.text, chunk.start_line, query.groups);
    return {
      rank: index + 1,
      artifact_id: `${source}:${chunk.file}:${chunk.start_line}`,
      path: chunk.file,
      line: snippet.line,
      start_line: chunk.start_line,
      end_line: chunk.end_line,
      location: `line ${snippet.line}`,
      score: Math.round(entry.score * 1e4) / 1e4,
      confidence: confidenceOf(entry.coverage, top > 0 ? entry.score / top : 0),
      snippet: snippet.text,
      language: chunk.language,
      symbol: chunk.symbol,
      source
    };
  });
}

// ../../tmp/scratch/one.ts
var db = new Database("/tmp/tsift-search-quality/effect/.tsift/index.db", { readonly: true });
for (const q of process.argv.slice(2)) {
  console.log("==", q);
  for (const h of lexicalSearch(db, q, { limit: 8 }).hits) console.log(h.rank, h.path, h.start_line, h.end_line, h.score, h.symbol, "|", h.snippet.split("\n")[0].slice(0, 80));
}
