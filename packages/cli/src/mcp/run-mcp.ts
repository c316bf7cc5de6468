import { resolve } from "node:path";
import { resolveProjectRoot } from "@tsift/index/indexer";
import type { CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import type { CliIo } from "../io";
import { selectTools, serveMcpOverStdio } from "./serve-mcp";

export interface McpFlags {
  path: string;
  tools: string | undefined;
  profile: "full" | "slim";
  /** Build a missing index in the background (`--no-first-index`: answer index_missing instead). */
  firstIndex: boolean;
}

/** `tsift mcp`: checks the tool selection (a usage error before anything is served), then serves until stdin closes. */
export async function runMcp(io: CliIo, flags: McpFlags): Promise<CommandResult> {
  const root = resolveProjectRoot(resolve(io.cwd, flags.path)).root;
  const tools = flags.tools
    ?.split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  selectTools({ tools, profile: flags.profile });
  await serveMcpOverStdio({ root, tools, profile: flags.profile, firstIndex: flags.firstIndex });
  return { data: null, emitted: true, exitCode: EXIT_CODES.ok };
}
