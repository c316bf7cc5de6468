import { packageBuild } from "../../tsup.shared";

export default packageBuild({ index: "src/index.ts", testing: "src/testing/index.ts" }, { splitting: true });
