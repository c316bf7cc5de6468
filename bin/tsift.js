#!/usr/bin/env node
// The published `tsift` bin runs the CLI's own entry, fast paths and EPIPE handling included.
import "@tsift/cli/bin";
