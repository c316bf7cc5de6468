/**
 * The resolve part (resolution): how a call finds the symbol it targets — the resolver and its tables,
 * imports and module paths, inferred types, the resolution pass over index.db's rows, and the opt-in
 * TypeScript checker pass. It may import walk; other parts import it only through this module (README.md).
 */
export { applyCheckerAnswers, hasCheckerAnswers } from "./checker/checker-answers";
export type { CheckerProgress, CheckerSummary } from "./checker/checker-pass";
export { createCallResolver } from "./create-call-resolver";
export { languageDefinitions, loadLanguageHooks, moduleSystemOf } from "./language-hooks";
export { resolveModule } from "./module-resolver";
export { family, TYPE_LIKE } from "./resolution-models";
export { resolvePass, type PendingCall } from "./resolve-pass";
export type { CallResolution, CallTarget, ResolverCall, ResolverImport, ResolverMemberType, ResolverSymbol } from "./resolver-types";
export { heritageNames, stripTypeArguments } from "./type-text";
export { declaredEntrySpecifiers, readPackagesIn, readWorkspacePackages } from "./workspace-packages";

// Loaded on demand: each dynamic import is a chunk of its own in the bundle, so the parts that
// import these load the module (and what only it needs) when they call it, not at start-up.
export const importCheckerPass = () => import("./checker/checker-pass");
