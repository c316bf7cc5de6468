export { splitIdentifier } from "./split-identifier";
export { queryTerms, type QueryTermsOptions } from "./query-terms";
export { QUERY_STOP_WORDS } from "./query-stop-words";
