/**
 * The resolve part (resolution): how a call finds the symbol it targets — the resolver and its tables,
 * module resolution, inferred types, the resolution pass over index.db's rows, and the opt-in TypeScript
 * checker pass. It may import walk.
 *
 * This file is the part's entry point and interface: other parts and the package entries (src/*.ts) may
 * import only the names listed here, each from the module it is listed with, and only parts below them;
 * test/part-layers.test.ts checks every import. Importers name the module rather than this file, so the
 * bundle's lazy chunks stay lazy (README.md says why).
 */
export { applyCheckerAnswers, hasCheckerAnswers } from "./checker/checker-answers";
export { runCheckerPass, type CheckerProgress, type CheckerSummary } from "./checker/checker-pass";
export { createCallResolver } from "./create-call-resolver";
export { languageDefinitions, loadLanguageHooks, moduleSystemOf } from "./language-hooks";
export { resolveModule } from "./module-resolver";
export { family, TYPE_LIKE } from "./resolution-models";
export { resolvePass, type PendingCall } from "./resolve-pass";
export type { CallResolution, CallTarget, ResolverCall, ResolverImport, ResolverSymbol } from "./resolver-types";
export { heritageNames, stripTypeArguments } from "./type-text";
export { declaredEntrySpecifiers, readPackagesIn, readWorkspacePackages } from "./workspace-packages";
