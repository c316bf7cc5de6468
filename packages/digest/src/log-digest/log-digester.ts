import { TsiftError } from "@tsift/core/light";
import { boundLines } from "../bound-lines";
import { capList } from "../cap-list";
import { collapseRepeats } from "../collapse-repeats";
import { withEconomy } from "../digest-economy";
import { truncateBytes } from "../truncate-bytes";
import { BoundedTally } from "./bounded-tally";
import { classifyLine, ERROR_KINDS, exitCodeOf, SIGNAL_KINDS, type SignalKind } from "./classify-line";
import { findAnchors, type LineAnchor } from "./find-anchors";
import { LineSplitter, stripAnsi } from "./line-splitter";
import { lineKey } from "./line-key";
import type { LogAnchor, LogDigest, LogDigestOptions, LogFirstError, LogRepeatGroup, LogSignalGroup } from "./log-digest-types";

// Memory caps: what the digester remembers, whatever the log's size.
const SIGNAL_CAPACITY = 512;
const REPEAT_CAPACITY = 1024;
const ANCHOR_CAPACITY = 256;
const ANCHORS_PER_GROUP = 5;
const EXIT_CODES_KEPT = 32;
// A traceback or first error runs until its block ends (a line back at column 0), but
// never past this many lines; the kept ones are then bounded head and tail.
const BLOCK_SCAN_LINES = 60;

/** A stack's outermost frames say how it was reached, its innermost where it broke: keep both ends. */
function anchorEnds(anchors: Map<string, LogAnchor>): LogAnchor[] {
  const list = [...anchors.values()];
  return list.length <= ANCHORS_PER_GROUP ? list : [...list.slice(0, 2), ...list.slice(-(ANCHORS_PER_GROUP - 2))];
}

interface GroupState extends Omit<LogSignalGroup, "anchors"> {
  first_line: number;
  anchors: Map<string, LogAnchor>;
}

interface Collector {
  lines: string[];
  remaining: number;
  /** Block mode: stop after the first line back at column 0 (a traceback's exception line). */
  block: boolean;
  /** Set when a later signal line arrives: its anchors are its own, not this signal's. */
  anchorsClosed?: boolean;
  anchors: Map<string, LogAnchor>;
}

interface RepeatState extends LogRepeatGroup {
  first_line: number;
}

function checkCount(name: string, value: number, min: number): number {
  if (Number.isInteger(value) && value >= min) return value;
  throw new TsiftError("invalid_input", `${name} must be a whole number >= ${min}, got ${String(value)}`, { details: { [name]: value } });
}

function addAnchor(target: Map<string, LogAnchor>, anchor: LineAnchor, logLine: number, cap: number): void {
  const key = `${anchor.path}:${anchor.line}`;
  const known = target.get(key);
  if (known) known.count++;
  else if (target.size < cap)
    target.set(key, { path: anchor.path, line: anchor.line, ...(anchor.column === undefined ? {} : { column: anchor.column }), log_line: logLine, count: 1 });
}

/**
 * The streaming core of `digestLog`/`digestLogStream`: feed it chunks, then `finish`.
 * Every line costs a constant amount of work and memory beyond its own length (capped
 * at 4096 characters): tallies are bounded (`BoundedTally`), context windows are
 * short, and the tail is a fixed ring, so a 100 MB log streams through in bounded memory.
 */
export class LogDigester {
  private readonly limit: number;
  private readonly context: number;
  private readonly maxLineBytes: number;
  private readonly tailLines: number;
  private readonly headLines: number;
  private readonly splitter = new LineSplitter((line, cut) => this.line(line, cut));
  private readonly ring: string[];
  private ringNext = 0;
  private ringSize = 0;
  private readonly collectors: Collector[] = [];
  private readonly signals = new BoundedTally<GroupState>(SIGNAL_CAPACITY, (group) => group.first_line === this.firstError?.line);
  private readonly repeats = new BoundedTally<RepeatState>(REPEAT_CAPACITY);
  private readonly anchors = new BoundedTally<LogAnchor & { first_line: number }>(ANCHOR_CAPACITY);
  private firstError: (LogFirstError & { collector: Collector }) | null = null;
  private readonly head: string[] = [];
  private readonly exitCodes: { code: number; line: number }[] = [];
  private readonly counts = Object.fromEntries(SIGNAL_KINDS.map((kind) => [kind, 0])) as Record<SignalKind, number>;
  private inputBytes = 0;
  private lineNo = 0;
  private longLines = 0;
  private signalLines = 0;
  private repeatedLines = 0;
  /** Lines left in the window after a signal whose anchors count (a stack under an error). */
  private anchorWindow = 0;
  private finished = false;

