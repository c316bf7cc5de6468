#!/usr/bin/env node
import { fastPath } from "./fast-path";
import { isReadCommand } from "./graph-cmd/read-command-options";

// Help and version print from the catalog; index-reading queries, search/related, index
// and graph-db reads parse their own plain arguments (graph-cmd/read-fast-path.ts,
// search-cmd/search-fast-path.ts, index-cmd/index-fast-path.ts,
// graph-db/graph-db-fast-path.ts); everything else loads yargs and the handlers.
const argv = process.argv.slice(2);
// A reader that stops early (`| head`) is not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});
const fast = fastPath(argv, process.stdout.columns);
if (fast !== undefined) process.stdout.write(fast);
else {
  let code: number | undefined;
  if (isReadCommand(argv[0])) {
    const [{ runReadFast }, { processIo }] = await Promise.all([import("./graph-cmd/read-fast-path"), import("./io")]);
    code = await runReadFast(argv[0], argv.slice(1), processIo());
  }
  if (argv[0] === "search" || argv[0] === "related") {
    const [{ runSearchFast }, { processIo }] = await Promise.all([import("./search-cmd/search-fast-path"), import("./io")]);
    code = await runSearchFast(argv[0], argv.slice(1), processIo());
  }
  if (argv[0] === "index") {
    const [{ runIndexFast }, { processIo }] = await Promise.all([import("./index-cmd/index-fast-path"), import("./io")]);
    code = await runIndexFast(argv.slice(1), processIo());
  }
  if (argv[0] === "graph-db") {
    const [{ runGraphDbFast }, { processIo }] = await Promise.all([import("./graph-db/graph-db-fast-path"), import("./io")]);
    code = await runGraphDbFast(argv.slice(1), processIo());
  }
  process.exitCode = code ?? (await (await import("./cli")).main(argv));
}
