#!/usr/bin/env node
import { runThroughDaemon } from "./daemon/daemon-client";
import { fastPath } from "./fast-path";
import { processIo } from "./io";

// A reader that stops early (`| head`) is not an error, on any path: the answer was
// wanted only that far, so exit 0 without a word.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED") process.exit(0);
  throw error;
});
// Nobody reads stderr any more: its notes are dropped, and the command still finishes
// with its own exit code (a failure must not read as success because its message was lost).
process.stderr.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED") return;
  throw error;
});
const argv = process.argv.slice(2);
const text = await fastPath(argv, process.stdout.columns);
if (text !== undefined) process.stdout.write(text);
else {
  const io = processIo();
  // A running `tsift daemon` answers read commands from warm indexes; anything it does not answer runs
  // here. The in-process path is imported only then, so an answer from the daemon costs no parser load.
  process.exitCode =
    (await runThroughDaemon(argv, io)) ?? (await (await import("./fast-run")).runFastPath(argv, io)) ?? (await (await import("./cli")).main(argv, io));
}
