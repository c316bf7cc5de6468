import type { DigestEconomy } from "../digest-economy";
import type { SignalKind } from "./classify-line";

export interface LogDigestOptions {
  /** Items per list (signals, repeats, anchors, exit codes). Default 10; 0 = every tracked item. */
  limit?: number;
  /** Lines of context kept before and after a signal's first occurrence. Default 2. */
  context?: number;
  /** Longest line text in the report, in UTF-8 bytes (longer lines end in "…"). Default 240. */
  maxLineBytes?: number;
  /** Last lines of the log kept, after collapsing repeats. Default 8. */
  tailLines?: number;
  /** First non-blank lines of the log kept. Default 3. */
  headLines?: number;
}

/** A log line quoted in the report (1-based line number). */
export interface LogLine {
  line: number;
  text: string;
}

/** A `file:line` reference, where it first appeared in the log and how often. */
export interface LogAnchor {
  path: string;
  line: number;
  column?: number;
  log_line: number;
  count: number;
}

/** Signal lines of one kind and one shape (see `lineKey`), with their first and last occurrence. */
export interface LogSignalGroup {
  kind: SignalKind;
  /** The normalised line every member shares. */
  shape: string;
  count: number;
  first: LogLine;
  /** Null when the signal occurred once. */
  last: LogLine | null;
  /** Lines before and after the first occurrence. */
  before: string[];
  after: string[];
  /** Anchors on the first occurrence and the lines after it. */
  anchors: LogAnchor[];
  exit_code?: number;
}

/** The first error-kind line, with more context than a group gets. */
export interface LogFirstError {
  kind: SignalKind;
  line: number;
  text: string;
  before: string[];
  after: string[];
  anchors: LogAnchor[];
}

/** Ordinary (non-signal) lines of one shape that repeat. */
export interface LogRepeatGroup {
  shape: string;
  /** The first line of the group, verbatim. */
  text: string;
  count: number;
  first_line: number;
  last_line: number;
}

export interface LogDigest {
  total_lines: number;
  /** Lines longer than 4096 characters, read only that far. */
  long_lines: number;
  signal_lines: number;
  /** Signal lines per kind. */
  counts: Record<SignalKind, number>;
  /** Lines whose shape had been seen before: what collapsing saved. */
  repeated_lines: number;
  first_error: LogFirstError | null;
  /** Ordered by severity, then first occurrence. */
  signals: LogSignalGroup[];
  signals_total: number;
  /** Most frequent first, then earliest. */
  repeats: LogRepeatGroup[];
  repeats_total: number;
  /** In order of first appearance. */
  anchors: LogAnchor[];
  anchors_total: number;
  exit_codes: { code: number; line: number }[];
  head: string[];
  /** How the log ended, repeats collapsed. */
  tail: string[];
  /** True when a memory cap made counts lower bounds (very many distinct lines). */
  approximate: boolean;
  /** True when a list was cut by `limit`. */
  truncated: boolean;
  limit: number;
  economy: DigestEconomy;
}