  constructor(options: LogDigestOptions = {}) {
    this.limit = checkCount("limit", options.limit ?? 10, 0);
    this.context = checkCount("context", options.context ?? 2, 0);
    this.maxLineBytes = checkCount("maxLineBytes", options.maxLineBytes ?? 240, 16);
    this.tailLines = checkCount("tailLines", options.tailLines ?? 8, 0);
    this.headLines = checkCount("headLines", options.headLines ?? 3, 0);
    if (this.context > 50 || this.tailLines > 1000 || this.headLines > 1000)
      throw new TsiftError("invalid_input", "context is at most 50 lines, tailLines and headLines at most 1000", { details: { ...options } });
    this.ring = new Array<string>(Math.max(64, this.tailLines * 4, this.context + 1)).fill("");
  }

  push(chunk: string | Buffer | Uint8Array): void {
    if (this.finished) throw new TsiftError("internal", "LogDigester.push after finish");
    if (typeof chunk === "string") {
      this.inputBytes += Buffer.byteLength(chunk, "utf8");
      this.splitter.push(chunk);
    } else if (chunk instanceof Uint8Array) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      this.inputBytes += buffer.length;
      this.splitter.push(buffer);
    } else {
      throw new TsiftError("invalid_input", `a log chunk must be a string or a Buffer, got ${typeof chunk}`);
    }
  }

  finish(): LogDigest {
    if (!this.finished) {
      this.splitter.end();
      this.finished = true;
    }
    return this.report();
  }

  private clip(text: string): string {
    return truncateBytes(text, this.maxLineBytes);
  }

  private line(raw: string, cut: boolean): void {
    this.lineNo++;
    if (cut) this.longLines++;
    const text = stripAnsi(raw).trimEnd();
    const clipped = this.clip(text);
    for (let i = this.collectors.length - 1; i >= 0; i--) {
      const collector = this.collectors[i]!;
      collector.lines.push(clipped);
      collector.remaining--;
      const blockEnd = collector.block && collector.lines.length > 1 && text !== "" && !/^\s/.test(text);
      if (collector.remaining <= 0 || blockEnd) this.collectors.splice(i, 1);
    }
    if (text.trim() === "") {
      this.remember(clipped);
      return;
    }
    if (this.head.length < this.headLines) this.head.push(clipped);

    const kind = classifyLine(text);
    const anchors = findAnchors(text);
    const key = lineKey(text, anchors);
    if (kind !== null) this.anchorWindow = this.context * 4 + 1;
    if (this.anchorWindow > 0) {
      this.anchorWindow--;
      for (const anchor of anchors) this.noteAnchor(anchor);
    }
    for (const collector of this.collectors) {
      if (kind !== null && !collector.block) collector.anchorsClosed = true;
      if (!collector.anchorsClosed)
        for (const anchor of anchors) addAnchor(collector.anchors, anchor, this.lineNo, collector.block ? BLOCK_SCAN_LINES : ANCHORS_PER_GROUP);
    }
    if (kind === null) this.plainLine(key, clipped);
    else this.signalLine(kind, key, text, clipped, anchors);
    this.remember(clipped);
  }

  private plainLine(key: string, clipped: string): void {
    const known = this.repeats.get(key);
    if (known) {
      known.count++;
      known.last_line = this.lineNo;
      this.repeatedLines++;
      return;
    }
    this.repeats.set(key, { shape: this.clip(key), text: clipped, count: 1, first_line: this.lineNo, last_line: this.lineNo });
  }

  private signalLine(kind: SignalKind, key: string, text: string, clipped: string, anchors: readonly LineAnchor[]): void {
    this.signalLines++;
    this.counts[kind]++;
    const exitCode = kind === "exit_code" ? exitCodeOf(text) : null;
    if (exitCode !== null && this.exitCodes.length < EXIT_CODES_KEPT && !this.exitCodes.some((entry) => entry.code === exitCode))
      this.exitCodes.push({ code: exitCode, line: this.lineNo });

    if (this.firstError === null && ERROR_KINDS.has(kind)) {
      const collector: Collector = { lines: [], remaining: Math.max(this.context * 4, BLOCK_SCAN_LINES), block: true, anchors: new Map() };
      for (const anchor of anchors) addAnchor(collector.anchors, anchor, this.lineNo, ANCHORS_PER_GROUP);
      // Non-block first errors (a tsc line) need only a short window; block mode stops
      // at the next line back at column 0, which for them is usually the next line.
      if (kind !== "traceback") collector.remaining = this.context * 4;
      collector.block = kind === "traceback";
      if (collector.remaining > 0) this.collectors.push(collector);
      this.firstError = { kind, line: this.lineNo, text: clipped, before: this.recent(this.context + 1), after: [], anchors: [], collector };
    }

    const groupKey = `${kind}\u0000${key}`;
    const known = this.signals.get(groupKey);
    if (known) {
      known.count++;
      known.last = { line: this.lineNo, text: clipped };
      for (const anchor of anchors) addAnchor(known.anchors, anchor, this.lineNo, ANCHORS_PER_GROUP);
      if (exitCode !== null && known.exit_code === undefined) known.exit_code = exitCode;
      return;
    }
    const block = kind === "traceback";
    const collector: Collector = { lines: [], remaining: block ? BLOCK_SCAN_LINES : this.context, block, anchors: new Map() };
    for (const anchor of anchors) addAnchor(collector.anchors, anchor, this.lineNo, ANCHORS_PER_GROUP);
    if (collector.remaining > 0) this.collectors.push(collector);
    const group: GroupState & { collector: Collector } = {
      kind,
      shape: this.clip(key),
      count: 1,
      first: { line: this.lineNo, text: clipped },
      last: null,
      before: this.recent(this.context),
      after: collector.lines,
      anchors: collector.anchors,
      first_line: this.lineNo,
      collector,
      ...(exitCode === null ? {} : { exit_code: exitCode }),
    };
    this.signals.set(groupKey, group);
  }

  private noteAnchor(anchor: LineAnchor): void {
    const key = `${anchor.path}:${anchor.line}`;
    const known = this.anchors.get(key);
    if (known) known.count++;
    else
      this.anchors.set(key, {
        path: anchor.path,
        line: anchor.line,
        ...(anchor.column === undefined ? {} : { column: anchor.column }),
        log_line: this.lineNo,
        count: 1,
        first_line: this.lineNo,
      });
  }

  private remember(line: string): void {
    this.ring[this.ringNext] = line;
    this.ringNext = (this.ringNext + 1) % this.ring.length;
    this.ringSize = Math.min(this.ringSize + 1, this.ring.length);
  }

  /** The last `count` lines seen (before the current one). */
  private recent(count: number): string[] {
    const take = Math.min(count, this.ringSize);
    const out: string[] = [];
    for (let i = take; i >= 1; i--) out.push(this.ring[(this.ringNext - i + this.ring.length) % this.ring.length]!);
    return out;
  }

  /** A block's kept lines: its head and its tail, the middle marked. */
  private boundBlock(lines: readonly string[], max: number): string[] {
    const collapsed = collapseRepeats(lines).lines.map((line) => this.clip(line));
    return boundLines(collapsed, { maxLines: max, maxBytes: Infinity, marker: ({ lines: omitted }) => `… ${omitted} lines …` }).lines;
  }

  private report(): LogDigest {
    const cap = this.limit;
    const order = (kind: SignalKind) => SIGNAL_KINDS.indexOf(kind);
    const groups = this.signals
      .values()
      .sort((a, b) => order(a.kind) - order(b.kind) || a.first_line - b.first_line)
      .map((group): LogSignalGroup => {
        const { first_line: _first, anchors, after, ...rest } = group as GroupState & { collector?: Collector };
        delete (rest as { collector?: Collector }).collector;
        return { ...rest, after: this.boundBlock(after, Math.max(this.context, 1) * (group.kind === "traceback" ? 4 : 1)), anchors: anchorEnds(anchors) };
      });
    const signals = capList(groups, cap);
    const repeatGroups = this.repeats
      .values()
      .filter((group) => group.count > 1)
      .sort((a, b) => b.count - a.count || a.first_line - b.first_line)
      .map(({ shape, text, count, first_line, last_line }) => ({ shape, text, count, first_line, last_line }));
    const repeats = capList(repeatGroups, cap);
    const anchorList = this.anchors
      .values()
      .sort((a, b) => a.first_line - b.first_line || (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line))
      .map(({ first_line: _first, ...anchor }) => anchor);
    const anchors = capList(anchorList, cap);
    const exitCodes = capList(this.exitCodes, cap);

    let firstError: LogFirstError | null = null;
    if (this.firstError) {
      const { collector, ...rest } = this.firstError;
      firstError = { ...rest, after: this.boundBlock(collector.lines, Math.max(this.context * 4, 1)), anchors: anchorEnds(collector.anchors) };
    }
    const tailRaw = this.recent(this.ring.length);
    while (tailRaw.length > 0 && tailRaw[tailRaw.length - 1] === "") tailRaw.pop();
    const tail = collapseRepeats(tailRaw)
      .lines.slice(-Math.max(this.tailLines, 1))
      .map((line) => this.clip(line));

    return withEconomy(this.inputBytes, {
      total_lines: this.lineNo,
      long_lines: this.longLines,
      signal_lines: this.signalLines,
      counts: { ...this.counts },
      repeated_lines: this.repeatedLines,
      first_error: firstError,
      signals: signals.items,
      signals_total: signals.total,
      repeats: repeats.items,
      repeats_total: repeats.total,
      anchors: anchors.items,
      anchors_total: anchors.total,
      exit_codes: exitCodes.items,
      head: [...this.head],
      tail: this.tailLines === 0 ? [] : tail,
      approximate: this.signals.pruned || this.repeats.pruned || this.anchors.pruned,
      truncated: signals.truncated || repeats.truncated || anchors.truncated || exitCodes.truncated,
      limit: cap,
    });
  }
}
