import { describe, expect, it } from "vitest";
import { turnQueue } from "../src/store/update/turn-queue.mjs";

describe("turnQueue", () => {
  it("runs one item per deferred turn, in order, even when all arrive in the same turn", () => {
    const turns: (() => void)[] = [];
    const log: string[] = [];
    const enqueue = turnQueue<string>(
      (item) => log.push(`run ${item}`),
      (callback) => turns.push(callback),
    );
    enqueue("a");
    enqueue("b");
    enqueue("c");
    // Nothing runs in the turn the items arrive in, and only one turn is pending at a time.
    expect(log).toEqual([]);
    expect(turns).toHaveLength(1);
    for (let turn = turns.shift(); turn; turn = turns.shift()) {
      log.push("turn");
      turn();
    }
    expect(log).toEqual(["turn", "run a", "turn", "run b", "turn", "run c"]);
  });

  it("goes on with the next item after one throws", () => {
    const turns: (() => void)[] = [];
    const ran: number[] = [];
    const enqueue = turnQueue<number>(
      (item) => {
        ran.push(item);
        if (item === 1) throw new Error("boom");
      },
      (callback) => turns.push(callback),
    );
    enqueue(1);
    enqueue(2);
    expect(() => turns.shift()!()).toThrow("boom");
    turns.shift()!();
    expect(ran).toEqual([1, 2]);
  });

  it("holds the queue while an item's promise is pending (a huge file extracted over several turns)", async () => {
    const turns: (() => void)[] = [];
    const log: string[] = [];
    let finishA = () => {};
    const enqueue = turnQueue<string>(
      (item) => {
        log.push(`start ${item}`);
        return item === "a" ? new Promise<void>((resolve) => (finishA = resolve)) : undefined;
      },
      (callback) => turns.push(callback),
    );
    enqueue("a");
    enqueue("b");
    turns.shift()!();
    // "a" has not settled: nothing else is scheduled.
    expect(turns).toHaveLength(0);
    finishA();
    await Promise.resolve();
    await Promise.resolve();
    expect(turns).toHaveLength(1);
    turns.shift()!();
    expect(log).toEqual(["start a", "start b"]);
  });
});
