import { posix } from "node:path";
import type { ModuleSystem } from "../../language-hooks";

/**
 * Ruby's requires, with `.rb` implied: `require_relative "x"` is `x.rb` beside the requiring
 * file; `require "a/b"` is `a/b.rb` on the load path, which for a project is its `lib/`
 * directories (the requiring file's own, or an ancestor's). Both are written the same way
 * once extracted (kind `require`), so a path is looked up beside the file first, then under
 * each `lib/` from the file's directory up to the root. Nothing else is guessed: a gem or
 * the standard library (`require "json"`) names no indexed file.
 */
export const RUBY_MODULES: ModuleSystem = {
  resolve({ fromFile, module, files }) {
    if (module === "" || module.startsWith("/")) return [];
    const dir = posix.dirname(fromFile);
    const bases = [dir];
    for (let current = dir; ; current = posix.dirname(current)) {
      bases.push(posix.basename(current) === "lib" ? current : posix.join(current, "lib"));
      if (current === "." || current === "/" || current === "") break;
    }
    for (const base of bases) {
      const path = posix.normalize(posix.join(base, module));
      if (path.startsWith("..")) continue;
      for (const candidate of path.endsWith(".rb") ? [path] : [`${path}.rb`, path]) if (files.has(candidate)) return [candidate];
    }
    return [];
  },
};
