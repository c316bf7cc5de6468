import { resolve } from "node:path";
import { resolveProjectRoot } from "@tsift/index/indexer";
import type { CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import type { CliIo } from "../io";
import { selectTools, serveMcpOverStdio } from "./serve-mcp";

type ServeOptions = Parameters<typeof serveMcpOverStdio>[0];

/** What the command line sets of `serveMcpOverStdio`'s options: the project as `path`, `--tools` comma-separated. */
export type McpCliOptions = Omit<ServeOptions, "root" | "tools"> &
  Required<Pick<ServeOptions, "profile" | "firstIndex">> & {
    /** The project directory or a path inside it; default `.`. */
    path?: string | undefined;
    /** Only these tools, comma-separated. */
    tools?: string | undefined;
  };

/** `tsift mcp`: checks the tool selection (a usage error before anything is served), then serves until stdin closes. */
export async function runMcp(io: CliIo, flags: McpCliOptions): Promise<CommandResult> {
  const root = resolveProjectRoot(resolve(io.cwd, flags.path ?? ".")).root;
  const tools = flags.tools
    ?.split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  selectTools({ tools, profile: flags.profile });
  await serveMcpOverStdio({ root, tools, profile: flags.profile, firstIndex: flags.firstIndex });
  return { data: null, emitted: true, exitCode: EXIT_CODES.ok };
}
