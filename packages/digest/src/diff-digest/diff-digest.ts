import { createHash } from "node:crypto";
import { TsiftError } from "@tsift/core/light";
import type { FileExtraction, Lang } from "@tsift/graph";
import { BUDGET_PRESETS, type Budget, type BudgetPreset } from "../budget";
import { withEconomy } from "../digest-economy";
import { truncateBytes } from "../truncate-bytes";
import {
  listResolvedDiff,
  projectMaxFileBytes,
  readSnapshots,
  resolveDiff,
  SNAPSHOT_HARD_MAX_BYTES,
  type DiffFile,
  type DiffTarget,
  type SnapshotRead,
  type SnapshotRequest,
} from "../git/index";
import { summariesForAnchors, type SummaryAnchor } from "../summaries/digest-summaries";
import type { DiffDigestFile, DiffDigestReport, DiffParseState, DiffSymbol } from "./diff-digest-types";
import { callEdges, edgeDifference, touchedSymbols } from "./touched-symbols";

export interface DiffDigestOptions {
  /** A directory in the git work tree; paths are reported relative to it. */
  readonly root: string;
  /** Default: the working tree against HEAD, untracked files included. */
  readonly target?: DiffTarget;
  /** Pathspecs relative to `root`. */
  readonly paths?: readonly string[];
  /** Files listed (and parsed), first by path; 0 = all. Default 25. */
  readonly limit?: number;
  /** Caps each file's symbol, edge and hunk lists (`maxItems`) and signatures (`maxBytes`). */
  readonly budget?: Budget | BudgetPreset | null;
  /** The per-file read limit (the project's `index.max_file_bytes`); default: read from `.tsift/config.toml`. */
  readonly maxFileBytes?: number;
}

export const DEFAULT_DIFF_DIGEST_LIMIT = 25;
/** Per-file list cap without a budget: enough for a real change, bounded for a generated one. */
const DEFAULT_ITEMS = 20;
const DEFAULT_SIGNATURE_BYTES = 200;
const BINARY_SNIFF_BYTES = 8000;
/** Files whose snapshots are read together: bounds the bytes held at once. */
const FILES_PER_READ = 32;

/**
 * A bounded, code-aware digest of a git diff: per file its status, counts and hunks; the
 * symbols it adds, removes and changes and the call edges it adds and removes, from
 * tree-sitter parses of both snapshots (never from index.db, which it neither needs nor
 * touches). Binary, submodule, oversized and unsupported files are listed unparsed.
 */
export async function diffDigest(options: DiffDigestOptions): Promise<DiffDigestReport> {
  const limit = options.limit ?? DEFAULT_DIFF_DIGEST_LIMIT;
  if (!Number.isInteger(limit) || limit < 0) throw new TsiftError("usage", `--limit expects a whole number >= 0 (0 = all), got ${String(limit)}`);
  const target = options.target ?? { kind: "worktree" };
  const resolved = await resolveDiff(options.root, target);
  const listing = await listResolvedDiff(resolved, options.paths ? { paths: options.paths } : {});
  const budget = typeof options.budget === "string" ? { preset: options.budget, ...BUDGET_PRESETS[options.budget] } : (options.budget ?? null);
  const caps = { items: budget?.maxItems ?? DEFAULT_ITEMS, bytes: budget?.maxBytes ?? DEFAULT_SIGNATURE_BYTES };
  const maxBytes = Math.min(options.maxFileBytes ?? (await projectMaxFileBytes(options.root)), SNAPSHOT_HARD_MAX_BYTES);
  const shown = limit === 0 ? listing.files : listing.files.slice(0, limit);
  const { extractFile, langFromPath } = await import("@tsift/graph");
  const files: DiffDigestFile[] = [];
  const anchors: SummaryAnchor[] = [];
  const totals = { added: 0, removed: 0, changed: 0, edgesAdded: 0, edgesRemoved: 0 };
  const context: FileContext = { maxBytes, caps, extractFile, langFromPath };
  // Read a group of files' snapshots in a few git processes, digest them, let them go.
  for (let at = 0; at < shown.length; at += FILES_PER_READ) {
    const group = shown.slice(at, at + FILES_PER_READ);
    const wanted = group.map((file) => (parseCandidate(file, langFromPath) ? sideRequests(file) : []));
    const reads = await readSnapshots(resolved, wanted.flat(), maxBytes);
    let next = 0;
    group.forEach((file, i) => {
      const mine = reads.slice(next, next + wanted[i]!.length);
      next += wanted[i]!.length;
      const digest = digestFile(file, mine, context);
      files.push(digest.file);
      if (digest.anchor) anchors.push(digest.anchor);
      for (const symbol of digest.symbols) totals[symbol.change]++;
      totals.edgesAdded += digest.file.added_call_edges_total;
      totals.edgesRemoved += digest.file.removed_call_edges_total;
    });
  }
  const report = {
    root: options.root,
    mode: target.kind,
    ...(target.kind === "revision" ? { revision: target.rev } : {}),
    ...(target.kind === "base" ? { base: target.ref } : {}),
    old_commit: resolved.oldCommit,
    new_commit: resolved.newSide.kind === "commit" ? resolved.newSide.commit : null,
    files_changed: listing.files.length,
    additions: sum(listing.files, (file) => file.additions),
    deletions: sum(listing.files, (file) => file.deletions),
    symbols_added: totals.added,
    symbols_removed: totals.removed,
    symbols_changed: totals.changed,
    call_edges_added: totals.edgesAdded,
    call_edges_removed: totals.edgesRemoved,
    files,
    files_total: listing.files.length,
    truncated: files.length < listing.files.length || files.some(fileTruncated),
    summaries: await summariesForAnchors(options.root, anchors, { maxBytes: caps.bytes }),
  };
  return withEconomy(listing.patchBytes, report);
}

