import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
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
 * A source or prebuilt install puts the release build at one known place; the constructor
 * option points there, and anything unusual falls back to the package's own search.
 */
const releaseBinding = ((): string | undefined => {
  try {
    const path = join(dirname(require.resolve("better-sqlite3/package.json")), "build", "Release", "better_sqlite3.node");
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
})();

/** better-sqlite3 constructor options with the addon's location filled in when it is known. */
export function withNativeBinding<T extends Database.Options>(options: T): T {
  return releaseBinding === undefined ? options : { ...options, nativeBinding: releaseBinding };
}
