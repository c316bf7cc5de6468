#!/usr/bin/env node
// The published `tsift` bin: the CLI's CommonJS entry, bundled into this package's dist/
// (bin/ is CommonJS, see package.json beside this file). It asks a running daemon without
// starting Node's ES module loader and otherwise runs the CLI's own ES module entry, fast
// paths and EPIPE handling included.
require("../dist/bin-client.cjs");
