import { packageBuild } from "../../tsup.shared";

/**
 * The CLI's own code, bundled with code splitting; every @tsift package (and every other
 * dependency) stays external and loads as itself from where npm installed it, so nothing
 * in a dependency is rewritten. Each command's `run` imports its use case lazily, so a
 * command loads only its own chunk and the packages that chunk imports, and `tsift
 * --help` loads the definitions alone. (The graph refresh worker is @tsift/index's.)
 *
 * The executable (`bin-client.cjs`) is a second, CommonJS build of one small file: it
 * asks a running daemon without loading Node's ES module loader, and imports bin.js
 * (by this package's own name) otherwise. It must not clean dist/, which the first build fills.
 */
export default [
  packageBuild({ index: "src/index.ts", bin: "src/bin.ts" }, { splitting: true }),
  packageBuild({ "bin-client": "src/bin-client.ts" }, { format: ["cjs"], dts: false, clean: false }),
];
