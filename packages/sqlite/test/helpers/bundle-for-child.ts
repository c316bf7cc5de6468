import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildSync } from "esbuild";
import { PACKAGE_ROOT } from "./child-process";

/**
 * Child processes run plain Node, which cannot load TypeScript sources; bundling the
 * module under test (with `@tsift/core` resolved to its sources) lets a child run the
 * same code the tests import, rather than a re-implementation of it.
 */
export function bundleForChild(entry: string): { url: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "tsift-sqlite-child-"));
  const outfile = join(dir, "bundle.mjs");
  buildSync({
    entryPoints: [join(PACKAGE_ROOT, entry)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    conditions: ["@tsift/source"],
    external: ["better-sqlite3"],
    logLevel: "silent",
  });
  return { url: pathToFileURL(outfile).href, dir };
}
