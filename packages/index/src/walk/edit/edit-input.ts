import { TsiftError } from "@tsift/core/light";

/** One search/replace: `old` must occur exactly once unless `replace_all` (or `count`) says otherwise. */
export interface EditRequest {
  /** Path relative to the project root (or absolute, inside it). */
  file: string;
  old: string;
  new: string;
  /** Replace every occurrence (at least one must exist). */
  replace_all?: boolean;
  /** The exact number of occurrences expected; a different count rejects the batch. */
  count?: number;
}

/** Beyond this a batch is almost certainly a runaway generator, not an agent's edit. */
export const MAX_EDITS_PER_BATCH = 10_000;

const KNOWN_FIELDS = new Set(["file", "old", "new", "replace_all", "count"]);

/**
 * Parses `{"edits":[…]}` (or a bare array) into checked requests. Every shape error
 * names the edit's position and field, so a generator can be fixed without guessing.
 */
export function parseEditBatch(text: string): EditRequest[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new TsiftError("invalid_input", `edit batch is not valid JSON: ${(error as Error).message}`, {
      hint: 'pipe {"edits":[{"file":"src/a.ts","old":"before","new":"after"}]}',
    });
  }
  const list = Array.isArray(parsed) ? parsed : isRecord(parsed) && Array.isArray(parsed.edits) ? parsed.edits : null;
  if (!list) throw new TsiftError("invalid_input", 'edit batch must be {"edits":[…]} or an array of edits');
  if (list.length === 0) throw new TsiftError("invalid_input", "edit batch holds no edits");
  if (list.length > MAX_EDITS_PER_BATCH) throw new TsiftError("invalid_input", `edit batch holds ${list.length} edits; the limit is ${MAX_EDITS_PER_BATCH}`);
  return list.map((entry, index) => checkEdit(entry, index));
}

function checkEdit(entry: unknown, index: number): EditRequest {
  const where = `edit ${index + 1}`;
  if (!isRecord(entry)) throw new TsiftError("invalid_input", `${where} is not an object`);
  const unknown = Object.keys(entry).filter((key) => !KNOWN_FIELDS.has(key));
  if (unknown.length) throw new TsiftError("invalid_input", `${where} has unknown field ${unknown.map((key) => JSON.stringify(key)).join(", ")}`);
  for (const field of ["file", "old", "new"] as const) {
    if (typeof entry[field] !== "string") throw new TsiftError("invalid_input", `${where}: "${field}" must be a string`);
  }
  if (entry.file === "") throw new TsiftError("invalid_input", `${where}: "file" is empty`);
  if (entry.old === "") throw new TsiftError("invalid_input", `${where}: "old" is empty; an edit replaces text that exists`);
  if (entry.replace_all !== undefined && typeof entry.replace_all !== "boolean")
    throw new TsiftError("invalid_input", `${where}: "replace_all" must be true or false`);
  if (entry.count !== undefined && (typeof entry.count !== "number" || !Number.isInteger(entry.count) || entry.count < 1))
    throw new TsiftError("invalid_input", `${where}: "count" must be a whole number >= 1`);
  return {
    file: entry.file as string,
    old: entry.old as string,
    new: entry.new as string,
    ...(entry.replace_all === undefined ? {} : { replace_all: entry.replace_all }),
    ...(entry.count === undefined ? {} : { count: entry.count as number }),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
