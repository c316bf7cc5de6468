/**
 * Same-length rewrites of TypeScript source for two constructs tree-sitter-typescript
 * (0.23) cannot parse, each of which turns a whole declaration into an ERROR node (and
 * loses its symbol and mis-attributes its calls):
 *
 * - variance annotations on type parameters, `interface Channel<out A, in B>`: the
 *   `in`/`out` keywords become spaces;
 * - call or construct signatures separated by a line break only (the usual overload
 *   list `const map: {\n  <A>(f): …\n  <A>(self, f): …\n}`): the grammar reads
 *   `T\n  <A>(…)` as a type with type arguments, where TypeScript does not (no type
 *   arguments after a line break). A `;` replaces the indentation character before the
 *   `<` when the previous code ends like a type (a name, `)`, `]`, `}`, `>`).
 *
 * - an escaped backtick in a template literal (`` `use \`x\`` ``), which the grammar rejects
 *   in template literal types: it becomes two spaces, inside the string.
 *
 * Every rewrite keeps byte offsets and line numbers, so nothing downstream (lines, spans,
 * signatures read from the unmodified text) can tell. Returns the input unchanged (same
 * string) when nothing applies, which is the common case.
 */
export function fixTypeScriptSource(source: string): string {
  let text = source;
  if (text.includes("<")) {
    if (/[<,]\s*(?:in|out)\s/u.test(text)) text = blankVarianceModifiers(text);
    if (/\n[ \t]+<\s*[\p{L}_$]/u.test(text)) text = separateSignatures(text);
  }
  if (text.includes("\\`")) text = blankEscapedBackticks(text);
  return text;
}

/** `\`` inside a template literal type is a parse error in the grammar: the escape becomes two spaces (string content only). */
function blankEscapedBackticks(text: string): string {
  return text.replace(/(\\+)`/gu, (match, slashes: string) => (slashes.length % 2 === 1 ? `${slashes.slice(0, -1)}  ` : match));
}

/** `<in out A, const B>` → `<       A, const B>`. */
function blankVarianceModifiers(text: string): string {
  return text.replace(
    /([<,]\s*)((?:(?:in|out)\s+)+)(?=(?:const\s+)?[\p{L}_$][\w$]*\s*(?:[,>=]|extends\b))/gu,
    (_match, before: string, modifiers: string) => before + modifiers.replace(/\S/g, " "),
  );
}

const TYPE_END = /[\w$)\]}>]/u;

function separateSignatures(text: string): string {
  // Offsets to rewrite, collected first: splitting a 1 MB file into characters per call cost more than its parse.
  const semicolons: number[] = [];
  const lineStart = /\n([ \t]+)<\s*[\p{L}_$]/gu;
  for (let match = lineStart.exec(text); match; match = lineStart.exec(text)) {
    const lt = match.index + 1 + match[1]!.length;
    const previous = lastCodeChar(text, match.index);
    // `=>` ends an arrow head: the next line's `<A>(…) =>` is its curried body, not a member.
    if (previous === null || !TYPE_END.test(previous.char) || (previous.char === ">" && text[previous.at - 1] === "=")) continue;
    semicolons.push(lt - 1);
  }
  if (semicolons.length === 0) return text;
  const parts: string[] = [];
  let from = 0;
  for (const at of semicolons) {
    parts.push(text.slice(from, at), ";");
    from = at + 1;
  }
  parts.push(text.slice(from));
  return parts.join("");
}

/** The last character before `end` that is not whitespace or inside a comment (scanning back over `/* … *\/` and `// …` lines). */
function lastCodeChar(text: string, end: number): { char: string; at: number } | null {
  let at = end - 1;
  for (let guard = 0; guard < 10_000 && at >= 0; guard++) {
    while (at >= 0 && /\s/u.test(text[at]!)) at--;
    if (at < 0) return null;
    if (text[at] === "/" && text[at - 1] === "*") {
      const open = text.lastIndexOf("/*", at - 2);
      if (open < 0) return null;
      at = open - 1;
      continue;
    }
    const lineBegin = text.lastIndexOf("\n", at) + 1;
    const comment = lineCommentStart(text, lineBegin, at + 1);
    if (comment !== null) {
      at = comment - 1;
      continue;
    }
    return { char: text[at]!, at };
  }
  return null;
}

/** Start of a `//` comment on the line `[from, to)`, ignoring `//` inside strings; null when none. */
function lineCommentStart(text: string, from: number, to: number): number | null {
  let quote: string | null = null;
  for (let i = from; i < to; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === "\\") i++;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'" || char === "`") quote = char;
    else if (char === "/" && text[i + 1] === "/") return i;
  }
  return null;
}
