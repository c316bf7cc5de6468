#!/usr/bin/env node
// The `tsift` executable. Built as CommonJS on purpose: a CommonJS entry starts without
// Node's ES module loader, which costs about as much as a whole answer from a running
// daemon. When `tsift daemon` answers, this file and a few node built-ins are all that
// load; anything else imports the CLI's ES module entry (`@tsift/cli/bin`), which never
// asks again. Bundled twice: as @tsift/cli's `dist/bin-client.cjs` and, so that the
// published `tsift` bin reaches it by a relative path instead of resolving a package's
// exports map on every command, as the root package's `dist/bin-client.cjs`.
import { quietOnClosedPipes } from "./closed-pipes";
import { DAEMON_ALREADY_ASKED, runThroughDaemon } from "./daemon/daemon-client";
import { processIo } from "./io";

// Help (`--help`, `tsift help <command>`) and the version are answered here, never by the daemon.
const HELP_OR_VERSION = new Set(["--help", "-h", "--version", "-V"]);

async function run(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.length > 0 && argv[0] !== "help" && !argv.some((word) => HELP_OR_VERSION.has(word))) {
    const io = processIo();
    // Same pipe rules as bin.js, set only once an answer is about to be written.
    // The output streams are created (a few milliseconds for pipes) while the daemon works.
    const code = await runThroughDaemon(argv, io, quietOnClosedPipes, () => void [process.stdout, process.stderr]);
    if (code !== undefined) {
      process.exitCode = code;
      return;
    }
  }
  (globalThis as Record<symbol, unknown>)[DAEMON_ALREADY_ASKED] = true;
  // By name, not by path: this file is bundled into @tsift/cli and into the root package.
  // A variable keeps bundlers and the type checker from following it into the ES module CLI.
  const entry = "@tsift/cli/bin";
  await import(entry);
}

void run();
