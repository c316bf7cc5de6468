import { packageBuild } from "../../tsup.shared";

// Splitting keeps lazily imported command code (and the storage drivers it pulls in)
// out of the startup chunk, so `tsift --help` stays fast.
// The graph refresh worker is its own entry: a worker thread starts from a file, found
// beside the bundle as ./refresh-worker.js.
export default packageBuild({ index: "src/index.ts", bin: "src/bin.ts", "refresh-worker": "src/graph-db/refresh-worker.ts" }, { splitting: true });
