/** Everything a command may touch outside itself, so tests drive the CLI in-process. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** Terminal width for help text; undefined when stdout is not a terminal. */
  columns?: number | undefined;
}

export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: process.cwd(),
    env: process.env,
    stdoutIsTTY: Boolean(process.stdout.isTTY),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    columns: process.stdout.columns,
  };
}

/** An in-memory CliIo for tests and embedding. */
export function bufferedIo(options: { cwd?: string; env?: Record<string, string | undefined>; columns?: number } = {}): CliIo & { out: string; err: string } {
  const io = {
    out: "",
    err: "",
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
  };
  return io;
}
