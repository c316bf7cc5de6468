import { readInput } from "../input";
import type { CliIo } from "../io";

/** The hook JSON a client pipes in; anything unreadable is treated as empty, because a hook must not fail the agent. */
export async function hookInput(io: CliIo): Promise<unknown> {
  if (io.stdinIsTTY) return {};
  try {
    const text = (await readInput(io, undefined, "hook input")).toString("utf8").trim();
    return text ? (JSON.parse(text) as unknown) : {};
  } catch {
    return {};
  }
}

/** The directory the client ran the hook in, as its JSON says; else the process's own. */
export const cwdOf = (input: unknown, io: CliIo): string =>
  input !== null && typeof input === "object" && typeof (input as { cwd?: unknown }).cwd === "string" ? (input as { cwd: string }).cwd : io.cwd;
