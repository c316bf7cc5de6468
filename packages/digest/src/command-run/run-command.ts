import { isAbsolute, relative, resolve } from "node:path";
import { shellArg } from "@tsift/core/light";
import type { Budget } from "../budget";
import { ArtifactWriter, type ArtifactLimits } from "./artifact-store";
import type { LogDigest } from "../log-digest/index";
import type { ProjectTestDigest, TestRunner } from "../test-digest/index";
import { digestTranscript, type RunKind } from "./digest-transcript";
import { shellExitStatus, spawnCapture } from "./spawn-capture";

export interface RunCommandOptions {
  /** The project root: the transcript goes to `<root>/.tsift/artifacts/`. */
  root: string;
  /** `test` digests the output as a test run, `log` as a build or service log. */
  kind: RunKind;
  /** argv, run without a shell. */
  command: readonly string[];
  /** Where the command runs; default `root`. */
  cwd?: string | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  /** The test runner whose output this is (`kind: "test"`); default auto-detection. */
  runner?: TestRunner | "auto" | undefined;
  /** Caps the digest's lists and quoted lines. */
  budget?: Budget | null | undefined;
  /** Aborting forwards a signal to the child (the reason when it names one, e.g. `SIGINT`) and still digests what was captured. */
  signal?: AbortSignal | undefined;
  /** Called once the command started, with its pid: the id of its own process group outside Windows (`process.kill(-pid, sig)` signals it all). */
  onSpawn?: ((pid: number) => void) | undefined;
  /** Transcripts kept under `.tsift/artifacts/` (count and total bytes). */
  artifacts?: ArtifactLimits | undefined;
}

export interface RunArtifact {
  /** Stable for the transcript body and the command: the same run lands on the same handle. */
  handle: string;
  /** Relative to the root. */
  path: string;
  bytes: number;
  lines: number;
  /** The command that digests the stored transcript again. */
  expand: string;
}

interface RunReportBase {
  /** The command as the caller gave it. */
  command: string;
  /** The command tsift ran (the same argv: tsift does not rewrite commands). */
  executed_command: string;
  exit_code: number | null;
  signal: string | null;
  /** The status a shell would report: the exit code, or 128 + the signal's number. */
  exit_status: number;
  /** True when the run was interrupted (Ctrl-C or SIGTERM reached tsift and was passed on). */
  interrupted: boolean;
  duration_ms: number;
  /** Null when the command printed nothing. */
  artifact: RunArtifact | null;
}

/** `tsift run`: what ran, how it ended, where its output is kept, and the digest of that output. */
export type RunReport = RunReportBase & ({ kind: "test"; digest: ProjectTestDigest } | { kind: "log"; digest: LogDigest });

/** argv as one copy-pasteable shell line. */
export function commandLine(command: readonly string[]): string {
  return command.map(shellArg).join(" ");
}

/**
 * Runs a command (no shell), keeps its whole output under `.tsift/artifacts/` and digests
 * it: `test` with the test digest, `log` with the streaming log digest. Memory stays
 * bounded whatever the command prints: output streams to the artifact file and the digest
 * reads it back as a stream. The caller decides what to do with the child's exit status.
 */
export async function runCommand(options: RunCommandOptions): Promise<RunReport> {
  const root = resolve(options.root);
  const line = commandLine(options.command);
  const writer = new ArtifactWriter(root, `${options.kind}\0${options.command.join("\0")}`);
  const cwd = resolve(root, options.cwd ?? ".");
  let capture;
  try {
    capture = await spawnCapture({ command: options.command, cwd, env: options.env, signal: options.signal, onSpawn: options.onSpawn }, writer);
  } catch (error) {
    await writer.discard();
    throw error;
  }
  const stored = await writer.finish(options.artifacts);
  const relPath = stored ? `${ARTIFACT_REL}/${stored.handle}.log` : null;
  const digested = await digestTranscript(stored?.path ?? null, { kind: options.kind, root, runner: options.runner, budget: options.budget ?? null });
  const expandCommand = options.kind === "test" ? "test-digest" : "log-digest";
  // The replay command is typed where the command ran, so its path is relative to that directory.
  const fromCwd = stored ? relative(cwd, stored.path) : "";
  const inputArg = stored ? shellArg(fromCwd === "" || isAbsolute(fromCwd) ? stored.path : fromCwd) : "";
  const runnerArg = options.kind === "test" && options.runner !== undefined && options.runner !== "auto" ? ` --runner ${shellArg(options.runner)}` : "";
  const base: RunReportBase = {
    command: line,
    executed_command: line,
    exit_code: capture.exit_code,
    signal: capture.signal,
    exit_status: shellExitStatus(capture),
    interrupted: options.signal?.aborted ?? false,
    duration_ms: capture.duration_ms,
    artifact:
      stored && relPath
        ? { handle: stored.handle, path: relPath, bytes: stored.bytes, lines: stored.lines, expand: `tsift ${expandCommand}${runnerArg} --input ${inputArg}` }
        : null,
  };
  return { ...base, ...digested };
}

const ARTIFACT_REL = ".tsift/artifacts";
