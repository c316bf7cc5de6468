import type { ResolutionModel } from "../../lang-info";

/**
 * TypeScript, TSX, JavaScript and JSX resolve as one family: a `.ts` file imports `.js`
 * and `.tsx` files alike, and ES modules see only what they import.
 */
export const JS_RESOLUTION: ResolutionModel = {
  family: "js",
  modules: "js",
  selfReceivers: ["this"],
  implicitReceiver: false,
  importScope: "modules",
  detachedMembers: false,
  typedThis: true,
  heritage: "extends",
};
