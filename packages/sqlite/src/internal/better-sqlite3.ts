import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { nativeBindingError } from "@tsift/core/light";
import type Database from "better-sqlite3";

const require = createRequire(import.meta.url);

/**
 * The better-sqlite3 constructor, loaded with `require`: it is a CommonJS package, and
 * importing CommonJS from ESM runs Node's export lexer over it first, which costs a
 * read command more start-up time (~30 ms) than opening the database.
 */
export const BetterSqlite3 = require("better-sqlite3") as typeof Database;

/**
 * Left to itself, better-sqlite3 finds its addon through the `bindings` package, which
 * loads and then probes a dozen candidate paths (~4 ms of every read command's start).
 * A source or prebuilt install puts the release build at one known place, loaded from
 * there; anything unusual falls back to the package's own search. The addon is loaded
 * here, before the constructor, so that a missing one (the install script skipped, as
 * pnpm 10 does unless approved, or a build for another Node.js) is a `native_binding`
 * error naming the fix, and an error from the constructor is always about the database.
 */
let addon: object | undefined;

function nativeAddon(): object {
  if (addon) return addon;
  try {
    const root = dirname(require.resolve("better-sqlite3/package.json"));
    const release = join(root, "build", "Release", "better_sqlite3.node");
    if (existsSync(release)) addon = require(release) as object;
    else {
      // `bindings` is better-sqlite3's dependency: resolved from there, and told where the package is.
      const bindings = createRequire(join(root, "package.json"))("bindings") as (options: { bindings: string; module_root: string }) => object;
      addon = bindings({ bindings: "better_sqlite3.node", module_root: root });
    }
  } catch (error) {
    throw nativeBindingError("better-sqlite3", error);
  }
  return addon;
}

/** better-sqlite3 constructor options with the addon filled in (loaded once). */
export function withNativeBinding<T extends Database.Options>(options: T): T {
  // @types/better-sqlite3 types only the path form; better-sqlite3 takes the loaded addon too.
  return { ...options, nativeBinding: nativeAddon() as unknown as string };
}
