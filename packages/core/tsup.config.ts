import { packageBuild } from "../../tsup.shared";

// `light` is the lean entry (`@tsift/core/light`: errors, handles, shell quoting) that the
// CLI's read path loads instead of the whole substrate; splitting makes the three entries
// share one copy of what they have in common, so `TsiftError` is one class whichever
// entry it came through. `tokens` is the o200k_base token counter alone, which reads its
// ranks from `data/` on the first count.
export default packageBuild({ index: "src/index.ts", light: "src/light.ts", testing: "src/testing/index.ts", tokens: "src/tokens.ts" }, { splitting: true });
