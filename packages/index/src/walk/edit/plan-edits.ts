import { readFileSync } from "node:fs";
import { isTsiftError } from "@tsift/core/light";
import { HARD_MAX_FILE_BYTES } from "../config/tsift-config";
import { resolveSourceFile } from "../resolve-source-file";
import type { EditRequest } from "./edit-input";

/** What happened to one edit: applied, would apply (dry run), rejected (why), or not applied because another was rejected. */
export type EditStatus = "applied" | "would_apply" | "rejected" | "not_applied";

export interface EditOutcome {
  /** 1-based position in the batch. */
  edit: number;
  /** Root-relative, `/`-separated. */
  file: string;
  status: EditStatus;
  replacements: number;
  reason?: string;
}

/** One file's planned rewrite: all of its edits applied in batch order. */
export interface FilePlan {
  file: string;
  absPath: string;
  before: Buffer;
  after: Buffer;
  mode: number;
  replacements: number;
}

export interface EditPlan {
  outcomes: EditOutcome[];
  files: FilePlan[];
  rejected: number;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

function readText(absPath: string, size: number): { text: string; bytes: Buffer } | string {
  if (size > HARD_MAX_FILE_BYTES) return `file is ${size} bytes, over the ${HARD_MAX_FILE_BYTES}-byte limit for edits`;
  const bytes = readFileSync(absPath);
  if (bytes.subarray(0, 8192).includes(0)) return "file looks binary (it holds NUL bytes); edit only changes text files";
  try {
    return { text: utf8.decode(bytes), bytes };
  } catch {
    return "file is not valid UTF-8; edit only changes UTF-8 text";
  }
}

function countOccurrences(text: string, search: string): number {
  let count = 0;
  for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + search.length)) count++;
  return count;
}

function expectation(edit: EditRequest, found: number): string | null {
  if (found === 0) return "search text not found";
  if (edit.count !== undefined) return found === edit.count ? null : `search text found ${found} times, expected ${edit.count}`;
  if (edit.replace_all) return null;
  return found === 1 ? null : `search text found ${found} times; pass "replace_all": true or "count": ${found}`;
}

/**
 * Validates every edit against the files' current text, applying each file's edits in
 * batch order to an in-memory copy, and nothing to disk. A file that cannot be read,
 * lies outside the root or is not UTF-8 text rejects all of its edits.
 */
export function planEdits(root: string, edits: readonly EditRequest[]): EditPlan {
  const outcomes: EditOutcome[] = [];
  const byFile = new Map<string, { plan: FilePlan | null; text: string; error: string | null }>();
  for (const [position, edit] of edits.entries()) {
    const number = position + 1;
    let key: string;
    let state: { plan: FilePlan | null; text: string; error: string | null } | undefined;
    try {
      const source = resolveSourceFile(root, root, edit.file, "edit");
      key = source.rel;
      state = byFile.get(key);
      if (!state) {
        const read = readText(source.absPath, source.size);
        state =
          typeof read === "string"
            ? { plan: null, text: "", error: read }
            : {
                plan: { file: key, absPath: source.absPath, before: read.bytes, after: read.bytes, mode: 0, replacements: 0 },
                text: read.text,
                error: null,
              };
        byFile.set(key, state);
      }
    } catch (error) {
      if (!isTsiftError(error)) throw error;
      outcomes.push({ edit: number, file: edit.file, status: "rejected", replacements: 0, reason: error.message });
      continue;
    }
    if (state.error !== null) {
      outcomes.push({ edit: number, file: key, status: "rejected", replacements: 0, reason: state.error });
      continue;
    }
    const found = countOccurrences(state.text, edit.old);
    const problem = expectation(edit, found);
    if (problem) {
      outcomes.push({ edit: number, file: key, status: "rejected", replacements: 0, reason: problem });
      continue;
    }
    // split/join replaces literally: `$&` and friends in the new text stay as written.
    state.text = state.text.split(edit.old).join(edit.new);
    state.plan!.replacements += found;
    outcomes.push({ edit: number, file: key, status: "would_apply", replacements: found });
  }
  const files: FilePlan[] = [];
  for (const state of byFile.values()) {
    if (!state.plan) continue;
    state.plan.after = Buffer.from(state.text, "utf8");
    files.push(state.plan);
  }
  files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { outcomes, files, rejected: outcomes.filter((outcome) => outcome.status === "rejected").length };
}
