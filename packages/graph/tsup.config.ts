import { packageBuild } from "../../tsup.shared";
import { buildPlatformPackages, shipWasmGrammars } from "./vendor-grammars";

// `langs` is the language table alone (`@tsift/graph/langs`), for the file walk.
export default packageBuild(
  { index: "src/index.ts", langs: "src/langs.ts" },
  {
    onSuccess: async () => {
      buildPlatformPackages();
      shipWasmGrammars();
    },
  },
);
