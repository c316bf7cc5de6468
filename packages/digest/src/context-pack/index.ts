// `tsift context-pack`: the diff, test and log digests, touched symbols, status reminders and follow-ups in one bounded handoff.
export { contextPack, type ContextPackOptions } from "./context-pack";
export type { OntologyRef } from "./ontology-refs";
export type { ContextPack, PackDiff, PackDiffFile, PackLog, PackLogSignal, PackSession, PackSymbolRef, PackTest, PackTestFailure } from "./context-pack-types";
