import { spawn } from "node:child_process";
import { TsiftError } from "@tsift/core/light";

/**
 * Settings that make git's output the same on every machine: no pager, colour, external
 * diff, textconv or quoted non-ASCII paths, and no optional index writes (a digest reads).
 */
const CONFIG = [
  "-c",
  "core.quotepath=off",
  "-c",
  "color.ui=false",
  "-c",
  "diff.noprefix=false",
  "-c",
  "diff.mnemonicPrefix=false",
  "-c",
  "diff.relative=false",
];

export interface GitResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

export interface RunGitOptions {
  /** Exit codes that are answers, not failures (e.g. 1 from `rev-parse --verify --quiet`). */
  readonly okCodes?: readonly number[];
  /** Called with every stdout chunk instead of buffering it. */
  readonly onStdout?: (chunk: Buffer) => void;
  /** Written to git's stdin (which is otherwise empty). */
  readonly input?: string;
}

/** Runs `git <args>` in `cwd` (no shell), failing with a TsiftError that names what to do. */
export function runGit(cwd: string, args: readonly string[], options: RunGitOptions = {}): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", [...CONFIG, ...args], {
      cwd,
      stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      env: { ...process.env, GIT_OPTIONAL_LOCKS: "0", GIT_PAGER: "cat", LC_ALL: "C", GIT_TERMINAL_PROMPT: "0" },
    });
    if (options.input !== undefined) child.stdin?.end(options.input);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let errBytes = 0;
    child.stdout!.on("data", (chunk: Buffer) => (options.onStdout ? options.onStdout(chunk) : out.push(chunk)));
    child.stderr!.on("data", (chunk: Buffer) => {
      // Only the first lines of stderr make the message; the rest is dropped to keep memory flat.
      if (errBytes < 16_384) err.push(chunk);
      errBytes += chunk.length;
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") {
        reject(
          new TsiftError("unsupported", "git is not installed or not on PATH", {
            hint: "install git (https://git-scm.com/downloads), then rerun",
            cause: error,
          }),
        );
      } else if (error.code === "ENOTDIR") {
        reject(new TsiftError("not_found", `${cwd} is not a directory`, { cause: error, details: { cwd } }));
      } else {
        reject(new TsiftError("io_error", `cannot run git: ${error.message}`, { cause: error }));
      }
    });
    child.on("close", (code) => {
      const stderr = Buffer.concat(err).toString("utf8");
      const exit = code ?? 128;
      if (exit === 0 || options.okCodes?.includes(exit)) {
        resolve({ code: exit, stdout: Buffer.concat(out), stderr });
        return;
      }
      reject(gitFailure(cwd, args, exit, stderr));
    });
  });
}

function gitFailure(cwd: string, args: readonly string[], exit: number, stderr: string): TsiftError {
  const first = stderr.split("\n").find((line) => line.trim() !== "") ?? `exit ${exit}`;
  const details = { cwd, args: [...args], exit, stderr: stderr.slice(0, 2000) };
  if (/not a git repository/i.test(stderr)) {
    return new TsiftError("not_found", `${cwd} is not inside a git repository`, {
      details,
      hint: `run \`git init\` there (or pass a path inside a git work tree)`,
    });
  }
  if (/unknown revision|bad revision|ambiguous argument|invalid object name|bad object|not a valid object name/i.test(stderr)) {
    return new TsiftError("not_found", `git: ${first.replace(/^fatal: /, "")}`, { details, hint: "run `git log --oneline -10` to list revisions" });
  }
  if (/dubious ownership/i.test(stderr)) {
    return new TsiftError("read_only", `git refuses ${cwd}: dubious ownership`, { details, hint: `run \`git config --global --add safe.directory ${cwd}\`` });
  }
  return new TsiftError("io_error", `git ${args.find((arg) => !arg.startsWith("-")) ?? ""} failed: ${first.replace(/^fatal: /, "")}`, { details });
}
