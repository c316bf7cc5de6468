import { splitIdentifier } from "../split-identifier";

// Identifiers as written in code: letters, digits and the joiners naming styles use.
const IDENTIFIER = /[\p{L}_$][\p{L}\p{N}_$-]*/gu;
const NON_ASCII = /[^\x00-\x7f]/;
/** Most distinct terms one chunk contributes; beyond that a chunk is a data table, not code to find. */
const MAX_TERMS = 2000;

/**
 * The words a full-text tokenizer cannot see in code: for each identifier with several
 * parts, its parts (`getHTTPResponse` -> `get http response`) and its joined form
 * (`get_user_name` -> `getusername`, so a camelCase query finds a snake_case
 * definition and back). Unique, in first-appearance order, space-separated.
 * Single-part identifiers add nothing: the tokenizer already indexes them.
 */
export function identifierTerms(text: string): string {
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (term: string) => {
    if (term.length > 0 && !seen.has(term) && out.length < MAX_TERMS) {
      seen.add(term);
      out.push(term);
    }
  };
  // Chunks repeat their identifiers many times over; each distinct one is split once.
  const identifiers = new Set<string>();
  const visit = (identifier: string) => {
    if (identifiers.has(identifier)) return;
    identifiers.add(identifier);
    const parts = splitIdentifier(identifier);
    if (parts.length < 2) return;
    add(parts.join(""));
    for (const part of parts) add(part);
  };
  if (NON_ASCII.test(text)) {
    for (const match of text.matchAll(IDENTIFIER)) visit(match[0]);
  } else {
    scanAsciiIdentifiers(text, visit);
  }
  return out.join(" ");
}

/**
 * Symbol names as search text: each qualified name's segments, their parts and joined
 * forms (`Store.getUser` -> `store getuser get user`).
 */
export function nameTerms(names: readonly string[]): string {
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (term: string) => {
    if (term.length > 0 && !seen.has(term)) {
      seen.add(term);
      out.push(term);
    }
  };
  for (const name of names) {
    for (const segment of name.split(/[.:>#/\s]+/)) {
      const parts = splitIdentifier(segment);
      if (parts.length > 1) add(parts.join(""));
      for (const part of parts) add(part);
    }
  }
  return out.join(" ");
}

/** A root-relative path as search text: directory and file-name segments with their parts, extension dropped. */
export function pathTerms(path: string): string {
  const segments = path.split("/");
  const last = segments.length - 1;
  segments[last] = segments[last]!.replace(/\.[^.]+$/, "");
  return nameTerms(segments);
}

/**
 * IDENTIFIER's matches in ASCII text, by char code, skipping the ones that cannot split
 * into two parts (no joiner, no capital after the first letter: `const`, `x1`, `Effect`)
 * without making a string of them: most identifiers in code are such, and this runs
 * over every chunk of every indexed file.
 */
function scanAsciiIdentifiers(text: string, visit: (identifier: string) => void): void {
  const length = text.length;
  let i = 0;
  while (i < length) {
    const code = text.charCodeAt(i);
    if (!isIdentifierStart(code)) {
      i++;
      continue;
    }
    const start = i;
    let mayHaveParts = code === 95 || code === 36;
    for (i++; i < length; i++) {
      const next = text.charCodeAt(i);
      if ((next >= 97 && next <= 122) || (next >= 48 && next <= 57)) continue;
      if ((next >= 65 && next <= 90) || next === 95 || next === 36 || next === 45) mayHaveParts = true;
      else break;
    }
    if (mayHaveParts) visit(text.slice(start, i));
  }
}

const isIdentifierStart = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code === 36;
