/**
 * What C and C++ code spells with macros the grammar cannot expand: export and attribute
 * macros around declarations (`LUA_API int lua_gettop(…)`, `static FORCE_INLINE int`…
 * `void fail(void) NORETURN;`, `class Q_CORE_EXPORT QString {`). The grammar reads the
 * macro as a type and the real type as the declared name, and recovers with errors. These
 * words are blanked before parsing (same length, so offsets and lines hold; signatures are
 * read from the unmodified text):
 *
 * - all-caps words right before a keyword that starts a declaration (`int`, `static`,
 *   `struct`, `void`…): no type name is followed by one, so they can only be macros;
 * - an all-caps word between `)` and `;` or `{`, where a declarator ends;
 * - an all-caps word between `class`/`struct`/`union` and the name before its body or bases;
 * - the argument of a macro that makes a type in a typedef (`typedef Array(Entry) EntryArray;`),
 *   which the C++ grammar reads as a parenthesized name.
 */

const STARTS_DECLARATION =
  "void|char|short|int|long|float|double|signed|unsigned|bool|_Bool|static|inline|__inline|__inline__|extern|struct|union|enum|typedef|register|class|template|virtual|explicit|constexpr|friend|namespace";
const CAPS = "[A-Z][A-Z0-9_]*[A-Z0-9]";
// Never inside a `#define`: `#define EXPORT extern` defines the macro this blanks elsewhere.
const NOT_DEFINED = "(?<!#[ \\t]*define[ \\t]+)";
const BEFORE_KEYWORD = new RegExp(`${NOT_DEFINED}\\b${CAPS}\\b(?=(?:[ \\t]+${CAPS})*[ \\t]+(?:${STARTS_DECLARATION})\\b)`, "gu");
// Matched forward from the `)` (a lookbehind would be tried at every position of the file).
const AFTER_DECLARATOR = new RegExp(`${NOT_DEFINED}(\\)[ \\t]*)(${CAPS})\\b(?=[ \\t]*(?:;|\\{|$))`, "gmu");
const IN_CLASS_HEAD = new RegExp(`(\\b(?:class|struct|union)[ \\t]+)(${CAPS})\\b(?=[ \\t]+[A-Za-z_]\\w*[ \\t]*(?::|\\{|final\\b|$))`, "gmu");

const MACRO_TYPE_ARGUMENT = /(\btypedef[ \t]+[A-Za-z_]\w*[ \t]*)(\([^()\n]*\))(?=[ \t]*[A-Za-z_]\w*[ \t]*;)/gu;

const blank = (word: string): string => " ".repeat(word.length);
/** Keeps the first group (the context matched before the word) and blanks the second. */
const blankSecond = (_match: string, before: string, word: string): string => before + blank(word);

export function blankDeclarationMacros(source: string): string {
  let out = source.replace(BEFORE_KEYWORD, blank).replace(AFTER_DECLARATOR, blankSecond);
  if (out.includes("class") || out.includes("struct") || out.includes("union")) out = out.replace(IN_CLASS_HEAD, blankSecond);
  return out.includes("typedef") ? out.replace(MACRO_TYPE_ARGUMENT, blankSecond) : out;
}
