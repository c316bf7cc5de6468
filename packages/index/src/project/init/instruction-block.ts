import { TsiftError } from "@tsift/core/light";
import { SECTION_END, SECTION_START_PREFIX } from "./code-navigation-section";

export type InstructionState = "current" | "stale" | "missing";

/**
 * The state of a file's Code Navigation block: `missing` without a start marker,
 * `current` when its `v=` matches `expected`, otherwise `stale` (pre-versioned markers
 * have no `v=` and count as stale). `found` is the marker's version, if any.
 */
export function instructionBlockState(text: string | null, expected: string): { state: InstructionState; found: string | null } {
  const start = text?.indexOf(SECTION_START_PREFIX) ?? -1;
  if (text === null || start < 0) return { state: "missing", found: null };
  const close = text.indexOf("-->", start);
  const attributes = close < 0 ? "" : text.slice(start + SECTION_START_PREFIX.length, close);
  const found = /\bv=(\S+)/.exec(attributes)?.[1] ?? null;
  return { state: found === expected ? "current" : "stale", found };
}

/**
 * Puts `section` into `text`: in place of an existing marked block, else appended
 * after a blank line; a missing file becomes just the section. A start marker with
 * no end marker fails closed rather than guessing where the block ends.
 */
export function upsertInstructionBlock(text: string | null, section: string, file: string): string {
  if (text === null) return `${section}\n`;
  const start = text.indexOf(SECTION_START_PREFIX);
  if (start >= 0) {
    const end = text.indexOf(SECTION_END, start);
    if (end < 0) {
      throw new TsiftError("invalid_input", `${file} has a ${SECTION_START_PREFIX} marker but no ${SECTION_END}`, {
        details: { file },
        hint: `add the end marker or delete the partial block in ${file}, then rerun tsift init`,
      });
    }
    return `${text.slice(0, start)}${section}${text.slice(end + SECTION_END.length)}`;
  }
  return `${text}${text === "" || text.endsWith("\n") ? "" : "\n"}${text === "" ? "" : "\n"}${section}\n`;
}
