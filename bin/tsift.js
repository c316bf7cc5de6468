#!/usr/bin/env node
import { main } from "@tsift/cli";

process.exitCode = await main(process.argv.slice(2));
