import { isAbsolute, relative, resolve, sep } from "node:path";
import { isTsiftError } from "@tsift/core/light";
import type { DigestSummaries } from "@tsift/index/summaries";
import { truncateBytes } from "../truncate-bytes";

export type { DigestSummaries, DigestSummarySnippet } from "@tsift/index/summaries";

/** A file a digest points at: a diff's file, a failing test's frame, a log's `file:line`. */
export interface SummaryAnchor {
  /** Relative to the digest's base directory, or absolute. */
  path: string;
  /** sha256 of the compared snapshot's text; omitted: the file on disk; null: no text (deleted). */
  contentHash?: string | null;
  /** Qualified names to show first (touched or failing symbols). */
  symbols?: readonly string[];
}

export interface SummaryOptions {
  /** Most snippets; default 2. */
  limit?: number;
  /** Longest snippet text in UTF-8 bytes (longer ones end in "…"); default 240. */
  maxBytes?: number;
}

const toSlash = (path: string) => path.split(sep).join("/");

/**
 * Up to two cached summaries (`.tsift/summaries.db`, read-only) of the project files a
 * digest points at, current for the compared content; otherwise `stale`, `missing` or
 * `unavailable`. Anchors outside the project are ignored. Snippet paths are relative to
 * `base` like the digest's own paths, or to the project root when outside `base`.
 */
export async function summariesForAnchors(base: string, anchors: readonly SummaryAnchor[], options: SummaryOptions = {}): Promise<DigestSummaries> {
  const summaries = await import("@tsift/index/summaries");
  let projectRoot: string;
  try {
    projectRoot = summaries.resolveProjectRoot(base).root;
  } catch (error) {
    if (!isTsiftError(error)) throw error;
    return { state: "unavailable", cached: false, snippets: [], files: { current: 0, stale: 0, missing: 0 }, note: error.message };
  }
  const targets = anchors.flatMap((anchor) => {
    const inside = relative(projectRoot, resolve(base, anchor.path));
    if (inside === "" || inside === ".." || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return [];
    return [
      {
        file: toSlash(inside),
        ...(anchor.contentHash !== undefined ? { contentHash: anchor.contentHash } : {}),
        ...(anchor.symbols !== undefined ? { symbols: anchor.symbols } : {}),
      },
    ];
  });
  const found = summaries.digestSummaries(projectRoot, targets, { limit: options.limit ?? 2 });
  const maxBytes = options.maxBytes ?? 240;
  return {
    ...found,
    snippets: found.snippets.map((snippet) => {
      const fromBase = relative(base, resolve(projectRoot, snippet.file));
      const file = fromBase.startsWith("..") || isAbsolute(fromBase) ? snippet.file : toSlash(fromBase);
      return { ...snippet, file, summary: truncateBytes(snippet.summary, maxBytes) };
    }),
  };
}
