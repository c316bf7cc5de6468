/**
 * A queue that runs one item per turn of the event loop. The extraction worker gets several
 * jobs queued at once, and a port delivers every queued message in the same turn; node-tree-sitter
 * frees a tree only in a finalizer, which runs on a later turn, so extracting them back to back
 * kept every tree alive (effect's src/: 575 MB peak instead of ~300 MB). Plain JS, like the
 * worker entry that uses it.
 *
 * @template T
 * @param {(item: T) => void | Promise<void>} run
 * @param {(callback: () => void) => void} [defer] schedules a callback on a later turn (setImmediate)
 * @returns {(item: T) => void} enqueue
 */
export function turnQueue(run, defer = setImmediate) {
  /** @type {T[]} */
  const queue = [];
  let scheduled = false;
  const schedule = () => {
    if (scheduled || running || queue.length === 0) return;
    scheduled = true;
    defer(runNext);
  };
  let running = false;
  const runNext = () => {
    scheduled = false;
    const item = queue.shift();
    if (item === undefined) return;
    let result;
    try {
      result = run(item);
    } finally {
      // An item that returns a promise (a job spread over several turns) holds the queue until it settles.
      if (result && typeof result.then === "function") {
        running = true;
        result.then(done, done);
      } else schedule();
    }
  };
  const done = () => {
    running = false;
    schedule();
  };
  return (item) => {
    queue.push(item);
    schedule();
  };
}
