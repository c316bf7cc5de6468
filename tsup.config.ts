import { packageBuild } from "./tsup.shared";

export default packageBuild({ index: "src/index.ts", sqlite: "src/sqlite.ts", libsql: "src/libsql.ts" });
