import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { TsiftError } from "@tsift/core";

/** The browser builds a page inlines: graphology's and sigma's UMD bundles, which define `graphology` and `Sigma`. */
export interface BrowserBundles {
  graphology: string;
  sigma: string;
}

let cached: BrowserBundles | undefined;

/**
 * Reads the installed packages' own minified UMD builds, so the page needs no network and
 * no bundling step of ours: sigma ships `dist/sigma.min.js`, graphology
 * `dist/graphology.umd.min.js`. Read once per process. Neither contains `</script` (the
 * page test checks the page parses whole), so they are inlined as they are.
 */
export function browserBundles(): BrowserBundles {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const read = (what: string, resolveFile: () => string) => {
    try {
      return readFileSync(resolveFile(), "utf8");
    } catch (error) {
      throw new TsiftError("io_error", `cannot read the ${what} browser build: ${(error as Error).message}`, {
        hint: "reinstall tsift: the graph view inlines sigma's and graphology's builds from node_modules",
        cause: error,
      });
    }
  };
  cached = {
    // graphology's export map names no package.json; its CommonJS entry sits beside the UMD build.
    graphology: read("graphology", () => join(dirname(require.resolve("graphology")), "graphology.umd.min.js")),
    sigma: read("sigma", () => join(dirname(require.resolve("sigma/package.json")), "dist", "sigma.min.js")),
  };
  return cached;
}
