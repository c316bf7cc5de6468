#!/usr/bin/env node
import { fastPath } from "./fast-path";

// Help and version print from the catalog; only real commands load yargs and the handlers.
const fast = fastPath(process.argv.slice(2), process.stdout.columns);
if (fast !== undefined) process.stdout.write(fast);
else process.exitCode = await (await import("./cli")).main(process.argv.slice(2));
