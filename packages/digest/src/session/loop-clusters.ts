import { BoundedCounter } from "./bounded-counter";
import { promptTarget } from "./extract";
import type { SessionEvent } from "./session-types";

/** A repetition worth naming: the same prompt sent again, the same commands run again between prompts, a commit with nothing to commit. */
export interface LoopCluster {
  kind: "repeated_prompt" | "repeated_command_bundle" | "noop_closeout";
  text: string;
  count: number;
}

/** Commands remembered per bundle; a longer bundle is keyed by its first ones. */
const BUNDLE_COMMANDS = 6;
const NOOP_COMMIT = /\bnothing to commit\b|\bno changes added to commit\b|\bcommit_already_current\b/;

/**
 * Finds retry loops in a session's events: the prompt bodies, the command bundles between
 * two prompts and the no-op commits that recur. Log lines naming `commit_already_current`
 * count once per `cycle=` value, so retry noise inside one cycle is one occurrence.
 */
export class LoopTracker {
  private readonly prompts = new BoundedCounter<object>();
  private readonly bundles = new BoundedCounter<object>();
  private readonly noopCycles = new Set<string>();
  private readonly pendingCommits = new Set<string>();
  private bundle: string[] = [];
  private noops = 0;

  add(event: SessionEvent): void {
    if (event.kind === "prompt") {
      this.flush();
      const target = promptTarget(event.text);
      if (target) this.prompts.add(target, {});
    } else if (event.kind === "tool" && event.command !== undefined) {
      if (this.bundle.length < BUNDLE_COMMANDS) this.bundle.push(event.command.length > 120 ? `${event.command.slice(0, 117)}...` : event.command);
      if (/\bgit commit\b/.test(event.command) && event.call_id && this.pendingCommits.size < 100) this.pendingCommits.add(event.call_id);
    } else if (event.kind === "result" && event.call_id && this.pendingCommits.delete(event.call_id)) {
      if (NOOP_COMMIT.test(event.text)) this.noops++;
    } else if (event.kind === "line" && /\bcommit_already_current\b/.test(event.text)) {
      const cycle = /\bcycle=(\S+)/.exec(event.text)?.[1];
      if (cycle === undefined) this.noops++;
      else if (!this.noopCycles.has(cycle) && this.noopCycles.size < 10_000) {
        this.noopCycles.add(cycle);
        this.noops++;
      }
    }
  }

  private flush(): void {
    if (this.bundle.length >= 2) this.bundles.add(this.bundle.join(" ; "), {});
    this.bundle = [];
  }

  get noopCloseouts(): number {
    return this.noops;
  }

  /** Clusters seen at least twice, most repeated first. */
  finish(): LoopCluster[] {
    this.flush();
    const repeated = (counter: BoundedCounter, kind: LoopCluster["kind"]) =>
      counter
        .byCount()
        .filter((entry) => entry.count > 1)
        .map((entry) => ({ kind, text: entry.key, count: entry.count }));
    const clusters = [...repeated(this.prompts, "repeated_prompt"), ...repeated(this.bundles, "repeated_command_bundle")];
    if (this.noops > 1) clusters.push({ kind: "noop_closeout", text: "commit with nothing to commit", count: this.noops });
    return clusters.sort((a, b) => b.count - a.count);
  }
}
