import { splitIdentifier } from "../split-identifier";

// Identifiers as written in code: letters, digits and the joiners naming styles use.
const IDENTIFIER = /[\p{L}_$][\p{L}\p{N}_$-]*/gu;
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
  for (const match of text.matchAll(IDENTIFIER)) {
    const parts = splitIdentifier(match[0]);
    if (parts.length < 2) continue;
    add(parts.join(""));
    for (const part of parts) add(part);
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
