#!/usr/bin/env node
import { fastPath } from "./fast-path";
import { runFastPath } from "./fast-run";
import { processIo } from "./io";

// A reader that stops early (`| head`) is not an error, on any path.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});
const argv = process.argv.slice(2);
const text = fastPath(argv, process.stdout.columns);
if (text !== undefined) process.stdout.write(text);
else {
  const io = processIo();
  process.exitCode = (await runFastPath(argv, io)) ?? (await (await import("./cli")).main(argv, io));
}
