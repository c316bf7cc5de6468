#!/usr/bin/env node
import { fileURLToPath } from "node:url";
import { quietOnClosedPipes } from "./closed-pipes";
import { runThroughDaemon } from "./daemon/daemon-client";
import { fastPath } from "./fast-path";
import { processIo } from "./io";

quietOnClosedPipes();
// Marks this process as the tsift executable: a read it answers without a daemon starts one (daemon-autostart.ts).
(globalThis as Record<symbol, unknown>)[Symbol.for("tsift.bin")] = fileURLToPath(import.meta.url);
// May start a large project's first index in the background (background-index.ts); the daemon and `tsift mcp` keep this one.
(globalThis as Record<symbol, unknown>)[Symbol.for("tsift.background-index-bin")] = fileURLToPath(import.meta.url);
const argv = process.argv.slice(2);
const text = await fastPath(argv, process.stdout.columns);
if (text !== undefined) process.stdout.write(text);
else {
  const io = processIo();
  // A running `tsift daemon` answers read commands from warm indexes; anything it does not answer runs
  // here. The in-process path is imported only then, so an answer from the daemon costs no parser load.
  process.exitCode =
    (argv[0] === "help" ? undefined : await runThroughDaemon(argv, io)) ??
    (await (await import("./fast-run")).runFastPath(argv, io)) ??
    (await (await import("./cli")).main(argv, io));
}
