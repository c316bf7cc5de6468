/**
 * Preprocessor directives, made parseable. The grammar reads `#if` only where a whole
 * statement or member fits, so a directive that splits a declaration (`#if X` around one of
 * two class headers, an `#else` between two base lists) leaves ERROR nodes and duplicate
 * symbols. The way C# tools without a build configuration read a file, the first branch of
 * each `#if` is kept (`#if false` keeps the next branch instead) and every other branch is
 * blanked, as are the directive lines themselves; offsets and line numbers stay as they
 * were, since symbols and signatures are read from the unmodified text.
 */

const DIRECTIVE = /^\uFEFF?[ \t]*#[ \t]*([a-z]+)\b([^\r\n]*)/u;
const HAS_DIRECTIVE = /^\uFEFF?[ \t]*#[ \t]*[a-z]/mu;

interface Conditional {
  /** The current branch is kept. */
  keep: boolean;
  /** A branch of this `#if` was kept already. */
  taken: boolean;
}

const blank = (line: string) => line.replace(/[^\r]/gu, " ");

/** Whether a condition is the literal `false` (every other condition counts as true). */
const isFalse = (condition: string) => /^\s*\(?\s*false\s*\)?\s*(?:\/\/.*)?$/u.test(condition);

export function keepFirstBranches(source: string): string {
  if (!HAS_DIRECTIVE.test(source)) return source;
  const lines = source.split("\n");
  const open: Conditional[] = [];
  let dropping = 0;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const directive = DIRECTIVE.exec(line);
    if (!directive) {
      if (dropping > 0) lines[index] = blank(line);
      continue;
    }
    lines[index] = blank(line);
    const [, word, condition = ""] = directive;
    const top = open[open.length - 1];
    if (word === "if") {
      const keep = !isFalse(condition);
      open.push({ keep, taken: keep });
      if (!keep) dropping++;
    } else if ((word === "elif" || word === "else") && top) {
      const keep = !top.taken && (word === "else" || !isFalse(condition));
      if (top.keep !== keep) dropping += keep ? -1 : 1;
      top.keep = keep;
      top.taken ||= keep;
    } else if (word === "endif" && top) {
      if (!top.keep) dropping--;
      open.pop();
    }
  }
  return lines.join("\n");
}
