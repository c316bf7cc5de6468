import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";
import { packageBuild } from "../../tsup.shared";

// The token-savings fixture ships brotli-compressed beside the code (0.2 MB; the 2.1 MB JSON stays
// in the source tree and out of the package): src/shipped-fixtures.ts finds either.
export default packageBuild(
  { index: "src/index.ts" },
  {
    onSuccess: async () => {
      const json = readFileSync("data/token-savings.json");
      writeFileSync(
        "dist/token-savings.json.br",
        brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } }),
      );
    },
  },
);
