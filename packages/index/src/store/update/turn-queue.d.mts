/** Types for turn-queue.mjs (plain JS so the worker entry can load it from the source tree). */
export function turnQueue<T>(run: (item: T) => unknown, defer?: (callback: () => void) => void): (item: T) => void;
