import { packageBuild } from "../../tsup.shared";

// Splitting keeps lazily imported command code (and the storage drivers it pulls in)
// out of the startup chunk, so `tsift --help` stays fast.
export default packageBuild({ index: "src/index.ts", bin: "src/bin.ts" }, { splitting: true });
