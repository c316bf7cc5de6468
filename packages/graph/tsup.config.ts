import { packageBuild } from "../../tsup.shared";

// `langs` is the language table alone (`@tsift/graph/langs`), for the file walk.
export default packageBuild({ index: "src/index.ts", langs: "src/langs.ts" });
