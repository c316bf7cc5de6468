import { defineGroup, defineSubcommand } from "../definition/define-command";

const subcommand = defineSubcommand({});

/** `daemon start`'s options, as `runDaemonStart` receives them. */
export const START_OPTIONS = {
  idle: { type: "number", default: 600, description: "exit after this many seconds without a request" },
  foreground: { type: "boolean", default: false, description: "serve in this process instead of starting a background one" },
} as const;

/** `tsift daemon start|stop|status`: a per-user process that keeps indexes warm for the read commands. */
export const daemon = defineGroup({
  name: "daemon",
  summary: "a per-user background process that answers the read commands from warm, watched indexes (the first read starts it)",
  helpOrder: 320,
  options: {},
  examples: [
    {
      command: "tsift symbols Store",
      description:
        "a read answered without a daemon starts one in the background (one process of about 60-150 MB, exiting after 10 idle minutes); TSIFT_DAEMON_AUTOSTART=0 opts out",
    },
    { command: "tsift daemon start", description: "start it; read commands use it from now on (TSIFT_NO_DAEMON=1 opts out of using one at all)" },
    { command: "tsift daemon status", description: "pid, requests served, the projects kept warm" },
  ],
  subcommands: [
    subcommand({
      name: "start",
      summary: "start the daemon (nothing happens when one is running)",
      positionals: [],
      options: START_OPTIONS,
      examples: [{ command: "tsift daemon start --idle 3600", description: "stay up for an hour without requests" }],
      async run(args, io) {
        const { runDaemonStart } = await import("../daemon/run-daemon");
        return runDaemonStart(io, args);
      },
    }),
    subcommand({
      name: "stop",
      summary: "stop the running daemon",
      positionals: [],
      options: {},
      examples: [{ command: "tsift daemon stop", description: "stop it; read commands run in-process again" }],
      async run(_args, io) {
        const { runDaemonStop } = await import("../daemon/run-daemon");
        return runDaemonStop(io);
      },
    }),
    subcommand({
      name: "status",
      summary: "whether a daemon is running, and what it serves",
      positionals: [],
      options: {},
      examples: [{ command: "tsift daemon status --json", description: "the status as JSON" }],
      async run(_args, io) {
        const { runDaemonStatus } = await import("../daemon/run-daemon");
        return runDaemonStatus(io);
      },
    }),
  ],
});
