import { packageBuild } from "../../tsup.shared";

export default packageBuild({ index: "src/index.ts" });
