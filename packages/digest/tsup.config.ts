import { packageBuild } from "../../tsup.shared";

// `budget` is the lean entry (`@tsift/digest/budget`) read commands render with; splitting
// shares its modules with the main entry instead of bundling them twice.
export default packageBuild({ index: "src/index.ts", budget: "src/budget-entry.ts" }, { splitting: true });
