export { DEFAULT_DIFF_DIGEST_LIMIT, diffDigest, type DiffDigestOptions } from "./diff-digest";
export type { DiffDigestFile, DiffDigestReport, DiffParseState, DiffSymbol, SymbolChange } from "./diff-digest-types";
export { callEdges, edgeDifference, touchedSymbols } from "./touched-symbols";
