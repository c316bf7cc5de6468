import { TsiftError } from "@tsift/core";

/**
 * Container blocks (block quotes, list items) the Markdown grammar can hold open at once.
 * Its external scanner saves its open-block stack in tree-sitter's 1,024-byte state buffer,
 * four bytes per block, and tree-sitter aborts the whole process (a native assertion, not an
 * exception) when a line opens a 255th: one line of 255 `>` is enough. The limit keeps a
 * margin for the leaf blocks (paragraph, code) inside the deepest container.
 */
export const MARKDOWN_MAX_NESTING = 240;

/**
 * A Markdown file whose nesting could crash the parser is refused before parsing, with an
 * error the indexer records, instead of taking the process down. Every container a line is
 * inside takes at least one column of its prefix (`>` one, a list item's content indent at
 * least two), so the width of a line's container prefix bounds its open blocks from above.
 * Returns the text unchanged otherwise.
 */
export function refuseDeepMarkdown(source: string): string {
  let line = 1;
  let width = 0;
  let inPrefix = true;
  for (let i = 0; i < source.length; i++) {
    const code = source.charCodeAt(i);
    if (code === 10) {
      line++;
      width = 0;
      inPrefix = true;
      continue;
    }
    if (!inPrefix) continue;
    if (code === 32 || code === 62) width++;
    else if (code === 9) width += 4 - (width % 4);
    else if ((code === 45 || code === 42 || code === 43) && (source.charCodeAt(i + 1) === 32 || source.charCodeAt(i + 1) === 9)) width++;
    else if (code >= 48 && code <= 57) {
      // An ordered list marker (`12.` or `12)` and a space) is part of the prefix; any other digit ends it.
      let end = i;
      while (end < source.length && source.charCodeAt(end) >= 48 && source.charCodeAt(end) <= 57) end++;
      const marker = source.charCodeAt(end);
      const after = source.charCodeAt(end + 1);
      if ((marker === 46 || marker === 41) && (after === 32 || after === 9)) {
        width += end - i + 1;
        i = end;
      } else inPrefix = false;
    } else inPrefix = false;
    if (width > MARKDOWN_MAX_NESTING) {
      throw new TsiftError(
        "unsupported",
        `Markdown nested deeper than the parser supports (a container prefix over ${MARKDOWN_MAX_NESTING} columns at line ${line})`,
        {
          hint: "the file is recorded as failed and skipped until it changes",
        },
      );
    }
  }
  return source;
}
