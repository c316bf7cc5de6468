import type Database from "better-sqlite3";
import { splitIdentifier } from "@tsift/graph";
import {
  chunkCount,
  chunksById,
  enclosingSymbolName,
  ftsMatchCounts,
  overlappingChunkIds,
  readTransaction,
  unitSymbolsOverlapping,
  type ChunkRow,
  type SpanSymbol,
} from "@tsift/index/indexer";
import { DEFAULT_FUSION_TUNING, fuseScores, isGeneratedPath, type FusionTuning } from "./answer-fusion";
import type { DenseMatch } from "./dense-index";
import { embeddingText } from "./dense-index";
import type { Encoder } from "./encoders/encoder";
import type { FtsQuery } from "./fts-query";
import { isTestPath } from "./impact/test-files";
import { compareChunks, confidenceOf, rankChunksBm25, type LexicalOptions, type RankedChunk } from "./lexical-search";
import type { AnswerItem, SymbolHit } from "./search-types";
import { bestLines } from "./snippet";
import { termMatcher, type TermMatcher } from "./term-match";

/** A line that opens or continues a comment in the common comment syntaxes (`//`, `/*`, ` *`, `#`, `--`, a docstring quote). */
const COMMENT_LINE = /^\s*(\/\/|\/\*|\*|#|--|"""|''')/;
/** Declarations an answer points at: a line belongs to the innermost of these that holds it. */
const UNIT_KINDS = ["function", "method", "constructor", "getter", "setter", "class", "interface", "struct", "enum", "trait", "impl", "object"];
/** Declarations that are no unit of their own (a `const`, a type alias): they name the module-level code that holds them. */
const DECLARED_KINDS = ["const", "variable", "constant", "static", "type_alias", "type", "namespace", "module", "property", "field", "macro"];
/**
 * The answer ranker's constants (tuned on the docstring task set's tuning half): chunks
 * BM25 hands it per requested result (at least `minCandidates`; fewer, only the best, rank better), field weights of a
 * unit's text (its own name above its parent's and the path, its doc above its code),
 * and BM25's saturation `k1` and length normalization `b`.
 */
export interface AnswerTuning {
  candidatesPerResult: number;
  minCandidates: number;
  weights: { name: number; parent: number; path: number; doc: number; body: number };
  k1: number;
  b: number;
  /** A name token containing a query word counts (`getini` has `ini`): names glue words together. */
  nameSubstring: boolean;
  /** Query words also match, in names, the tokens code writes for them (`whether` -> `is`, `directory` -> `dir`; CODE_SYNONYMS). */
  synonyms: boolean;
  /** A synonym's weight against 1 for the word itself. */
  synonymWeight: number;
  /** A unit the symbol ranker matched by name gains this times its name score (F1 of the query's words and its name's parts). */
  nameBonus: number;
  /**
   * A class unit's share of its score: it holds the class's own lines (fields, decorators)
   * and its name, which a sentence about one of its methods also names ("the version").
   */
  classFactor: number;
  /** Module-level code is named by what it declares (`const retryPolicy = …`), a name field like a function's. */
  declaredNames: boolean;
  /** A unit gains up to this share of its score by how many of its name's parts the query says (module-level code: the names it declares). */
  nameCoverage: number;
  /** The share of the score a unit keeps when it has none of the query's words but one. */
  coverageFloor: number;
  /** With the model: BM25 chunks handed over (the model re-ranks a wider pool than BM25 alone can). */
  hybridCandidates: number;
  /** With the model: the dense ranking's best chunks that join the candidates. */
  denseCandidates: number;
}

export const DEFAULT_ANSWER_TUNING: AnswerTuning = {
  candidatesPerResult: 2,
  minCandidates: 20,
  weights: { name: 3, parent: 1, path: 0.75, doc: 2, body: 1 },
  k1: 2.5,
  b: 0.75,
  nameSubstring: true,
  synonyms: true,
  synonymWeight: 1,
  nameBonus: 2,
  coverageFloor: 0.35,
  declaredNames: true,
  nameCoverage: 0.25,
  classFactor: 0.7,
  hybridCandidates: 20,
  denseCandidates: 20,
};

/**
 * The code model's part in an answer: the query's vector, the chunks the dense ranking
 * found (best first), and whether the model ranks alone (`model`) or fused with BM25F
 * (`hybrid`). Each candidate unit is encoded on its own text, so the model tells apart
 * the functions one chunk packs.
 */
export interface AnswerModel {
  encoder: Encoder;
  query: Float32Array;
  dense: readonly DenseMatch[];
  mode: "hybrid" | "model";
  fusion?: FusionTuning;
}

interface Unit {
  key: string;
  file: string;
  language: string;
  /** The declaration, or null for module-level code between declarations. */
  symbol: SpanSymbol | null;
  start: number;
  end: number;
  /** The unit's own lines (nested declarations' lines belong to them), with their line numbers. */
  lines: { line: number; text: string }[];
  chunkScore: number;
  nameMatch: boolean;
  /** The symbol ranker's score for the declaration's name (0 when it did not match). */
  nameScore: number;
  /** Module-level code: the names it declares (`const retryPolicy = …`), its name field. */
  declared: string[];
}

/**
 * The one ranked answer for a prose query: the declarations (functions, methods, classes)
 * and module-level stretches that BM25's best chunks hold, and those the symbol ranker
 * matched by name, each scored on its own text with BM25F (name, parent, path, doc and
 * body as separate fields, each query word weighted by how rare it is among all chunks).
 * A chunk packs several small declarations; scoring each on its own lines points the
 * answer at the one the query describes rather than at the chunk's first.
 */
export function rankedAnswer(
  db: Database.Database,
  query: FtsQuery,
  symbols: readonly SymbolHit[],
  options: LexicalOptions,
  tuning: AnswerTuning = DEFAULT_ANSWER_TUNING,
  /** The chunk ranking the lexical search already made for this query (re-scored, best first), to reuse. */
  chunkRanking?: readonly RankedChunk[],
  /** The code model, for a hybrid or model-only answer; without it the answer is BM25F's. */
  model?: AnswerModel,
): AnswerItem[] {
  return readTransaction(db, () => {
    const modelOnly = model?.mode === "model";
    if ((query.groups.length === 0 && !model) || options.limit <= 0) return [];
    const candidates = answerCandidates(options.limit, tuning, model?.mode ?? null);
    // rankChunksBm25 re-scores an overfetched page: keep its best `candidates`.
    const ranked =
      candidates === 0 || query.groups.length === 0
        ? []
        : (chunkRanking ?? rankChunksBm25(db, query, { ...options, limit: candidates }).ranked).slice(0, candidates);
    const chunkScores = new Map(ranked.map((entry) => [entry.chunk.id, entry.score]));
    const chunks = new Map(ranked.map((entry) => [entry.chunk.id, entry.chunk]));
    const weights = groupWeights(db, query);
    const matchers = groupMatchers(query, tuning);
    // Name matches join even when BM25 missed their chunk: a query can name what it wants.
    const named = modelOnly ? [] : symbols.slice(0, options.limit);
    const extraIds = named.flatMap((symbol) => overlappingChunkIds(db, symbol.file, symbol.line, symbol.end_line)).filter((id) => !chunks.has(id));
    // The model's nearest chunks join too: they hold the code a sentence describes in other words.
    const denseIds = new Set(
      (model?.dense ?? []).slice(0, modelOnly ? Math.max(tuning.denseCandidates, options.limit * 2) : tuning.denseCandidates).map((match) => match.id),
    );
    for (const id of denseIds) if (!chunks.has(id)) extraIds.push(id);
    for (const [id, chunk] of chunksById(db, extraIds)) chunks.set(id, chunk);
    const units = unitsOf(db, [...chunks.values()].sort(compareChunks), chunkScores, named, tuning.declaredNames);
    if (units.length === 0) return [];

    const avgLength = units.reduce((sum, unit) => sum + unit.lines.length, 0) / units.length;
    const scored = units.map((unit) => ({ unit, why: "", ...scoreUnit(unit, matchers, weights, avgLength, tuning) }));
    if (model) {
      const similarity = unitSimilarities(model, units);
      const fused = fuseScores(
        scored.map(({ unit, score, covered }, index) => ({
          file: unit.file,
          lexical: modelOnly ? 0 : score,
          coverage: covered,
          model: similarity[index]!,
          definition: unit.symbol !== null,
          name: unit.nameMatch,
          test: isTestPath(unit.file),
          generated: isGeneratedPath(unit.file),
        })),
        model.fusion ?? DEFAULT_FUSION_TUNING,
      );
      scored.forEach((entry, index) => {
        entry.score = fused[index]!.score;
        entry.why = fused[index]!.why;
      });
    } else {
      for (const entry of scored) entry.why = [...(entry.unit.chunkScore > 0 ? ["bm25"] : []), ...(entry.unit.nameMatch ? ["name"] : [])].join("+");
    }
    scored.sort((a, b) => b.score - a.score || cmp(a.unit.file, b.unit.file) || a.unit.start - b.unit.start);
    const top = scored[0]?.score ?? 0;
    return scored.slice(0, options.limit).map(({ unit, score, covered, why }, index) => {
      const text = unit.lines.map((entry) => entry.text);
      const snippet = bestLinesOf(unit, query);
      const rounded = Math.round(score * 10_000) / 10_000;
      return {
        rank: index + 1,
        path: unit.file,
        line: snippet.line,
        start_line: unit.start,
        end_line: unit.end,
        symbol: enclosingSymbolName(db, unit.file, snippet.line),
        kind: unit.symbol?.kind ?? null,
        score: rounded,
        confidence: confidenceOf(covered, top > 0 ? score / top : 0, rounded),
        snippet: text.length > 0 ? snippet.text : "",
        language: unit.language,
        found_by: [...(unit.chunkScore > 0 ? (["text"] as const) : []), ...(unit.nameMatch ? (["name"] as const) : [])],
        why,
        ...(unit.symbol?.doc ? { doc: unit.symbol.doc } : {}),
      };
    });
  });
}

/** How many BM25 chunks an answer of `limit` results splits into units (none when the model ranks alone). */
export function answerCandidates(limit: number, tuning: AnswerTuning = DEFAULT_ANSWER_TUNING, model: AnswerModel["mode"] | null = null): number {
  if (model === "model") return 0;
  return model ? Math.max(tuning.hybridCandidates, limit * tuning.candidatesPerResult) : Math.max(tuning.minCandidates, limit * tuning.candidatesPerResult);
}

/** Splits candidate chunks into units: each line goes to the innermost declaration holding it, else to the chunk's module-level unit. */
function unitsOf(
  db: Database.Database,
  chunks: readonly ChunkRow[],
  chunkScores: Map<number, number>,
  named: readonly SymbolHit[],
  declaredNames: boolean,
): Unit[] {
  const symbols = unitSymbolsOverlapping(
    db,
    chunks.map((chunk) => ({ file: chunk.file, start: chunk.start_line, end: chunk.end_line })),
    UNIT_KINDS,
  );
  const byFile = new Map<string, SpanSymbol[]>();
  for (const symbol of symbols) {
    const list = byFile.get(symbol.file);
    if (list) list.push(symbol);
    else byFile.set(symbol.file, [symbol]);
  }
  const namedKeys = new Map(named.map((symbol) => [`${symbol.file}\0${symbol.line}\0${symbol.name}`, symbol.score]));
  const units = new Map<string, Unit>();
  const seenLines = new Map<string, Set<number>>();
  for (const chunk of chunks) {
    const fileSymbols = byFile.get(chunk.file) ?? [];
    const texts = chunk.text.split("\n");
    const score = chunkScores.get(chunk.id) ?? 0;
    let seen = seenLines.get(chunk.file);
    if (!seen) seenLines.set(chunk.file, (seen = new Set()));
    // Consecutive lines mostly share their owner: look its unit up only when the owner changes.
    let lastOwner: SpanSymbol | null | undefined;
    let unit: Unit | undefined;
    for (let offset = 0; offset < texts.length; offset++) {
      const line = chunk.start_line + offset;
      const owner = innermost(fileSymbols, line);
      if (owner !== lastOwner || unit === undefined) {
        lastOwner = owner;
        const key = owner ? `${chunk.file}\0s${owner.id}` : `${chunk.file}\0c${chunk.id}`;
        unit = units.get(key);
        if (!unit) {
          const nameKey = owner ? `${owner.file}\0${owner.line}\0${owner.name}` : "";
          unit = {
            key,
            file: chunk.file,
            language: chunk.language,
            symbol: owner,
            start: owner ? owner.line : chunk.start_line,
            end: owner ? owner.end_line : chunk.end_line,
            lines: [],
            chunkScore: 0,
            nameMatch: owner !== null && namedKeys.has(nameKey),
            nameScore: owner !== null ? (namedKeys.get(nameKey) ?? 0) : 0,
            declared: [],
          };
          units.set(key, unit);
        }
      }
      unit.chunkScore = Math.max(unit.chunkScore, score);
      // Overlapping windows repeat lines: each counts once.
      if (seen.has(line)) continue;
      seen.add(line);
      unit.lines.push({ line, text: texts[offset]! });
    }
  }
  // Module-level units hold only the code between declarations; a blank stretch, or one of
  // comments alone (a declaration's doc comment sits above it), is no answer.
  const kept = [...units.values()].filter((unit) =>
    unit.lines.some((entry) => /[\p{L}\p{N}]/u.test(entry.text) && (unit.symbol !== null || !COMMENT_LINE.test(entry.text))),
  );
  const moduleLevel = kept.filter((unit) => unit.symbol === null);
  if (declaredNames && moduleLevel.length > 0) {
    const declared = unitSymbolsOverlapping(
      db,
      moduleLevel.map((unit) => ({ file: unit.file, start: unit.start, end: unit.end })),
      DECLARED_KINDS,
    );
    for (const unit of moduleLevel) {
      const lines = new Set(unit.lines.map((entry) => entry.line));
      unit.declared = declared.filter((symbol) => symbol.file === unit.file && lines.has(symbol.line)).map((symbol) => symbol.name);
    }
  }
  return kept;
}

/** Unit vectors by embedding text, kept across queries in one process (a daemon's repeated answers reuse them). */
const unitVectorCache = new Map<string, Float32Array>();
const UNIT_VECTOR_CACHE_SIZE = 50_000;

/** The cosine similarity of each unit's own text (its path, its name, its lines) with the query. */
function unitSimilarities(model: AnswerModel, units: readonly Unit[]): number[] {
  const texts = units.map((unit) => {
    const names = unit.symbol ? [unit.symbol.parent, unit.symbol.name].filter(Boolean).join(" ") : unit.declared.join(" ");
    return `${model.encoder.id}\0${embeddingText(names, unit.lines.map((entry) => entry.text).join("\n"), unit.file)}`;
  });
  const missing = [...new Set(texts.filter((text) => !unitVectorCache.has(text)))];
  if (missing.length > 0) {
    if (unitVectorCache.size + missing.length > UNIT_VECTOR_CACHE_SIZE) unitVectorCache.clear();
    const vectors = model.encoder.encode(missing.map((text) => text.slice(text.indexOf("\0") + 1)));
    missing.forEach((text, index) => unitVectorCache.set(text, vectors[index]!));
  }
  return texts.map((text) => {
    const vector = unitVectorCache.get(text)!;
    let sum = 0;
    for (let i = 0; i < vector.length; i++) sum += vector[i]! * model.query[i]!;
    return sum;
  });
}

function innermost(symbols: readonly SpanSymbol[], line: number): SpanSymbol | null {
  let best: SpanSymbol | null = null;
  for (const symbol of symbols) {
    if (symbol.line > line) break;
    if (symbol.end_line >= line && (best === null || symbol.line >= best.line)) best = symbol;
  }
  return best;
}

/** Each query word's weight: its inverse document frequency among all chunks (BM25's idf). */
function groupWeights(db: Database.Database, query: FtsQuery): number[] {
  const total = Math.max(1, chunkCount(db));
  const matches = query.groups.map((group) => group.parts.map((part) => `"${part.replace(/"/g, '""')}"`).join(" AND "));
  const counts = ftsMatchCounts(db, matches);
  const all = Math.max(total, ...counts);
  return counts.map((count) => Math.log(1 + (all - count + 0.5) / (count + 0.5)));
}

/**
 * The query's matchers, every part of every word in one list (`groups` holds each word's
 * range of it), and per distinct token the weight each part gives it: a unit's field is
 * then read once for all the query's words, not once per word, and a token no part
 * matches (most of them) costs one lookup.
 */
interface QueryMatchers {
  /** Per query word, the [start, end) of its parts in `name` and `text`. */
  groups: { start: number; end: number }[];
  /** Per part, the matcher for names (substrings and synonyms count). */
  name: TermMatcher[];
  /** Per part, the matcher for text. */
  text: TermMatcher[];
  /** Per token, each part's name weight; null when every part gives 0. */
  nameWeights: Map<string, Float64Array | null>;
  textWeights: Map<string, Float64Array | null>;
}

function groupMatchers(query: FtsQuery, tuning: AnswerTuning): QueryMatchers {
  const out: QueryMatchers = { groups: [], name: [], text: [], nameWeights: new Map(), textWeights: new Map() };
  for (const group of query.groups) {
    // Synonyms and glued phrases are of plain words: a compound identifier means itself.
    const plain = group.parts.length === 1;
    const joined = plain ? (group.joined ?? []) : [];
    const synonyms = plain && tuning.synonyms ? tuning.synonymWeight : 0;
    out.groups.push({ start: out.name.length, end: out.name.length + group.parts.length });
    for (const part of group.parts) {
      out.name.push(termMatcher(part, { substring: tuning.nameSubstring, synonyms, joined }));
      out.text.push(termMatcher(part, { joined }));
    }
  }
  return out;
}

function weightsOf(token: string, matchers: readonly TermMatcher[], memo: Map<string, Float64Array | null>): Float64Array | null {
  let weights = memo.get(token);
  if (weights === undefined) {
    weights = null;
    for (let part = 0; part < matchers.length; part++) {
      const weight = matchers[part]!(token);
      if (weight === 0) continue;
      weights ??= new Float64Array(matchers.length);
      weights[part] = weight;
    }
    memo.set(token, weights);
  }
  return weights;
}

/**
 * Per part, the field's count of tokens it matches, weighted (`sum` of count x weight, in
 * the bag's order: the same additions, in the same order, as one pass per part).
 */
function partCounts(tokens: TokenBag, matchers: readonly TermMatcher[], memo: Map<string, Float64Array | null>): Float64Array {
  const counts = new Float64Array(matchers.length);
  for (const [token, times] of tokens) {
    const weights = weightsOf(token, matchers, memo);
    if (weights === null) continue;
    for (let part = 0; part < weights.length; part++) counts[part] = counts[part]! + times * weights[part]!;
  }
  return counts;
}

/**
 * BM25F of one unit: per query word, the field-weighted count of its occurrences (a
 * word matches a token it prefixes after trimming like `probe`, `retries` finds `retry`,
 * or a token gluing it to its query neighbour; in names also a token containing it and
 * its synonyms: see term-match.ts), the body's share normalized by the unit's length,
 * saturated with K1; the sum is scaled by the share of query words the unit has, as the
 * chunk ranker does.
 */
function scoreUnit(
  unit: Unit,
  matchers: QueryMatchers,
  weights: readonly number[],
  avgLength: number,
  tuning: AnswerTuning,
): { score: number; covered: number } {
  const { weights: field, k1, b } = tuning;
  const symbol = unit.symbol;
  const fields = {
    name: bag(symbol ? splitIdentifier(symbol.name) : unit.declared.flatMap((name) => splitIdentifier(name))),
    parent: bag(symbol?.parent ? splitIdentifier(symbol.parent) : []),
    path: bag(splitIdentifier(unit.file.replace(/\.[^./]+$/, ""))),
    doc: bag(symbol?.doc ? splitIdentifier(symbol.doc) : []),
    body: bag(splitIdentifier(unit.lines.map((entry) => entry.text).join("\n"))),
  };
  const counts = {
    name: partCounts(fields.name, matchers.name, matchers.nameWeights),
    parent: partCounts(fields.parent, matchers.name, matchers.nameWeights),
    path: partCounts(fields.path, matchers.text, matchers.textWeights),
    doc: partCounts(fields.doc, matchers.text, matchers.textWeights),
    body: partCounts(fields.body, matchers.text, matchers.textWeights),
  };
  const lengthNorm = 1 - b + (b * unit.lines.length) / Math.max(1, avgLength);
  let score = 0;
  let matched = 0;
  matchers.groups.forEach(({ start, end }, index) => {
    // A compound query identifier needs every part: its count is its rarest part's.
    const count = (parts: Float64Array) => {
      let min = Infinity;
      for (let part = start; part < end; part++) min = Math.min(min, parts[part]!);
      return min === Infinity ? 0 : min;
    };
    const tf =
      field.name * count(counts.name) +
      field.parent * count(counts.parent) +
      field.path * count(counts.path) +
      field.doc * count(counts.doc) +
      (field.body * count(counts.body)) / lengthNorm;
    if (tf <= 0) return;
    matched++;
    score += weights[index]! * ((tf * (k1 + 1)) / (tf + k1));
  });
  const covered = matchers.groups.length > 0 ? matched / matchers.groups.length : 0;
  score += tuning.nameBonus * unit.nameScore;
  // A name made of the query's words is what the sentence describes: `delay` for "the delay before an attempt".
  if (tuning.nameCoverage > 0 && fields.name.size > 0) {
    let said = 0;
    for (const token of fields.name.keys()) if (weightsOf(token, matchers.name, matchers.nameWeights)?.some((weight) => weight > 0)) said++;
    score *= 1 + tuning.nameCoverage * (said / fields.name.size);
  }
  const kind = symbol?.kind === "class" ? tuning.classFactor : 1;
  return { score: kind * score * (tuning.coverageFloor + (1 - tuning.coverageFloor) * covered), covered };
}

/** A text's tokens with their counts: a query word is checked once per distinct token. */
type TokenBag = Map<string, number>;

function bag(tokens: readonly string[]): TokenBag {
  const out: TokenBag = new Map();
  for (const token of tokens) out.set(token, (out.get(token) ?? 0) + 1);
  return out;
}

function bestLinesOf(unit: Unit, query: FtsQuery): { line: number; text: string } {
  // The unit's lines need not be contiguous (nested declarations are cut out): rank them as one text, then map back.
  const snippet = bestLines(unit.lines.map((entry) => entry.text).join("\n"), 1, query.groups);
  const entry = unit.lines[snippet.line - 1] ?? unit.lines[0]!;
  return { line: entry.line, text: snippet.text };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
