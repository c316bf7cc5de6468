// The call resolver lives in resolve/ (one module per step); importers keep reading it and
// its data shapes from this module.
export type { CallResolution, CallTarget, ResolverCall, ResolverImport, ResolverMemberType, ResolverSymbol } from "./resolver-types";
export { createCallResolver } from "./resolve/create-call-resolver";
