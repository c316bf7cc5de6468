import type { Argv } from "yargs";

type UsageInstance = { cacheHelpMessage?: () => void };
type WithInternals = { getInternalMethods?: () => { getUsageInstance?: () => UsageInstance } };

/**
 * yargs renders the running command's whole help text as soon as a handler starts
 * (`cacheHelpMessage`), only so it could print it if the handler later failed. tsift
 * never prints help on failure (its fail handler throws a usage error), and the render
 * measures the display width of every line: tens of milliseconds of CPU on each run of a
 * command with many subcommands (graph-db), against a 150 ms budget for a whole read.
 * `--help` is unaffected: yargs renders it on demand when nothing is cached. The usage
 * object is shared by every nested command, so one patch covers them all; a yargs
 * without these internals is left as it is.
 */
export function skipHelpCache(parser: Argv): void {
  const usage = (parser as unknown as WithInternals).getInternalMethods?.().getUsageInstance?.();
  if (usage && typeof usage.cacheHelpMessage === "function") usage.cacheHelpMessage = () => {};
}
