import { logDigest, resolveBudget } from "@tsift/digest";
import { commandResult, type CommandResult } from "../command-result";
import { openInput } from "../input";
import type { CliIo } from "../io";
import { logDigestOutput, type LogDigestData } from "./log-digest-output";
import type { logDigest as logDigestCommand } from "../commands/log-digest";
import type { OptionsOfCommand } from "../definition/define-command";

/**
 * `tsift log-digest`: the `logDigest` use case over stdin or `--input`, streamed (never
 * read whole, so a log of any size costs bounded memory). A budget caps the lists
 * (`--max-items`) and the quoted lines (`--max-bytes`) unless `--limit` was narrower.
 */
export async function runLogDigest(io: CliIo, flags: OptionsOfCommand<typeof logDigestCommand>): Promise<CommandResult<LogDigestData>> {
  const budget = resolveBudget(flags, io.env, flags.envelope === true);
  const log = await openInput(io, flags.input, "log");
  const limit = budget?.maxItems != null && (flags.limit === 0 || budget.maxItems < flags.limit) ? budget.maxItems : flags.limit;
  const data = await logDigest({
    log,
    input: flags.input,
    cwd: io.cwd,
    limit,
    context: flags.context,
    ...(budget?.maxBytes != null ? { maxLineBytes: Math.max(16, budget.maxBytes) } : {}),
  });
  return commandResult(data, logDigestOutput);
}
