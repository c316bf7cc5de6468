/**
 * Human output never carries a control character it did not put there itself: a file
 * named `a<newline>b.ts` would otherwise print as two lines (breaking every one-item-per-
 * line listing and whatever parses it), and an ESC in a name could drive the terminal.
 * JSON keeps the real string; every human rendering escapes through here.
 */

const NAMED: Readonly<Record<string, string>> = { "\t": "\\t", "\n": "\\n", "\r": "\\r" };

// C0 controls, DEL, C1 controls, and UTF-16 surrogates (paired ones are skipped below).
const NEEDS_ESCAPE = /[\u0000-\u001f\u007f-\u009f\ud800-\udfff]/;
const CANDIDATES = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g;

const hex = (code: number, width: number) => code.toString(16).padStart(width, "0");

/**
 * `text` with each control character written as an escape: `\t`, `\n`, `\r`, `\xHH`
 * for the other C0 and C1 controls and DEL, `\uHHHH` for a lone surrogate (what an
 * undecodable name leaves in a string). Characters in `keep` stay as they are: source
 * text keeps its tabs and line breaks.
 */
export function escapeControls(text: string, keep = ""): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(CANDIDATES, (match) => {
    if (match.length === 2 || keep.includes(match)) return match;
    const code = match.charCodeAt(0);
    if (code >= 0xd800) return `\\u${hex(code, 4)}`;
    return NAMED[match] ?? `\\x${hex(code, 2)}`;
  });
}

/**
 * Keys whose strings are source text or whole documents (a completion script, a page),
 * whose tabs and line breaks the renderers print as they are.
 */
const SOURCE_TEXT_KEYS: ReadonlySet<string> = new Set(["text", "snippet", "signature", "content", "source", "script", "html"]);

/**
 * A copy of command data ready for a human renderer: every string escaped (source text
 * keeping its tabs and line breaks). Paths, names, handles and suggested commands are all
 * strings here, so no renderer has to remember to escape them.
 */
export function escapeForDisplay(value: unknown): unknown {
  // Data that is one string is a document the command renders whole (traverse's HTML page).
  if (typeof value === "string") return value;
  const walk = (node: unknown, key: string | undefined): unknown => {
    if (typeof node === "string") return escapeControls(node, key !== undefined && SOURCE_TEXT_KEYS.has(key) ? "\t\n" : "");
    if (Array.isArray(node)) return node.map((item) => walk(item, key));
    if (node === null || typeof node !== "object") return node;
    // Plain records only: anything with a prototype of its own is passed through untouched.
    const prototype = Object.getPrototypeOf(node) as unknown;
    if (prototype !== Object.prototype && prototype !== null) return node;
    const out: Record<string, unknown> = {};
    for (const [childKey, child] of Object.entries(node)) out[childKey] = walk(child, childKey);
    return out;
  };
  return walk(value, undefined);
}
