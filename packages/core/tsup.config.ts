import { packageBuild } from "../../tsup.shared";

// `light` is the lean entry (`@tsift/core/light`: errors, handles, shell quoting) that the
// CLI's read path loads instead of the whole substrate; splitting makes the three entries
// share one copy of what they have in common, so `TsiftError` is one class whichever
// entry it came through.
export default packageBuild({ index: "src/index.ts", light: "src/light.ts", testing: "src/testing/index.ts" }, { splitting: true });