interface FileContext {
  maxBytes: number;
  caps: { items: number; bytes: number };
  extractFile: (lang: Lang, source: string) => FileExtraction;
  langFromPath: (path: string) => Lang | null;
}

const parseCandidate = (file: DiffFile, langFromPath: (path: string) => Lang | null) => !file.submodule && !file.binary && langFromPath(file.path) !== null;

interface FileDigest {
  file: DiffDigestFile;
  symbols: DiffSymbol[];
  /** The parsed new side, for its cached summaries (which count only when made from that content). */
  anchor: SummaryAnchor | null;
}

function digestFile(file: DiffFile, reads: readonly SnapshotRead[], context: FileContext): FileDigest {
  const language = context.langFromPath(file.path);
  const warnings: string[] = [];
  let parse: DiffParseState = file.submodule ? "submodule" : file.binary ? "binary" : language === null ? "unsupported_language" : "parsed";
  let symbols: DiffSymbol[] = [];
  let added: string[] = [];
  let removed: string[] = [];
  let anchor: SummaryAnchor | null = null;
  if (parse === "parsed" && language !== null) {
    const sides = sidesOf(file, reads, context.maxBytes);
    if (sides.state !== "parsed") {
      parse = sides.state;
      if (sides.warning) warnings.push(sides.warning);
    } else {
      const extract = (text: string | null) => (text === null ? null : context.extractFile(language, text));
      const [before, after] = [extract(sides.old), extract(sides.new)];
      symbols = touchedSymbols(before, after, file.hunks);
      const [oldEdges, newEdges] = [callEdges(before), callEdges(after)];
      added = edgeDifference(newEdges, oldEdges);
      removed = edgeDifference(oldEdges, newEdges);
      if (sides.new !== null) {
        const touched = symbols.filter((symbol) => symbol.change !== "removed").map((symbol) => symbol.name);
        anchor = { path: file.path, contentHash: createHash("sha256").update(sides.new).digest("hex"), symbols: touched };
      }
      if (before?.has_errors || after?.has_errors)
        warnings.push(`syntax errors in the ${before?.has_errors ? "old" : "new"} snapshot; symbols are best-effort`);
    }
  }
  const { items, bytes } = context.caps;
  const digest: DiffDigestFile = {
    path: file.path,
    ...(file.oldPath !== null && file.oldPath !== file.path ? { old_path: file.oldPath } : {}),
    status: file.status,
    ...(file.similarity !== undefined ? { similarity: file.similarity } : {}),
    binary: file.binary,
    submodule: file.submodule,
    ...(file.oldMode !== undefined ? { old_mode: file.oldMode } : {}),
    ...(file.newMode !== undefined ? { new_mode: file.newMode } : {}),
    ...(file.untracked ? { untracked: true } : {}),
    additions: file.additions,
    deletions: file.deletions,
    hunks: file.hunks
      .slice(0, items)
      .map((hunk) => `-${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines}${hunk.header ? ` ${truncateBytes(hunk.header, bytes)}` : ""}`),
    hunks_total: file.hunks.length + file.omittedHunks,
    language,
    parse,
    symbols: symbols.slice(0, items).map((symbol) => ({
      ...symbol,
      ...(symbol.old_signature !== undefined ? { old_signature: truncateBytes(symbol.old_signature, bytes) } : {}),
      ...(symbol.new_signature !== undefined ? { new_signature: truncateBytes(symbol.new_signature, bytes) } : {}),
    })),
    symbols_total: symbols.length,
    added_call_edges: added.slice(0, items),
    added_call_edges_total: added.length,
    removed_call_edges: removed.slice(0, items),
    removed_call_edges_total: removed.length,
    ...(warnings.length > 0 ? { warnings } : {}),
  };
  return { file: digest, symbols, anchor };
}

type Sides = { state: "parsed"; old: string | null; new: string | null } | { state: "too_large" | "binary" | "not_text"; warning?: string };

/** The snapshots a file needs: none for a symlink (its "content" is a target path, not source). */
function sideRequests(file: DiffFile): SnapshotRequest[] {
  if (file.oldMode === "120000" || file.newMode === "120000") return [];
  return [
    ...(file.oldPath !== null ? [{ side: "old" as const, path: file.oldPath }] : []),
    ...(file.status !== "deleted" ? [{ side: "new" as const, path: file.path }] : []),
  ];
}

/** Both sides' text, or why they are not parsed. */
function sidesOf(file: DiffFile, reads: readonly SnapshotRead[], maxBytes: number): Sides {
  if (file.oldMode === "120000" || file.newMode === "120000") return { state: "not_text" };
  const requests = sideRequests(file);
  const largest = Math.max(0, ...reads.map((read) => read.size ?? 0));
  if (largest > maxBytes) return { state: "too_large", warning: `${largest} bytes is over the per-file limit of ${maxBytes} bytes; not parsed` };
  if (reads.some((read) => read.bytes !== null && read.bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0))) return { state: "binary" };
  const text = (side: "old" | "new") => reads[requests.findIndex((request) => request.side === side)]?.bytes?.toString("utf8") ?? null;
  return { state: "parsed", old: text("old"), new: text("new") };
}

function fileTruncated(file: DiffDigestFile): boolean {
  return (
    file.hunks.length < file.hunks_total ||
    file.symbols.length < file.symbols_total ||
    file.added_call_edges.length < file.added_call_edges_total ||
    file.removed_call_edges.length < file.removed_call_edges_total
  );
}

function sum<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}
