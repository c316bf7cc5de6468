/**
 * A young-generation garbage collection, between the slices of a huge file. node-tree-sitter
 * frees a parse tree's native memory (tens of times its text) only in the finalizer of a
 * small JS object, and V8, which sees only that object, may go many slices without a
 * collection: the trees of all of them stayed alive (a 15 MiB file peaked at ~600 MB). A
 * minor collection costs ~0.05 ms and finds the last slice's tree, whose finalizer then runs
 * on the next turn of the event loop. Plain JS, so the worker entry can load it from the
 * source tree.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** @type {((options: { type: "minor" }) => void) | null | undefined} */
let gc;

/** Runs a minor collection; does nothing where the collector cannot be reached. */
export function collectGarbage() {
  if (gc === undefined) {
    try {
      // `gc` is exposed to contexts created after the flag is set, not to this one.
      setFlagsFromString("--expose-gc");
      gc = /** @type {(options: { type: "minor" }) => void} */ (runInNewContext("gc"));
    } catch {
      gc = null;
    }
  }
  gc?.({ type: "minor" });
}
