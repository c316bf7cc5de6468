import { runAndEmit } from "../emit-result";
import type { CliIo } from "../io";
import { isJsonMode, outputOptions } from "../output/output-options";
import type { IndexFlags } from "./run-index";

/** The flags `tsift index` declares, and the global output switches, all boolean. */
const BOOLEAN_FLAGS: Readonly<Record<string, string>> = {
  "--rebuild": "rebuild",
  "--check": "check",
  "--exit-code": "exit-code",
  "--quiet": "quiet",
  "-q": "quiet",
  "--prune": "prune",
  "--workspace": "workspace",
  "--json": "json",
  "--pretty": "pretty",
  "--terse": "terse",
  "--schema": "schema",
  "--tabular": "tabular",
  "--compact": "compact",
  "--absolute": "absolute",
  "--envelope": "envelope",
};

/** An `index` invocation as yargs would hand it to the command's handler. */
export interface FastIndexArgs {
  path?: string;
  submodule?: string;
  flags: Readonly<Record<string, true>>;
}

/**
 * Reads the arguments after `index` when they are a plain, valid invocation: at most one
 * path, each known flag at most once, `--submodule <s>` or `--submodule=<s>`. Anything
 * else — help, unknown or repeated flags, `--flag=value` booleans, `--`, a second path,
 * `--rebuild` with `--check` — is undefined, and the caller leaves the whole command
 * line to yargs, which reports usage errors exactly as it always does.
 */
export function parseIndexArgv(argv: readonly string[]): FastIndexArgs | undefined {
  const flags: Record<string, true> = {};
  let path: string | undefined;
  let submodule: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const flag = BOOLEAN_FLAGS[arg];
    if (flag !== undefined) {
      if (flags[flag]) return undefined;
      flags[flag] = true;
    } else if (arg === "--submodule" || arg.startsWith("--submodule=")) {
      const value = arg === "--submodule" ? argv[++i] : arg.slice("--submodule=".length);
      if (submodule !== undefined || value === undefined || value === "" || value.startsWith("-")) return undefined;
      submodule = value;
    } else if (arg.startsWith("-") || path !== undefined) {
      return undefined;
    } else {
      path = arg;
    }
  }
  if (flags.rebuild && flags.check) return undefined;
  return { ...(path !== undefined ? { path } : {}), ...(submodule !== undefined ? { submodule } : {}), flags };
}

/**
 * `tsift index …` without the yargs parser, whose import and help-text rendering cost more
 * than a no-change index run itself. Given the arguments after `index`, it runs the same
 * handler code and output pipeline as `main` and returns the exit code, or undefined when
 * `parseIndexArgv` declines the arguments (then run `main` as usual). Meant for `bin.ts`:
 * `argv[0] === "index"` → `runIndexFast(argv.slice(1), processIo()) ?? main(argv)`.
 */
export async function runIndexFast(argv: readonly string[], io: CliIo): Promise<number | undefined> {
  const args = parseIndexArgv(argv);
  if (!args) return undefined;
  const options = outputOptions(args.flags);
  return runAndEmit(io, () => options, async () => {
    const { runIndex } = await import("./run-index");
    const flags: IndexFlags = {
      ...(args.path !== undefined ? { path: args.path } : {}),
      rebuild: args.flags.rebuild === true,
      check: args.flags.check === true,
      exitCode: args.flags["exit-code"] === true,
      quiet: args.flags.quiet === true,
      prune: args.flags.prune === true,
      workspace: args.flags.workspace === true,
      ...(args.submodule !== undefined ? { submodule: args.submodule } : {}),
      json: isJsonMode(options),
    };
    return runIndex(io, flags);
  });
}
