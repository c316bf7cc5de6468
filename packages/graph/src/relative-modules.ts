import { posix } from "node:path";
import type { ModuleSystem } from "./language-hooks";

/**
 * The module system of a language whose imports are paths relative to the importing file
 * (`@import("x.zig")`, `source ./x.sh`): quotes are dropped and the path is looked up among
 * the indexed files. A language whose `resolution.modules` is `relative` gets it without
 * declaring a `moduleSystem`.
 */
export const RELATIVE_MODULES: ModuleSystem = {
  resolve({ fromFile, module, files }) {
    const spec = module.replace(/^["']|["']$/g, "");
    const joined = posix.normalize(posix.join(posix.dirname(fromFile), spec));
    return !joined.startsWith("..") && files.has(joined) ? [joined] : [];
  },
};
