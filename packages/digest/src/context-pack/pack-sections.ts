import { shellArg, stableHandle } from "@tsift/core/light";
import type { DiffDigestReport } from "../diff-digest/index";
import type { LogDigest } from "../log-digest/index";
import type { ProjectTestDigest } from "../test-digest/index";
import { truncateBytes } from "../truncate-bytes";
import type { PackDiff, PackLog, PackSymbolRef, PackTest } from "./context-pack-types";

/** The caps every section shares: items per list, bytes per quoted field. */
export interface PackCaps {
  maxItems: number;
  maxBytes: number;
}

/** What a reduction cut, so the pack can say it is truncated. */
export interface Reduced<T> {
  value: T;
  cut: boolean;
}

function cap<T>(items: readonly T[], caps: PackCaps): { items: T[]; cut: boolean } {
  return { items: items.slice(0, caps.maxItems), cut: items.length > caps.maxItems };
}

function clip(text: string, caps: PackCaps, state: { cut: boolean }): string {
  const clipped = truncateBytes(text, caps.maxBytes);
  if (clipped !== text) state.cut = true;
  return clipped;
}

export function packDiff(report: DiffDigestReport, caps: PackCaps, expand: string): Reduced<PackDiff> {
  const files = cap(report.files, caps);
  return {
    value: {
      mode: report.mode,
      files_changed: report.files_changed,
      additions: report.additions,
      deletions: report.deletions,
      symbols_added: report.symbols_added,
      symbols_removed: report.symbols_removed,
      symbols_changed: report.symbols_changed,
      call_edges_added: report.call_edges_added,
      call_edges_removed: report.call_edges_removed,
      files: files.items.map((file) => ({
        path: file.path,
        status: file.status,
        additions: file.additions,
        deletions: file.deletions,
        symbols: file.symbols_total,
      })),
      files_total: report.files_total,
      expand,
    },
    cut: files.cut || report.truncated,
  };
}

/**
 * The symbols the diff touches, in the diff's file order, each behind a handle derived from
 * its file, name and kind (not its line, which moves with every edit above it). Removed
 * symbols expand to their file's diff, the others to their definition.
 */
export function packSymbols(
  report: DiffDigestReport,
  caps: PackCaps,
  splitWords: (name: string) => string[],
  place: string,
): Reduced<{ refs: PackSymbolRef[]; total: number }> {
  const all: PackSymbolRef[] = [];
  for (const file of report.files) {
    for (const symbol of file.symbols) {
      const leaf = symbol.name.split(/[.:#]/).at(-1) ?? symbol.name;
      const words = splitWords(leaf);
      all.push({
        handle: stableHandle("csym", [file.path, symbol.name, symbol.kind].join("\0")),
        name: symbol.name,
        kind: symbol.kind,
        change: symbol.change,
        file: file.path,
        line: symbol.line,
        tag_alias: words.length ? words.join("/") : leaf.toLowerCase(),
        expand:
          symbol.change === "removed"
            ? `tsift diff-digest ${shellArg(file.path)}${place}`
            : `tsift source-read ${shellArg(file.path)} --start ${symbol.line} --lines 40${place}`,
      });
    }
  }
  const kept = cap(all, caps);
  // The diff caps each file's symbol list, so its own counts are the true total.
  const total = Math.max(all.length, report.symbols_added + report.symbols_removed + report.symbols_changed);
  return { value: { refs: kept.items, total }, cut: kept.cut || total > kept.items.length };
}

export function packTest(digest: ProjectTestDigest, input: string, caps: PackCaps, expand: string): Reduced<PackTest> {
  const state = { cut: false };
  const failures = cap(digest.failures, caps);
  const first = digest.first_error;
  const value: PackTest = {
    input,
    runner: digest.runner,
    status: digest.status,
    passed: digest.counts.passed,
    failed: digest.counts.failed,
    skipped: digest.counts.skipped,
    first_error: first ? { test: clip(first.test, caps, state), message: clip(first.message, caps, state), location: first.location } : null,
    failures: failures.items.map((group) => {
      const tests = cap(group.tests, caps);
      state.cut ||= tests.cut;
      return {
        location: group.location,
        message: clip(group.message, caps, state),
        symbol: group.symbol ? { name: group.symbol.qualified_name, handle: group.symbol.handle, file: group.symbol.file, line: group.symbol.line } : null,
        tests: tests.items.map((test) => clip(test, caps, state)),
        tests_total: group.tests_total,
      };
    }),
    failures_total: digest.failures_total,
    expand,
  };
  return { value, cut: state.cut || failures.cut || digest.truncated };
}

export function packLog(digest: LogDigest, input: string, caps: PackCaps, expand: string): Reduced<PackLog> {
  const state = { cut: false };
  const signals = cap(digest.signals, caps);
  const anchors = cap(digest.anchors, caps);
  const value: PackLog = {
    input,
    total_lines: digest.total_lines,
    signal_lines: digest.signal_lines,
    first_error: digest.first_error ? { line: digest.first_error.line, text: clip(digest.first_error.text, caps, state) } : null,
    signals: signals.items.map((group) => ({ kind: group.kind, count: group.count, line: group.first.line, text: clip(group.first.text, caps, state) })),
    signals_total: digest.signals_total,
    anchors: anchors.items.map((anchor) => `${anchor.path}:${anchor.line}`),
    anchors_total: digest.anchors_total,
    expand,
  };
  return { value, cut: state.cut || signals.cut || anchors.cut || digest.truncated };
}
