import { ignore } from "./load-ignore";

/**
 * The one path-pattern syntax tsift reads from its users: gitignore rules, as the `ignore`
 * package implements them (the same engine reads `.gitignore` files). `[index] exclude` and
 * `symbols --file` both go through here, so a pattern means the same thing in both.
 *
 * - a pattern with no `/` except a trailing one matches a name at any depth: `*.ts`, `lib`;
 * - a pattern with a `/` in it is root-relative: `src/*.ts` (not `src/a/b.ts`), `/main.go`;
 * - `*` and `?` never cross a `/`; `**` does: `**\/*.test.ts`, `src/**`;
 * - `[abc]` and `[a-z]` are character classes; there are no braces (`{a,b}` is literal);
 * - a pattern that matches a directory matches every file under it;
 * - letter case is ignored (the `ignore` package's default, used for `.gitignore` files too).
 */
export function pathPatternMatcher(patterns: readonly string[]): (relPath: string) => boolean {
  const rules = ignore({ allowRelativePaths: true }).add([...patterns]);
  return (relPath) => rules.ignores(relPath);
}

/**
 * `symbols --file`: the paths among `paths` that `filter` selects. A filter naming an
 * indexed file or directory literally selects that (so `app/[id]/page.tsx` is that file,
 * not `app/i/page.tsx` through the character class `[id]`); any other filter is a
 * gitignore-style pattern. A leading `./` is dropped; `.` and empty select everything (null).
 */
export function filterPaths(filter: string, paths: readonly string[]): string[] | null {
  const given = filter.replace(/^(\.\/)+/, "");
  const literal = given.replace(/\/+$/, "");
  if (literal === "" || literal === ".") return null;
  const named = paths.filter((path) => path === literal || path.startsWith(`${literal}/`));
  return named.length > 0 ? named : paths.filter(pathPatternMatcher([given]));
}
