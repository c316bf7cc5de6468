import { capList } from "../cap-list";
import { withEconomy, type DigestEconomy } from "../digest-economy";
import { BoundedCounter } from "./bounded-counter";
import { closeoutKinds, commandName, filePathsIn, type EntryKinds, isFailureLine, promptTarget, symbolsIn, type CloseoutKind } from "./extract";
import { readSession } from "./read-session";
import { RestartTally } from "./restart-tally";
import type { SessionEvent, SessionReadStats, SessionSourceChoice } from "./session-types";

export interface SessionDigestOptions {
  source?: SessionSourceChoice;
  /** Items per list (0 = all). */
  limit?: number;
  /** Project root used to tell real files from directories and labels. */
  root?: string;
}

export interface CountedItem {
  text: string;
  count: number;
}

export interface SessionFailure {
  /** The command that failed, when the failure came from a tool call. */
  command: string | null;
  text: string;
  count: number;
  /** A later run of the same command succeeded. */
  resolved: boolean;
}

export interface CloseoutStep {
  kind: CloseoutKind;
  count: number;
  last_command: string;
  last_status: "ok" | "failed" | "unknown";
}

export interface SessionDigest {
  source: SessionReadStats["source"];
  lines: number;
  malformed_lines: number;
  oversized_lines: number;
  session_ids: string[];
  cwd: string | null;
  prompts_total: number;
  /** Distinct prompt targets, most recent first. */
  prompt_targets: CountedItem[];
  prompt_targets_total: number;
  tool_calls: number;
  commands: CountedItem[];
  commands_total: number;
  files: CountedItem[];
  files_total: number;
  symbols: CountedItem[];
  symbols_total: number;
  failures: SessionFailure[];
  failures_total: number;
  restarts: { total: number; events: CountedItem[]; max_restart_count: number | null };
  closeout: CloseoutStep[];
  /** Counts are lower bounds: more distinct items than the digest tracks. */
  approximate: boolean;
  economy: DigestEconomy;
}

interface PendingCall {
  command: string;
}

/**
 * Accumulates a session digest from events. Lists are bounded tallies; a tool call waits for
 * its result (by `call_id`) so a failure names the command that produced it.
 */
export class SessionDigester {
  private readonly prompts = new BoundedCounter<object>();
  private readonly commands = new BoundedCounter<object>();
  private readonly files = new BoundedCounter<object>();
  private readonly symbols = new BoundedCounter<object>();
  private readonly failures = new BoundedCounter<{ command: string | null; text: string }>();
  private readonly runtime = new BoundedCounter<object>();
  private readonly closeout = new Map<CloseoutKind, CloseoutStep>();
  private readonly lastStatus = new Map<string, "ok" | "failed">();
  private readonly pending = new Map<string, PendingCall>();
  private readonly sessionIds = new Set<string>();
  private readonly kinds: EntryKinds = new Map();
  private cwd: string | null = null;
  private promptCount = 0;
  private toolCalls = 0;
  private readonly restarts = new RestartTally();
  private lastCommand: string | null = null;
  /** A markdown document's latest command (no call id to pair a result with): the failure lines after it are its output. */
  private open: { command: string; failed: boolean } | null = null;

  constructor(private readonly root: string | undefined) {}

  add(event: SessionEvent): void {
    switch (event.kind) {
      case "meta":
        if (event.session_id && this.sessionIds.size < 20) this.sessionIds.add(event.session_id);
        if (event.cwd && this.cwd === null) this.cwd = event.cwd;
        return;
      case "prompt": {
        this.promptCount++;
        const target = promptTarget(event.text);
        if (target) this.prompts.add(target, {});
        this.scanText(event.text, false);
        return;
      }
      case "assistant":
        for (const symbol of symbolsIn(event.text)) this.symbols.add(symbol, {});
        return;
      case "tool":
        this.toolCalls++;
        for (const path of event.paths) this.addFile(path);
        if (event.read) this.addFile(event.read.path);
        if (event.command !== undefined) {
          const command = event.command.length > 300 ? `${event.command.slice(0, 297)}...` : event.command;
          this.commands.add(command, {});
          this.lastCommand = command;
          for (const path of filePathsIn(event.command, this.root, 10, this.kinds)) this.files.add(path, {});
          if (event.call_id && this.pending.size < 1000) this.pending.set(event.call_id, { command: event.command });
          else if (!event.call_id) {
            this.closeOpen();
            this.open = { command: event.command, failed: false };
            this.markCloseout(event.command, "unknown");
          }
        }
        return;
      case "result":
        this.result(event);
        return;
      case "runtime":
        this.runtime.add(event.event, {});
        this.restarts.add(event);
        return;
      case "line":
        this.scanText(event.text, true);
        return;
      case "usage":
        return;
    }
  }

