import { logDigest, resolveBudget, type BudgetFlags } from "@tsift/digest";
import { commandResult, type CommandResult } from "../command-result";
import { openInput } from "../input";
import type { CliIo } from "../io";
import { logDigestOutput, type LogDigestData } from "./log-digest-output";

export interface LogDigestFlags {
  input?: string | undefined;
  limit: number;
  context: number;
  budget: BudgetFlags;
  envelope: boolean;
}

/**
 * `tsift log-digest`: the `logDigest` use case over stdin or `--input`, streamed (never
 * read whole, so a log of any size costs bounded memory). A budget caps the lists
 * (`--max-items`) and the quoted lines (`--max-bytes`) unless `--limit` was narrower.
 */
export async function runLogDigest(io: CliIo, flags: LogDigestFlags): Promise<CommandResult<LogDigestData>> {
  const budget = resolveBudget(flags.budget, io.env, flags.envelope);
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
