import { existsSync, readFileSync, statSync } from "node:fs";
import { relative, resolve } from "node:path";
import { TsiftError } from "@tsift/core/light";
import { documentEntities, looksLikeCode, MIN_ENTITY_LENGTH, parseMarkdown, plainSpans, type Entity, type EntityKind } from "./markdown-entities";
import { indexSymbolNames } from "./index-entities";

export interface LintMarkdownOptions {
  /** Working directory relative paths resolve from; default `process.cwd()`. */
  cwd?: string | undefined;
  files: readonly string[];
  /** Other documents whose headings, bold and backticked terms count as entities too. */
  entitiesFrom?: readonly string[] | undefined;
  /** A project root, `.tsift`, `.tsift/indexes`, a scope directory or an `index.db`; default: the linted file's project. */
  index?: string | undefined;
  /** Skip the symbol index entirely. */
  noIndex?: boolean | undefined;
}

export interface LintAnnotation {
  file: string;
  line: number;
  column: number;
  /** The mention as written. */
  text: string;
  /** The entity it matches. */
  entity: string;
  kind: EntityKind;
  /** The annotated form: `` `name` `` for code, `[Heading](#anchor)` for a heading, `**term**` otherwise. */
  suggestion: string;
}

export interface LintReport {
  files: string[];
  annotations: LintAnnotation[];
  /** Entities checked, by source. */
  entities: { document: number; symbols: number };
  /** The index.db files the symbol names came from (relative to cwd). */
  indexes: string[];
}

const KIND_PRIORITY: Record<EntityKind, number> = { code: 0, symbol: 1, heading: 2, bold: 3 };

function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .trim()
    .replace(/\s+/g, "-");
}

function suggestion(entity: Entity): string {
  if (entity.kind === "code" || entity.kind === "symbol") return `\`${entity.text}\``;
  if (entity.kind === "heading" && /\s/.test(entity.text)) return `[${entity.text}](#${slug(entity.text)})`;
  return `**${entity.text}**`;
}

function readDocument(cwd: string, file: string): string {
  const path = resolve(cwd, file);
  if (!existsSync(path)) throw new TsiftError("not_found", `no such file: ${file}`);
  if (!statSync(path).isFile()) throw new TsiftError("invalid_input", `${file} is not a file`);
  const bytes = readFileSync(path);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new TsiftError("invalid_input", `${file} is not UTF-8 text`);
  }
}

const WORD = /[\p{L}\p{N}_$]/u;

/**
 * `tsift lint`: prose mentions of known entities that are not annotated. Entities are the
 * linted document's own headings, bold and backticked terms, those of `entitiesFrom`, and
 * the code-looking names of the symbol index; code, headings, links, emphasis and HTML
 * are never flagged, and a match must sit on word boundaries. Longer entities win over
 * the shorter ones they contain. Deterministic: by file, line, column.
 */
export async function lintMarkdown(options: LintMarkdownOptions): Promise<LintReport> {
  const cwd = options.cwd ?? process.cwd();
  if (options.files.length === 0) throw new TsiftError("usage", "no markdown file to lint", { hint: "tsift lint README.md" });
  const shared = new Map<string, Entity>();
  const addEntity = (map: Map<string, Entity>, entity: Entity) => {
    const known = map.get(entity.text);
    if (!known || KIND_PRIORITY[entity.kind] < KIND_PRIORITY[known.kind]) map.set(entity.text, entity);
  };
  for (const file of options.entitiesFrom ?? []) for (const entity of documentEntities(parseMarkdown(readDocument(cwd, file)))) addEntity(shared, entity);
  let indexes: string[] = [];
  let symbols = 0;
  if (!options.noIndex) {
    const found = await indexSymbolNames(cwd, options.index, options.files[0]!);
    indexes = found.indexes.map((path) => relative(cwd, path) || ".");
    for (const name of found.names) {
      if (name.length < MIN_ENTITY_LENGTH || !looksLikeCode(name)) continue;
      addEntity(shared, { text: name, kind: "symbol" });
      symbols++;
    }
  }
  const annotations: LintAnnotation[] = [];
  let documentCount = 0;
  for (const file of options.files) {
    const tree = parseMarkdown(readDocument(cwd, file));
    const entities = new Map(shared);
    const own = documentEntities(tree);
    documentCount += own.length;
    for (const entity of own) addEntity(entities, entity);
    annotations.push(...mentions(file, plainSpans(tree), entities));
  }
  annotations.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
  return { files: [...options.files], annotations, entities: { document: documentCount, symbols }, indexes };
}

/** Mentions found by trying, at each word start, the longest entity of up to 8 words first. */
function mentions(file: string, spans: readonly { text: string; line: number; column: number }[], entities: ReadonlyMap<string, Entity>): LintAnnotation[] {
  const maxWords = Math.min(8, Math.max(1, ...[...entities.keys()].map((text) => text.split(/\s+/).length)));
  const found: LintAnnotation[] = [];
  for (const span of spans) {
    const text = span.text;
    for (let at = 0; at < text.length; at++) {
      if (!WORD.test(text[at]!) || (at > 0 && WORD.test(text[at - 1]!))) continue;
      // Candidate ends: the end of each of the next maxWords words.
      const ends: number[] = [];
      for (let end = at, words = 0; end < text.length && words < maxWords;) {
        while (end < text.length && WORD.test(text[end]!)) end++;
        ends.push(end);
        words++;
        while (end < text.length && !WORD.test(text[end]!) && text[end] !== "\n") end++;
        if (end < text.length && !WORD.test(text[end]!)) break;
      }
      const hit = ends
        .reverse()
        .map((end) => [end, entities.get(text.slice(at, end))] as const)
        .find(([, entity]) => entity !== undefined);
      if (!hit) continue;
      const [end, entity] = hit as readonly [number, Entity];
      const before = text.slice(0, at);
      const lines = before.split("\n");
      const line = span.line + lines.length - 1;
      const column = lines.length === 1 ? span.column + at : lines.at(-1)!.length + 1;
      found.push({ file, line, column, text: text.slice(at, end), entity: entity.text, kind: entity.kind, suggestion: suggestion(entity) });
      at = end - 1;
    }
  }
  return found;
}