  private result(event: Extract<SessionEvent, { kind: "result" }>): void {
    const call = event.call_id ? this.pending.get(event.call_id) : undefined;
    if (event.call_id) this.pending.delete(event.call_id);
    const failed = event.is_error || (event.exit_code !== undefined && event.exit_code !== 0);
    if (!call) {
      if (failed) for (const line of failureLines(event.text)) this.failures.add(`|${line}`, { command: null, text: line });
      return;
    }
    const name = commandName(call.command);
    this.lastStatus.set(name, failed ? "failed" : "ok");
    this.markCloseout(call.command, failed ? "failed" : "ok");
    if (!failed) return;
    if (event.exit_code !== undefined && event.exit_code !== 0) {
      const text = `${name} exited with code ${event.exit_code}`;
      this.failures.add(`${name}|${text}`, { command: name, text });
    }
    for (const line of failureLines(event.text)) this.failures.add(`${name}|${line}`, { command: name, text: line });
  }

  /**
   * Ends a markdown document's open command: failed when failure lines followed it, else ok,
   * so a later clean run of the same command resolves the earlier failure.
   */
  private closeOpen(): void {
    if (!this.open) return;
    const { command, failed } = this.open;
    this.open = null;
    this.lastStatus.set(commandName(command), failed ? "failed" : "ok");
    if (!failed) return;
    for (const kind of closeoutKinds(command)) {
      const step = this.closeout.get(kind);
      if (step && step.last_command === command) step.last_status = "failed";
    }
  }

  private markCloseout(command: string, status: "ok" | "failed" | "unknown"): void {
    for (const kind of closeoutKinds(command)) {
      const step = this.closeout.get(kind);
      if (step) {
        step.count++;
        step.last_command = command;
        step.last_status = status;
      } else this.closeout.set(kind, { kind, count: 1, last_command: command, last_status: status });
    }
  }

  private scanText(text: string, failures: boolean): void {
    for (const line of text.split("\n", 200)) {
      for (const path of filePathsIn(line, this.root, 10, this.kinds)) this.files.add(path, {});
      for (const symbol of symbolsIn(line)) this.symbols.add(symbol, {});
      if (failures && isFailureLine(line)) {
        const exit = /\b(?:exit(?:ed)?(?: with)? (?:code|status))[ :=]*(-?\d+)/i.exec(line);
        const named = exit && this.lastCommand ? `${commandName(this.lastCommand)} exited with code ${exit[1]}` : clip(line.trim());
        const owner = this.open ? this.open.command : exit ? this.lastCommand : null;
        if (this.open) this.open.failed = true;
        const command = owner === null ? null : commandName(owner);
        this.failures.add(`${command ?? ""}|${named}`, { command, text: named });
      }
    }
  }

  private addFile(path: string): void {
    if (path.trim() !== "" && !path.endsWith("/")) this.files.add(this.relative(path), {});
  }

  private relative(path: string): string {
    const base = this.cwd ?? this.root;
    return base && path.startsWith(`${base}/`) ? path.slice(base.length + 1) : path;
  }

  finish(stats: SessionReadStats, limit: number): SessionDigest {
    this.closeOpen();
    const counted = (counter: BoundedCounter, recent = false) => {
      const list = capList(
        (recent ? counter.byRecent() : counter.byCount()).map((entry) => ({ text: entry.key, count: entry.count })),
        limit,
      );
      return { items: list.items, total: list.total };
    };
    const prompts = counted(this.prompts, true);
    const commands = counted(this.commands);
    const files = counted(this.files);
    const symbols = counted(this.symbols);
    const failures = capList(
      this.failures.byCount().map((entry) => ({
        command: entry.value.command,
        text: entry.value.text,
        count: entry.count,
        resolved: entry.value.command !== null && this.lastStatus.get(entry.value.command) === "ok",
      })),
      limit,
    );
    const report = {
      source: stats.source,
      lines: stats.lines,
      malformed_lines: stats.malformed_lines,
      oversized_lines: stats.oversized_lines,
      session_ids: [...this.sessionIds],
      cwd: this.cwd,
      prompts_total: this.promptCount,
      prompt_targets: prompts.items,
      prompt_targets_total: prompts.total,
      tool_calls: this.toolCalls,
      commands: commands.items,
      commands_total: commands.total,
      files: files.items,
      files_total: files.total,
      symbols: symbols.items,
      symbols_total: symbols.total,
      failures: failures.items,
      failures_total: failures.total,
      restarts: { total: this.restarts.total, events: counted(this.runtime).items, max_restart_count: this.restarts.maxRestartCount },
      closeout: [...this.closeout.values()],
      approximate: [this.prompts, this.commands, this.files, this.symbols, this.failures].some((counter) => counter.approximate),
    };
    return withEconomy(stats.input_bytes, report);
  }
}

const clip = (text: string) => (text.length > 240 ? `${text.slice(0, 237)}...` : text);

/** Up to three real failure lines of a failed command's output. */
function failureLines(text: string): string[] {
  const lines: string[] = [];
  for (const line of text.split("\n", 5000)) {
    if (isFailureLine(line) && !/^(?:Exit code|Process exited with code)\b/.test(line.trim())) lines.push(clip(line.trim()));
    if (lines.length === 3) break;
  }
  return lines;
}

/** A transcript (stream) as a bounded session digest. */
export async function digestSession(input: AsyncIterable<string | Buffer> | NodeJS.ReadableStream, options: SessionDigestOptions = {}): Promise<SessionDigest> {
  const digester = new SessionDigester(options.root);
  const stats = await readSession(input, options.source ?? "auto", (event) => digester.add(event));
  return digester.finish(stats, options.limit ?? 10);
}
