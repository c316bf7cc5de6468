import { packageBuild } from "./tsup.shared";

// The root package's `bin/tsift.js` requires `dist/bin-client.cjs` by a relative path: the
// CLI's CommonJS daemon client bundled here again, so the command an agent runs most often
// resolves no package on its way to a running daemon (see packages/cli/src/bin-client.ts).
export default [
  packageBuild({ index: "src/index.ts", sqlite: "src/sqlite.ts", libsql: "src/libsql.ts" }),
  packageBuild({ "bin-client": "packages/cli/src/bin-client.ts" }, { format: ["cjs"], dts: false, clean: false }),
];
