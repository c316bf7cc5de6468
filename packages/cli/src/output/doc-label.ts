/** Characters of a doc comment a listing row shows: its first sentence, cut so a long one cannot widen the row. */
export const DOC_LABEL_CHARS = 80;

/** A row's doc suffix (`  — Retries a failing operation…`), or "" when the symbol has no doc comment. */
export function docSuffix(doc: string | null | undefined): string {
  if (!doc) return "";
  const text = doc.replace(/\s+/g, " ").trim();
  if (text === "") return "";
  return `  — ${text.length > DOC_LABEL_CHARS ? `${text.slice(0, DOC_LABEL_CHARS - 1)}…` : text}`;
}
