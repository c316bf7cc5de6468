import { Readable } from "node:stream";
import { isatty } from "node:tty";

/** Everything a command may touch outside itself, so tests drive the CLI in-process. */
export interface CliIo {
  /**
   * The input a command reads when no `--input` file is given (digests, `edit`). A stream,
   * so a 100 MB log is never held whole; `readInput` in `input.ts` collects small ones.
   */
  stdin(): NodeJS.ReadableStream;
  /** Whether stdin is a terminal (then a command that needs piped input says so). */
  stdinIsTTY: boolean;
  stdout(text: string): void;
  stderr(text: string): void;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** Terminal width for help text; undefined when stdout is not a terminal. */
  columns?: number | undefined;
  /**
   * The process serves many commands (`tsift daemon`, `tsift mcp`): a command must never
   * stop it, so guards that kill the process (search's native-call watchdog) are left out.
   */
  serving?: boolean;
}

export function processIo(): CliIo {
  return {
    stdin: () => process.stdin,
    // A getter: touching process.stdin opens its handle, which a command that reads no
    // input (every answer the daemon gives) should not pay for.
    get stdinIsTTY() {
      return Boolean(process.stdin.isTTY);
    },
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: process.cwd(),
    env: process.env,
    // Asked of the file descriptors, not the streams: creating process.stdout and
    // process.stderr costs milliseconds that the daemon client spends waiting for its
    // answer instead (see runThroughDaemon). A stream is a TTY exactly when its fd is.
    stdoutIsTTY: isatty(1),
    stderrIsTTY: isatty(2),
    columns: isatty(1) ? process.stdout.columns : undefined,
  };
}

/** An in-memory CliIo for tests and embedding. */
export function bufferedIo(
  options: { cwd?: string; env?: Record<string, string | undefined>; columns?: number; stdin?: string | Buffer; serving?: boolean } = {},
): CliIo & { out: string; err: string } {
  const input = options.stdin;
  const io = {
    out: "",
    err: "",
    stdin: () => Readable.from(input === undefined ? [] : [typeof input === "string" ? Buffer.from(input) : input]),
    stdinIsTTY: false,
    stdout(text: string) {
      io.out += text;
    },
    stderr(text: string) {
      io.err += text;
    },
    cwd: options.cwd ?? process.cwd(),
    env: options.env ?? {},
    stdoutIsTTY: false,
    stderrIsTTY: false,
    columns: options.columns,
    serving: options.serving === true,
  };
  return io;
}
