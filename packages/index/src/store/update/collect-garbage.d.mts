/** Types for collect-garbage.mjs (plain JS so the worker entry can load it from the source tree). */
export function collectGarbage(): void;
