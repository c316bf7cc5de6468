import { packageBuild } from "../../tsup.shared";

// The extraction worker is its own entry: worker threads start from a file, and
// dist/index.js finds it beside itself as ./extract-worker.js.
export default packageBuild({ index: "src/index.ts", "extract-worker": "src/internal/extract-worker.mjs" });
