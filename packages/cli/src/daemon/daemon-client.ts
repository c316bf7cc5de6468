// Static: in the CommonJS client a dynamic import() of a built-in costs ~2 ms more than the require it bundles to.
import { createConnection } from "node:net";
import type { CliIo } from "../io";
import { VERSION } from "../version";
import { findDaemonPaths, isOwnSocket } from "./daemon-paths";
import { forwardedEnv, type DaemonRequest, type DaemonRunReply } from "./daemon-protocol";

/** A read command slower than this through the daemon is run again in-process. */
const REPLY_TIMEOUT_MS = 60_000;

/** Sends one request and reads one JSON line back; null on any failure (no daemon, refused, timeout, not JSON). */
export function ask(socket: string, request: DaemonRequest, timeoutMs = REPLY_TIMEOUT_MS): Promise<unknown> {
  return new Promise((resolve) => {
    // Bytes, decoded once the line is whole: a string decoder is one more module to load per command.
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (value: unknown) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      connection.destroy();
      resolve(value);
    };
    const connection = createConnection(socket);
    const timer = setTimeout(() => finish(null), timeoutMs);
    connection.on("error", () => finish(null));
    connection.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (chunk.indexOf(10) < 0) return;
      const line = Buffer.concat(chunks);
      try {
        finish(JSON.parse(line.toString("utf8", 0, line.indexOf(10))) as unknown);
      } catch {
        finish(null);
      }
    });
    connection.on("end", () => finish(null));
    connection.write(`${JSON.stringify(request)}\n`);
  });
}

/**
 * Asks the daemon to stop and resolves once it is gone: the daemon keeps this connection open
 * until its process exits, so the connection closing is the exit. False when no daemon took
 * the request, or it was still there after `timeoutMs`.
 */
export function askStop(socket: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let accepted = false;
    let done = false;
    const finish = (gone: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      connection.destroy();
      resolve(gone);
    };
    const connection = createConnection(socket);
    const timer = setTimeout(() => finish(false), timeoutMs);
    connection.on("error", () => finish(accepted));
    connection.on("data", (chunk: Buffer) => {
      if (chunk.indexOf(10) >= 0) accepted = true;
    });
    connection.on("close", () => finish(accepted));
    connection.write(`${JSON.stringify({ version: VERSION, op: "stop" })}\n`);
  });
}

function isRunReply(value: unknown): value is Required<Pick<DaemonRunReply, "stdout" | "stderr" | "code">> {
  const reply = value as DaemonRunReply | null;
  return (
    typeof reply === "object" &&
    reply !== null &&
    reply.version === VERSION &&
    reply.declined !== true &&
    typeof reply.stdout === "string" &&
    typeof reply.stderr === "string" &&
    Number.isInteger(reply.code)
  );
}

/**
 * Set on `globalThis` by the CommonJS entry once it has asked the daemon, so the ES module
 * entry it falls back to does not ask again.
 */
export const DAEMON_ALREADY_ASKED = Symbol.for("tsift.daemon-already-asked");

/**
 * Runs the command line through this user's daemon when one is listening and answers it:
 * prints its stdout and stderr and returns its exit code. Undefined means "run it here":
 * no daemon, `TSIFT_NO_DAEMON=1`, a declined (non-read) command, another version, a
 * timeout or an answer of the wrong shape. Nothing is printed before a whole answer is in,
 * so falling back never duplicates output. Nothing is sent unless the daemon's directory is
 * private to this user and its socket is a socket of this user's (two lstat calls): a
 * shared runtime directory can hold another user's listener.
 */
export async function runThroughDaemon(
  argv: readonly string[],
  io: CliIo,
  beforeWriting?: () => void,
  /** Runs once the request is sent: setup that can overlap the daemon's work. */
  whileWaiting?: () => void,
): Promise<number | undefined> {
  if (io.env.TSIFT_NO_DAEMON === "1" || argv.length === 0 || (globalThis as Record<symbol, unknown>)[DAEMON_ALREADY_ASKED] === true) return undefined;
  const socket = findDaemonPaths(io.env)?.socket;
  if (socket === undefined || !isOwnSocket(socket)) return undefined;
  const asked = ask(socket, {
    version: VERSION,
    op: "run",
    argv: [...argv],
    cwd: io.cwd,
    env: forwardedEnv(io.env),
    stdoutIsTTY: io.stdoutIsTTY,
    stderrIsTTY: io.stderrIsTTY,
    ...(io.columns === undefined ? {} : { columns: io.columns }),
  });
  whileWaiting?.();
  const reply = await asked;
  if (!isRunReply(reply)) return undefined;
  beforeWriting?.();
  if (reply.stdout) io.stdout(reply.stdout);
  if (reply.stderr) io.stderr(reply.stderr);
  return reply.code;
}
