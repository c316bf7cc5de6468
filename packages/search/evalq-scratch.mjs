// ../../tmp/scratch/evalq.ts
import Database from "better-sqlite3";
import { readFileSync } from "node:fs";

// packages/search/src/index.ts
import { splitIdentifier as splitIdentifier7 } from "@tsift/graph";

// packages/search/src/query-terms.ts
import { splitIdentifier } from "@tsift/graph";
var TOKEN = /[\p{L}\p{N}_$-]+/gu;
var EDGE_JOINERS = /^[_$-]+|[_$-]+$/g;
function queryTerms(text, options = {}) {
  const stopWords = options.stopWords;
  const seen = /* @__PURE__ */ new Set();
  const terms = [];
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
    if (parts.length === 1) {
      if (stopWords?.has(parts[0]) !== true) add(parts[0]);
      continue;
    }
    add(token.toLowerCase());
    for (const part of parts) add(part);
  }
  return terms;
}

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

// packages/search/src/query-shape.ts
import { splitIdentifier as splitIdentifier2 } from "@tsift/graph";
var PATH_LIKE = /^[\w.@-]*\/[\w./@-]*$|^[\w-]+\.[a-z]{1,5}$/i;
var QUALIFIED = /^[A-Za-z_$][\w$]*((::|\.|#)[A-Za-z_$][\w$]*)+$/;
var IDENTIFIER = /^[A-Za-z_$][\w$-]*$/;
var CODE_PUNCTUATION = /[(){}[\];=<>]|=>|::|\.\w+\(/;
function queryShape(query) {
  const text = query.trim();
  const tokens = text.split(/\s+/).filter(Boolean);
  if (tokens.length === 1) {
    const token = tokens[0];
    if (PATH_LIKE.test(token) && !QUALIFIED.test(token.replace(/\.[a-z]{1,5}$/i, ""))) return "path";
    if (QUALIFIED.test(token)) return "identifier";
    if (IDENTIFIER.test(token) && (splitIdentifier2(token).length > 1 || /\d/.test(token))) return "identifier";
    if (CODE_PUNCTUATION.test(token)) return "code";
    return "mixed";
  }
  if (CODE_PUNCTUATION.test(text)) return "code";
  const identifiers = tokens.filter((token) => IDENTIFIER.test(token) && splitIdentifier2(token).length > 1);
  if (identifiers.length === 0) return "prose";
  return "mixed";
}
function hybridAlpha(query) {
  switch (queryShape(query)) {
    case "identifier":
    case "path":
      return 0.2;
    case "code":
      return 0.3;
    case "mixed":
      return 0.45;
    case "prose":
      return contentWords(query) <= 2 ? 0.5 : 0.6;
  }
}
function contentWords(query) {
  return query.toLowerCase().split(/\W+/).filter((word) => word.length > 0 && !QUERY_STOP_WORDS.has(word)).length;
}

// packages/search/src/fts-query.ts
import { splitIdentifier as splitIdentifier3 } from "@tsift/graph";
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
var TOKEN2 = /[\p{L}\p{N}_$-]+/gu;
var EDGE_JOINERS2 = /^[_$-]+|[_$-]+$/g;
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
  for (const match of text.matchAll(TOKEN2)) {
    const token = match[0].replace(EDGE_JOINERS2, "");
    const parts = splitIdentifier3(token);
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
import { splitIdentifier as splitIdentifier4 } from "@tsift/graph";
var DEFAULT_BM25_WEIGHTS = { names: 5, path: 2.5, body: 1, terms: 1 };
var OVERFETCH = 6;
function rankChunksBm25(db2, query, options) {
  if (query.match === "" || options.limit <= 0) return { ranked: [], total: 0 };
  const w = options.weights ?? (process.env.W ? JSON.parse(process.env.W) : DEFAULT_BM25_WEIGHTS);
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
var SAME_FILE_DECAY = Number(process.env.DECAY ?? 0.6);
function diversify(ranked) {
  const seen = /* @__PURE__ */ new Map();
  const out = ranked.map((entry) => {
    const count = seen.get(entry.chunk.file) ?? 0;
    seen.set(entry.chunk.file, count + 1);
    return { ...entry, score: entry.score * SAME_FILE_DECAY ** count };
  });
  return out.sort((a, b) => b.score - a.score || compareChunks(a.chunk, b.chunk));
}
var NAME_BOOST = 0;
function nameMatch(tags, chunk) {
  if (tags.length === 0 || chunk.names === "") return 0;
  let best = 0;
  for (const name of chunk.names.split("\n")) {
    const parts = [...new Set(splitIdentifier4(name.split(/[.:>#/\s]+/).pop() ?? name))];
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
  return { hits: toHits(diversify(ranked).slice(0, options.limit), query, "bm25"), total };
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

// packages/search/src/symbol-search.ts
import { splitIdentifier as splitIdentifier5 } from "@tsift/graph";
function queryTags(query) {
  const tags = /* @__PURE__ */ new Set();
  for (const term of queryTerms(query, { stopWords: QUERY_STOP_WORDS })) {
    const parts = splitIdentifier5(term);
    if (parts.length === 1) tags.add(parts[0]);
  }
  return [...tags];
}
var CANDIDATES_PER_HIT = 50;
var MIN_CANDIDATES = 500;
function searchSymbols(db2, query, options) {
  const trimmed = query.trim();
  const tags = queryTags(trimmed);
  if (options.limit <= 0 || tags.length === 0 && trimmed === "") return [];
  const params = [trimmed, trimmed];
  const tagParams = [];
  const hits = tags.map((tag) => {
    tagParams.push(tag);
    return "(instr(lower(name), ?) > 0)";
  });
  const matched = hits.length > 0 ? hits.join(" + ") : "0";
  const filters = [];
  const filterParams = [];
  const prefix = normalizePathFilter(options.path);
  if (prefix !== null) {
    filters.push("(file = ? OR file GLOB ?)");
    filterParams.push(prefix, `${prefix.replace(/[*?[]/g, "[$&]")}/*`);
  }
  if (options.languages?.length) {
    filters.push(`language IN (${options.languages.map(() => "?").join(",")})`);
    filterParams.push(...options.languages);
  }
  if (options.kinds?.length) {
    filters.push(`kind IN (${options.kinds.map(() => "?").join(",")})`);
    filterParams.push(...options.kinds);
  }
  const rows = db2.prepare(
    `SELECT id, name, kind, language, file, line, end_line, parent, signature, qualified_name,
              (lower(name) = lower(?) OR lower(qualified_name) = lower(?)) AS exact, ${matched} AS matched
       FROM symbols WHERE ${filters.length ? `${filters.join(" AND ")} AND ` : ""}(exact OR matched > 0)
       ORDER BY exact DESC, matched DESC, length(name), id LIMIT ?`
  ).all(...params, ...tagParams, ...filterParams, Math.max(CANDIDATES_PER_HIT * options.limit, MIN_CANDIDATES));
  const lowerQuery = trimmed.toLowerCase();
  const scored = [];
  for (const row of rows) {
    const symbolTags = [...new Set(splitIdentifier5(row.name))];
    if (row.name.toLowerCase() === lowerQuery || row.qualified_name.toLowerCase() === lowerQuery) {
      scored.push({ row, score: 1, match: "exact_name", tags: symbolTags });
      continue;
    }
    const matching = tags.filter((tag) => symbolTags.includes(tag)).length;
    if (matching === 0 || symbolTags.length === 0) continue;
    const precision = matching / tags.length;
    const recall = matching / symbolTags.length;
    const f1 = 2 * precision * recall / (precision + recall);
    scored.push({ row, score: f1, match: matching === tags.length ? "all_tags" : "partial_tags", tags: symbolTags });
  }
  scored.sort((a, b) => b.score - a.score);
  const cutoff = scored[Math.min(options.limit, scored.length) - 1]?.score ?? 0;
  const contenders = scored.filter((entry) => entry.score >= cutoff);
  const centrality = (options.tieBreak ?? callerCounts(db2))(contenders.map((entry) => entry.row.id));
  contenders.sort(
    (a, b) => b.score - a.score || (centrality.get(b.row.id) ?? 0) - (centrality.get(a.row.id) ?? 0) || prominence(a.row) - prominence(b.row) || compare(a.row.name, b.row.name) || compare(a.row.file, b.row.file) || a.row.line - b.row.line
  );
  return contenders.slice(0, options.limit).map(({ row, score, match, tags: symbolTags }) => ({
    name: row.name,
    kind: row.kind,
    language: row.language,
    file: row.file,
    line: row.line,
    end_line: row.end_line,
    parent: row.parent,
    signature: row.signature,
    tags: symbolTags,
    score: Math.round(score * 1e4) / 1e4,
    match_type: match,
    ...centrality.has(row.id) ? { centrality: Math.round(centrality.get(row.id) * 1e6) / 1e6 } : {}
  }));
}
function callerCounts(db2) {
  return (ids) => {
    const out = /* @__PURE__ */ new Map();
    for (let from = 0; from < ids.length; from += 500) {
      const batch = ids.slice(from, from + 500);
      const rows = db2.prepare(`SELECT resolved_symbol_id AS id, count(*) AS n FROM calls WHERE resolved_symbol_id IN (${batch.map(() => "?").join(",")}) GROUP BY resolved_symbol_id`).all(...batch);
      for (const row of rows) out.set(row.id, row.n);
    }
    return out;
  };
}
function prominence(row) {
  const internal = /(^|\/)(internal|test|tests|__tests__)\//.test(row.file) ? 100 : 0;
  return (row.parent === null ? 0 : 1e3) + internal + row.file.split("/").length;
}
function compare(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

// packages/search/src/encoders/encoder.ts
function normalize(vector) {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i] * vector[i];
  if (sum === 0) return vector;
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < vector.length; i++) vector[i] *= scale;
  return vector;
}
function dotQuantized(query, stored) {
  const scale = stored.readFloatLE(0);
  if (scale === 0) return 0;
  const values = new Int8Array(stored.buffer, stored.byteOffset + 4, Math.min(query.length, stored.length - 4));
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += query[i] * values[i];
  return sum * scale;
}

// packages/search/src/encoders/hash-encoder.ts
import { splitIdentifier as splitIdentifier6 } from "@tsift/graph";
var HASH_ENCODER_ID = "tsift-hash-v1";
var NOISE = new Set(
  "a an and are as at be by do does for from has have how if in into is it its of on or that the this to was were what when where which with const let var function return export import type interface class extends implements new this self null undefined true false void async await yield if else for while switch case break continue default throw try catch finally public private protected readonly static pub fn mut impl struct enum use mod def pass none lambda val fun object package string number boolean any unknown never".split(" ")
);
var IDENTIFIER2 = /[\p{L}_$][\p{L}\p{N}_$]*/gu;
function createHashEncoder(options = {}) {
  const dimensions = options.dimensions ?? 512;
  const id = dimensions === 512 ? HASH_ENCODER_ID : `${HASH_ENCODER_ID}-d${dimensions}`;
  return {
    id,
    dimensions,
    encode: (texts) => texts.map((text) => hashEmbed(text, dimensions))
  };
}
function hashEmbed(text, dimensions) {
  const counts = /* @__PURE__ */ new Map();
  const bump = (feature, weight) => counts.set(feature, (counts.get(feature) ?? 0) + weight);
  for (const match of text.matchAll(IDENTIFIER2)) {
    const parts = splitIdentifier6(match[0]);
    if (parts.length > 1) bump(`w:${parts.join("")}`, 1);
    for (const part of parts) {
      if (part.length < 2 || NOISE.has(part)) continue;
      const stem = lightStem(part);
      bump(`p:${stem}`, 1);
      if (stem.length >= 4) {
        const padded = `^${stem}$`;
        for (let i = 0; i + 3 <= padded.length; i++) bump(`t:${padded.slice(i, i + 3)}`, 0.25);
      }
    }
  }
  const vector = new Float32Array(dimensions);
  for (const [feature, weight] of counts) {
    const hash = fnv1a(feature);
    const index = hash % dimensions;
    const sign = hash >>> 16 & 1 ? -1 : 1;
    vector[index] += sign * (1 + Math.log(weight > 1 ? weight : 1)) * (weight < 1 ? weight : 1);
  }
  return normalize(vector);
}
function lightStem(word) {
  if (word.length <= 4) return word;
  for (const suffix of ["ies", "ied", "ing", "ers", "es", "ed", "er", "s"]) {
    if (!word.endsWith(suffix) || word.length - suffix.length < 3) continue;
    const stem = word.slice(0, word.length - suffix.length);
    if (suffix === "es" && !/(s|x|z|ch|sh)$/.test(stem)) return word.slice(0, -1);
    if (suffix === "ed" || suffix === "ing" || suffix === "er" || suffix === "ers") return /e$/.test(stem) ? stem : stem.replace(/([^aeiou])\1$/, "$1");
    return suffix === "ies" || suffix === "ied" ? `${stem}y` : stem;
  }
  return word;
}
function fnv1a(text) {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

// packages/search/src/dense-index.ts
function denseRank(db2, encoderId, query, options) {
  if (options.limit <= 0) return [];
  const filter = chunkFilterSql(options);
  const rows = db2.prepare(
    `SELECT c.id, c.language, c.hash, v.vector FROM chunks c LEFT JOIN chunk_vectors v ON v.encoder = ? AND v.hash = c.hash
       ${filter.sql ? `WHERE ${filter.sql}` : ""}`
  ).raw().iterate(encoderId, ...filter.params);
  const best = [];
  let floor = -Infinity;
  for (const [id, language, hash, stored] of rows) {
    if (options.exclude?.has(id)) continue;
    const vector = stored ?? options.extra?.get(hash);
    if (!vector) continue;
    const score = dotQuantized(query, vector);
    if (best.length >= options.limit && score <= floor) continue;
    best.push({ id, language, score });
    if (best.length > options.limit * 2) {
      best.sort(byScore);
      best.length = options.limit;
      floor = best[best.length - 1].score;
    }
  }
  best.sort(byScore);
  return best.slice(0, options.limit);
}
function byScore(a, b) {
  return b.score - a.score || a.id - b.id;
}

// packages/search/src/hybrid-search.ts
var RRF_K = 60;
function denseSearch(db2, text, mode, options) {
  const query = ftsQuery(text);
  const alpha = mode === "semantic" ? 1 : Math.min(1, Math.max(0, options.alpha ?? hybridAlpha(text)));
  if (options.limit <= 0) return { hits: [], alpha, candidates: { dense: 0, sparse: 0 } };
  const depth = Math.max(100, options.limit * 10);
  const queryVector = options.encoder.encode([text])[0];
  const dense = denseRank(db2, options.encoder.id, queryVector, { ...options, limit: depth, ...options.extra ? { extra: options.extra } : {} });
  const sparse = mode === "semantic" ? [] : rankChunksBm25(db2, query, { ...options, limit: Math.ceil(depth / 6) }).ranked;
  const fused = /* @__PURE__ */ new Map();
  dense.forEach((match, index) => fused.set(match.id, (fused.get(match.id) ?? 0) + alpha / (RRF_K + index + 1)));
  sparse.forEach((entry, index) => fused.set(entry.chunk.id, (fused.get(entry.chunk.id) ?? 0) + (1 - alpha) / (RRF_K + index + 1)));
  const order = [...fused.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, Math.max(options.limit * 3, 30));
  const chunks = loadChunks(
    db2,
    order.map(([id]) => id)
  );
  const ranked = [];
  for (const [id, score] of order) {
    const chunk = chunks.get(id);
    if (!chunk) continue;
    const covered = coverage(query.groups, `${chunk.names}
${chunk.file}
${chunk.text}`.toLowerCase());
    const scale = mode === "semantic" ? 1 : 0.75 + 0.25 * covered;
    ranked.push({ chunk, score: score * (RRF_K + 1) * scale, coverage: covered });
  }
  ranked.sort((a, b) => b.score - a.score || compareChunks(a.chunk, b.chunk));
  return {
    hits: toHits((process.env.HDIV ? diversify(ranked) : ranked).slice(0, options.limit), query, mode === "semantic" ? "dense" : "hybrid"),
    alpha,
    candidates: { dense: dense.length, sparse: sparse.length }
  };
}

// ../../tmp/scratch/evalq.ts
var spec = JSON.parse(readFileSync("/work/main/tools/bench/search-quality/tasks.json", "utf8"));
var db = new Database("/tmp/tsift-search-quality/effect/.tsift/index.db", { readonly: true });
var enc = createHashEncoder();
var rankOf = (items, t) => {
  const i = items.findIndex((x) => x.file === t.file && x.start <= t.end && x.end >= t.start);
  return i < 0 ? null : i + 1;
};
var res = { lexical: [], hybrid: [], semantic: [], symbols: [] };
var verbose = process.argv.includes("-v");
for (const t of spec.tasks) {
  const q = t.query;
  const lex = lexicalSearch(db, q, { limit: 10 }).hits.map((h) => ({ file: h.path, start: h.start_line, end: h.end_line }));
  const hyb = denseSearch(db, q, "hybrid", { limit: 10, encoder: enc, ...process.env.ALPHA ? { alpha: Number(process.env.ALPHA) } : {} }).hits.map((h) => ({ file: h.path, start: h.start_line, end: h.end_line }));
  const sem = denseSearch(db, q, "semantic", { limit: 10, encoder: enc }).hits.map((h) => ({ file: h.path, start: h.start_line, end: h.end_line }));
  const sym = searchSymbols(db, q, { limit: 10 }).map((h) => ({ file: h.file, start: h.line, end: h.end_line }));
  const row = { lexical: rankOf(lex, t), hybrid: rankOf(hyb, t), semantic: rankOf(sem, t), symbols: rankOf(sym, t) };
  for (const k of Object.keys(row)) res[k].push(row[k]);
  if (verbose && (row.lexical === null || row.lexical > 5 || row.hybrid === null || row.hybrid > 5)) console.log(t.id, q, JSON.stringify(row));
}
for (const [k, r] of Object.entries(res)) {
  const n = r.length;
  console.log(k, "top1", (r.filter((x) => x === 1).length / n).toFixed(2), "top5", (r.filter((x) => x !== null && x <= 5).length / n).toFixed(2), "mrr", (r.reduce((s, x) => s + (x ? 1 / x : 0), 0) / n).toFixed(3));
}
