import type { CommandModule } from "yargs";
import type { CommandName } from "../cli-catalog";
import type { CommandContext } from "../command-context";
import { analyzeCommand } from "./analyze.command";
import { communitiesCommand } from "./communities.command";
import { convexSyncCommand } from "./convex-sync.command";
import { explainCommand } from "./explain.command";
import { graphCommand } from "./graph.command";
import { graphDbCommand } from "./graph-db.command";
import { indexCommand } from "./index.command";
import { initCommand } from "./init.command";
import { locksCommand } from "./locks.command";
import { pathCommand } from "./path.command";
import { relatedCommand } from "./related.command";
import { searchCommand } from "./search.command";
import { sourceReadCommand } from "./source-read.command";
import { statusCommand } from "./status.command";
import { symbolsCommand } from "./symbols.command";
import { traverseCommand } from "./traverse.command";

/**
 * One yargs module per catalog entry; the Record type makes a catalog command without
 * a module (or the reverse) a compile error. Handlers import their heavy code lazily.
 */
export const COMMAND_MODULES: Record<CommandName, (context: CommandContext) => CommandModule> = {
  status: (context) => statusCommand(context) as unknown as CommandModule,
  init: (context) => initCommand(context) as unknown as CommandModule,
  index: (context) => indexCommand(context) as unknown as CommandModule,
  symbols: (context) => symbolsCommand(context) as unknown as CommandModule,
  "source-read": (context) => sourceReadCommand(context) as unknown as CommandModule,
  search: (context) => searchCommand(context) as unknown as CommandModule,
  related: (context) => relatedCommand(context) as unknown as CommandModule,
  graph: (context) => graphCommand(context) as unknown as CommandModule,
  explain: (context) => explainCommand(context) as unknown as CommandModule,
  path: (context) => pathCommand(context) as unknown as CommandModule,
  communities: (context) => communitiesCommand(context) as unknown as CommandModule,
  analyze: (context) => analyzeCommand(context) as unknown as CommandModule,
  locks: (context) => locksCommand(context) as unknown as CommandModule,
  "graph-db": (context) => graphDbCommand(context) as unknown as CommandModule,
  "convex-sync": (context) => convexSyncCommand(context) as unknown as CommandModule,
  traverse: (context) => traverseCommand(context) as unknown as CommandModule,
};
