import { chmodSync, closeSync, existsSync, ftruncateSync, rmSync, writeSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { resolve } from "node:path";
import { COMMAND_DEFINITIONS } from "../cli-catalog";
import { bufferedIo } from "../io";
import { VERSION } from "../version";
import { claimDaemonPaths, openDaemonFile, removeStaleSocket } from "./daemon-files";
import type { DaemonRequest, DaemonRunReply, DaemonStatus } from "./daemon-protocol";

export interface DaemonOptions {
  /** Exit after this many seconds without a request. */
  idleSecs: number;
  env: Readonly<Record<string, string | undefined>>;
  /** A pipe to write one line to once the socket is listening (the starting client waits on it), then close. */
  readyFd?: number;
}

/** The commands the daemon runs: those that read the code index. Anything else the client runs itself. */
const READ_COMMANDS = new Set(COMMAND_DEFINITIONS.filter((definition) => definition.readsIndex === true).map((definition) => definition.name));

/** The command a command line names: its first word that is not an option. */
function commandOf(argv: readonly string[]): string | undefined {
  return argv.find((word) => !word.startsWith("-"));
}

type WarmIndex = Awaited<ReturnType<typeof import("@tsift/index").startWarmIndex>>;

/**
 * Serves this user's read commands on a Unix socket until `stop`, SIGTERM/SIGINT or
 * `idleSecs` without a request. Each project root whose index exists gets one warm index
 * (opened and watched on its first request). Requests run one at a time, each through the
 * same in-process path as `tsift mcp` (the fast parser, then yargs), with the client's
 * cwd, environment and terminal flags, so the output is the CLI's own.
 */
export async function serveDaemon(options: DaemonOptions): Promise<void> {
  // The reads it serves must not try to start another daemon (daemon-autostart.ts).
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("tsift.bin")];
  // A private directory (never one another user owns or can enter), a socket file of this
  // user's left by a daemon that died (start checked nothing listens on it), and a pid file
  // opened without following a link: written once the socket listens.
  const paths = claimDaemonPaths(options.env);
  removeStaleSocket(paths.socket);
  const pidFd = openDaemonFile(paths.pid, "write");
  const { startWarmIndex, resolveProjectRoot, indexLocation } = await import("@tsift/index");
  const { runFastPath } = await import("../fast-run");
  const { codeStamp, daemonCodeFiles } = await import("./code-stamp");
  const codeFiles = daemonCodeFiles(import.meta.url);
  const startedCode = codeStamp(codeFiles);
  const warm = new Map<string, WarmIndex>();
  const started = Date.now();
  let lastRequest = Date.now();
  let requests = 0;
  let queue: Promise<unknown> = Promise.resolve();

  const warmFor = (cwd: string) => {
    const root = resolveProjectRoot(cwd).root;
    if (!warm.has(root) && existsSync(indexLocation(root).dbPath)) warm.set(root, startWarmIndex(root));
  };

  const run = async (request: DaemonRequest): Promise<DaemonRunReply> => {
    const argv = request.argv ?? [];
    const name = commandOf(argv);
    if (typeof request.cwd !== "string" || name === undefined || !READ_COMMANDS.has(name) || argv.includes("--help") || argv.includes("-h")) {
      return { version: VERSION, declined: true };
    }
    if (codeStamp(codeFiles) !== startedCode) {
      // tsift was rebuilt or upgraded under this daemon: the client runs the new code itself, and the next start serves it.
      stop();
      return { version: VERSION, declined: true };
    }
    const cwd = resolve(request.cwd);
    warmFor(cwd);
    const io = bufferedIo({ cwd, env: request.env ?? {}, serving: true, ...(request.columns === undefined ? {} : { columns: request.columns }) });
    io.stdoutIsTTY = request.stdoutIsTTY === true;
    io.stderrIsTTY = request.stderrIsTTY === true;
    let code = await runFastPath(argv, io);
    if (code === undefined) code = await (await import("../cli")).main(argv, io);
    requests += 1;
    // A project indexed by this very command (first use) is kept warm from now on.
    warmFor(cwd);
    return { version: VERSION, stdout: io.out, stderr: io.err, code };
  };

  const status = (): DaemonStatus => ({
    running: true,
    pid: process.pid,
    version: VERSION,
    socket: paths.socket,
    uptime_secs: Math.floor((Date.now() - started) / 1000),
    idle_secs: Math.floor((Date.now() - lastRequest) / 1000),
    requests,
    projects: [...warm.keys()].sort(),
  });

  let stop!: () => void;
  const stopped = new Promise<void>((done) => (stop = done));
  const answer = (socket: Socket, reply: unknown) => socket.end(`${JSON.stringify(reply)}\n`);
  const server = createServer((socket) => {
    let text = "";
    socket.setEncoding("utf8");
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk: string) => {
      text += chunk;
      const end = text.indexOf("\n");
      if (end < 0) return;
      socket.removeAllListeners("data");
      lastRequest = Date.now();
      let request: DaemonRequest;
      try {
        request = JSON.parse(text.slice(0, end)) as DaemonRequest;
      } catch {
        answer(socket, { version: VERSION, error: "not JSON" });
        return;
      }
      if (request.version !== VERSION) {
        answer(socket, { version: VERSION, error: `this daemon is tsift ${VERSION}` });
        return;
      }
      if (request.op === "status") answer(socket, status());
      else if (request.op === "stop") {
        // The connection stays open, without keeping this process alive, until the process
        // exits and the system closes it: the stopping client waits for that, not a poll.
        socket.write(`${JSON.stringify({ version: VERSION, stopping: true })}\n`);
        socket.unref();
        stop();
      } else {
        // One command at a time: commands share this process, its warm indexes and caches.
        const reply = queue.then(() => run(request));
        queue = reply.catch(() => {});
        reply.then(
          (value) => answer(socket, value),
          () => answer(socket, { version: VERSION, error: "failed" }),
        );
      }
    });
  });
  try {
    await new Promise<void>((listening, failed) => {
      server.once("error", failed);
      server.listen(paths.socket, () => listening());
    });
    chmodSync(paths.socket, 0o600);
    ftruncateSync(pidFd, 0);
    writeSync(pidFd, `${process.pid}\n`, 0);
  } finally {
    closeSync(pidFd);
  }
  const idle = setInterval(
    () => {
      if (Date.now() - lastRequest >= options.idleSecs * 1000) stop();
    },
    Math.min(1000, options.idleSecs * 1000),
  );
  // Before "ready": a signal sent as soon as the starter returns must stop it cleanly, not by the default action.
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  if (options.readyFd !== undefined) {
    try {
      writeSync(options.readyFd, "ready\n");
      closeSync(options.readyFd);
    } catch {
      // The starting client gave up waiting: nobody to tell.
    }
  }
  try {
    await stopped;
  } finally {
    clearInterval(idle);
    process.off("SIGTERM", stop);
    process.off("SIGINT", stop);
    // New connections are refused from here; the socket file goes first so clients fall back at once.
    rmSync(paths.socket, { force: true });
    server.close();
    await queue;
    await Promise.all([...warm.values()].map((index) => index.stop()));
    rmSync(paths.pid, { force: true });
  }
}
