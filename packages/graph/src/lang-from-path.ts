import type { Lang } from "./lang";
import { LANG_BY_EXTENSION } from "./internal/lang-table";

/**
 * The language of a file, decided by its extension alone; the file is never read,
 * so scripts without an extension (shebang-only) are not recognised.
 *
 * Uses the rules of Rust's `Path::extension()`, a well-defined choice:
 * the extension is the text after the last dot of the file name, it is
 * compared case-sensitively (`main.RS` is not Rust), and a leading dot does not
 * start an extension (`.bash` is a dotfile named "bash", not a Bash script).
 * Both `/` and `\` separate directories, so Windows-style paths work too.
 */
export function langFromPath(path: string): Lang | null {
  const slash = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  const name = path.slice(slash + 1);
  const dot = name.lastIndexOf(".");
  if (dot <= 0 || dot === name.length - 1) {
    return null;
  }
  return LANG_BY_EXTENSION.get(name.slice(dot + 1)) ?? null;
}
