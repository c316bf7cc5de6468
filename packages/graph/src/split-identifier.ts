// Runs of letters and digits; everything else (`_`, `-`, `.`, `$`, `::`, spaces)
// only separates parts.
const WORD = /[\p{L}\p{N}]+/gu;
const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;

/**
 * Split an identifier into lower-case parts, the same way for every naming style,
 * so `get_user_name`, `getUserName`, `GetUserName` and `get-user-name` all index
 * and rank as `get`, `user`, `name`.
 *
 * - Separators: any character that is not a letter or digit.
 * - Case: a part ends before an upper-case letter that follows a lower-case one
 *   (`getUser`), and before the last capital of an upper-case run when a
 *   lower-case letter follows (`HTTPResponse` -> `http`, `response`;
 *   `IUser` -> `i`, `user`).
 * - Digits never start a part; they stay with what precedes them and the letters
 *   after them continue the part unless the case rule cuts (`json2` stays whole,
 *   `auth0Client` -> `auth0`, `client`, `HTTP2Server` -> `http2`, `server`).
 * - SCREAMING_CASE is split only on separators (`MAX_SIZE` -> `max`, `size`).
 *
 * Parts keep their order and repeats; an input with no letters or digits gives [].
 */
export function splitIdentifier(text: string): string[] {
  return NON_ASCII.test(text) ? splitUnicode(text) : splitAscii(text);
}

const NON_ASCII = /[^\x00-\x7f]/;

/**
 * The same rules over char codes: code is overwhelmingly ASCII, and indexing splits
 * every identifier of every chunk, where the per-character regex tests and code-point
 * arrays of the Unicode path cost seconds on a large repository.
 */
function splitAscii(text: string): string[] {
  const parts: string[] = [];
  const length = text.length;
  let i = 0;
  while (i < length) {
    while (i < length && !isAsciiAlnum(text.charCodeAt(i))) i++;
    if (i >= length) break;
    let start = i++;
    for (; i < length; i++) {
      const code = text.charCodeAt(i);
      if (!isAsciiAlnum(code)) break;
      if (code >= 65 && code <= 90 && (isAsciiLower(text.charCodeAt(i - 1)) || (i + 1 < length && isAsciiLower(text.charCodeAt(i + 1))))) {
        parts.push(text.slice(start, i).toLowerCase());
        start = i;
      }
    }
    parts.push(text.slice(start, i).toLowerCase());
  }
  return parts;
}

const isAsciiLower = (code: number): boolean => code >= 97 && code <= 122;
const isAsciiAlnum = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);

function splitUnicode(text: string): string[] {
  const parts: string[] = [];
  for (const match of text.matchAll(WORD)) {
    splitCase(match[0], parts);
  }
  return parts;
}

function splitCase(word: string, out: string[]): void {
  const chars = Array.from(word);
  let start = 0;
  for (let i = 1; i < chars.length; i++) {
    const current = chars[i]!;
    if (!UPPER.test(current)) continue;
    const previous = chars[i - 1]!;
    const next = chars[i + 1];
    // A capital followed by lower case starts a word even inside an upper-case
    // run: that capital belongs to the word, the run before it is an acronym
    // (`XMLHttp`, and `IUser` -> `i`, `user` for interface-prefix naming).
    const startsWord = LOWER.test(previous) || (next !== undefined && LOWER.test(next));
    if (startsWord) {
      out.push(chars.slice(start, i).join("").toLowerCase());
      start = i;
    }
  }
  out.push(chars.slice(start).join("").toLowerCase());
}
