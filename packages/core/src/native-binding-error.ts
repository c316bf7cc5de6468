import { TsiftError } from "./errors";

/**
 * The error for a native addon (better-sqlite3, tree-sitter, a grammar) that cannot load:
 * most often its install script never ran, as pnpm 10 skips the install scripts of
 * packages it was not told to allow, or it was built for another Node.js. One line that
 * names the package and the two ways to build it; the loader's own error is the cause.
 */
export function nativeBindingError(packageName: string, cause: unknown): TsiftError {
  return new TsiftError(
    "native_binding",
    `cannot load the native binding of ${packageName}: its install script did not run (pnpm 10 skips unapproved ones) or built it for another Node.js`,
    { cause, hint: `pnpm approve-builds, or npm rebuild ${packageName}`, details: { package: packageName } },
  );
}
