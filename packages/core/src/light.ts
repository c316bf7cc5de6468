/**
 * `@tsift/core/light`: the few core exports every command needs — `TsiftError`, its codes,
 * stable handles and shell quoting — without the graph substrate, which is most of the
 * package. The CLI's read path and the storage helpers import this entry, so a query
 * loads none of the graph store, Convex or rows code it never runs. The same definitions
 * are exported by `@tsift/core`: both entries share one copy (one `TsiftError` class).
 */
export { TsiftError, isTsiftError, TSIFT_ERROR_CODES, type TsiftErrorCode, type TsiftErrorOptions } from "./errors";
export { nativeBindingError } from "./native-binding-error";
export { stableHandle } from "./stable-handle";
export { shellArg } from "./shell-arg";
export { SECRET_SHAPES, SecretMasker, secretMask, secretShape } from "./secret-shapes";
