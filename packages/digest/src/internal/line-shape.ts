/**
 * A line (whitespace runs collapsed, ends trimmed) split into fixed text and
 * variable slots (numbers, hex ids). Two lines
 * with the same `key` differ only in slot values, which is what "near-identical"
 * means for log collapsing: `retry 1/5 id=9f3a1c2` and `retry 2/5 id=77b0e4d`.
 */
export interface LineShape {
  key: string;
  literals: string[];
  slots: Slot[];
}

export interface Slot {
  kind: "n" | "hex";
  value: string;
}

// Hex ids are tried before numbers so the digits inside them are not taken as
// numbers, and they must stand alone as a word (`(?<!…)`, `(?!…)`) so "0xfeedback"
// or "cafe1234beef" inside a longer word stays text. A bare hex run needs a digit,
// a letter and 7+ chars (a git short sha and up), so words like "defaced" stay
// text. Numbers may touch letters: "v2" and "12ms" vary like any other number.
const WORD_BEFORE = "(?<![0-9a-z])";
const WORD_AFTER = "(?![0-9a-z])";
export const VARIABLE = new RegExp(
  [
    `${WORD_BEFORE}(?<uuid>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})${WORD_AFTER}`,
    `${WORD_BEFORE}(?<prefixed>0x[0-9a-f]+)${WORD_AFTER}`,
    `${WORD_BEFORE}(?<bare>(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,64})${WORD_AFTER}`,
    "(?<n>[0-9]+)",
  ].join("|"),
  "gi",
);

export function lineShape(line: string): LineShape {
  const text = line.replace(/\s+/g, " ").trim();
  const literals: string[] = [];
  const slots: Slot[] = [];
  let last = 0;
  for (const match of text.matchAll(VARIABLE)) {
    const value = match[0];
    literals.push(text.slice(last, match.index));
    slots.push({ kind: match.groups?.n === undefined ? "hex" : "n", value });
    last = match.index + value.length;
  }
  literals.push(text.slice(last));
  // JSON keeps the key unambiguous even when the text itself contains "<n>".
  const key = JSON.stringify([literals, slots.map((slot) => slot.kind)]);
  return { key, literals, slots };
}
