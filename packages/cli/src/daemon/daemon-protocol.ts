/**
 * One request per connection, newline-terminated JSON each way. A client and a daemon of
 * different tsift versions never answer for each other: the daemon refuses, the client
 * falls back to running the command itself.
 */
export interface DaemonRequest {
  version: string;
  op: "run" | "status" | "stop";
  argv?: string[];
  cwd?: string;
  env?: Record<string, string>;
  stdoutIsTTY?: boolean;
  stderrIsTTY?: boolean;
  columns?: number;
}

export interface DaemonRunReply {
  version: string;
  /** The daemon does not run this command line (not a read command): run it in-process. */
  declined?: boolean;
  stdout?: string;
  stderr?: string;
  code?: number;
}

export interface DaemonStatus {
  running: boolean;
  pid?: number;
  version?: string;
  socket: string;
  uptime_secs?: number;
  idle_secs?: number;
  requests?: number;
  /** Project roots kept warm, sorted. */
  projects?: string[];
}

/** Environment variables that can change a read command's output; nothing else is sent. */
export function forwardedEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (/^(TSIFT_|LC_|GIT_)/.test(key) || ["NO_COLOR", "FORCE_COLOR", "TERM", "COLUMNS", "HOME", "PATH", "LANG", "TZ"].includes(key)) kept[key] = value;
  }
  return kept;
}
