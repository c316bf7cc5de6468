import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * Source bytes a run must have extracted before it collects ahead of its resolution pass: an
 * edit's update (a watcher's, the daemon's) skips the collection's few milliseconds.
 */
export const FULL_COLLECTION_MIN_EXTRACTED_BYTES = 1024 * 1024;

let collect: (() => void) | null | undefined;

/**
 * A full V8 collection. Between the write and the resolution pass the extraction's results
 * are garbage, but V8 runs no full collection on its own there, so the pass grows the heap on
 * top of them (+85 MB for one 15 MiB file); collected first, the pass reuses their pages.
 * The collector is V8's own `gc`, exposed to a fresh context only (`--expose-gc` set at run
 * time adds no global to existing ones); where that is refused, nothing is collected.
 */
export function collectGarbage(): void {
  if (collect === undefined) {
    try {
      setFlagsFromString("--expose-gc");
      collect = runInNewContext("gc") as () => void;
    } catch {
      collect = null;
    }
  }
  collect?.();
}
