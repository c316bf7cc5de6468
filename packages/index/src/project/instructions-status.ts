import { join } from "node:path";
import { readText } from "./init/apply-init";
import { instructionBlockState, type InstructionState } from "./init/instruction-block";

export interface InstructionsStatus {
  state: InstructionState;
  /** The installed tsift version. */
  version: string;
  /** The version in AGENTS.md's marker (or CLAUDE.md's), null when missing or unversioned. */
  found: string | null;
  expected: string;
  files: { file: string; state: InstructionState; found: string | null }[];
}

/**
 * The Code Navigation block in AGENTS.md and, when it exists, CLAUDE.md: `current`
 * only when AGENTS.md has this version's block and CLAUDE.md (if any) does too;
 * `missing` when no file has a block; anything else is `stale`.
 */
export function instructionsStatus(root: string, version: string): InstructionsStatus {
  const files: InstructionsStatus["files"] = [];
  for (const file of ["AGENTS.md", "CLAUDE.md"]) {
    const text = readText(join(root, file));
    if (text === null && file === "CLAUDE.md") continue;
    files.push({ file, ...instructionBlockState(text, version) });
  }
  const state: InstructionState = files.every((entry) => entry.state === "missing")
    ? "missing"
    : files.every((entry) => entry.state === "current")
      ? "current"
      : "stale";
  const found = files.find((entry) => entry.found !== null)?.found ?? null;
  return { state, version, found, expected: version, files };
}
