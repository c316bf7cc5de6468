import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The package root: `require("better-sqlite3")` in a child resolves from here. */
export const PACKAGE_ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface HeldChild {
  child: ChildProcess;
  pid: number;
  /** Lines the child printed after its ready line. */
  output: string[];
  /** Kills the child (SIGKILL skips every cleanup, like a crash) and waits for it to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Resolves with the exit code once the child ends by itself. */
  exited: Promise<number | null>;
}

/**
 * Runs `script` in a real Node process and resolves once it prints `ready` on a line of
 * its own, so the caller knows the child holds whatever it was asked to hold.
 */
export function spawnNode(script: string, options: { module?: boolean; readyTimeoutMs?: number } = {}): Promise<HeldChild> {
  const args = options.module ? ["--input-type=module", "-e", script] : ["-e", script];
  const child = spawn(process.execPath, args, { cwd: PACKAGE_ROOT, stdio: ["ignore", "pipe", "pipe"] });
  const output: string[] = [];
  let stderr = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise<HeldChild>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`child did not become ready: ${stderr}`));
      // Far past any start-up on a loaded machine: only a child that hangs gets here.
    }, options.readyTimeoutMs ?? 240_000);
    let buffered = "";
    let ready = false;
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout!.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        if (ready) output.push(line);
        else if (line === "ready") {
          ready = true;
          clearTimeout(timer);
          resolve({
            child,
            pid: child.pid!,
            output,
            exited,
            async kill(signal = "SIGKILL") {
              if (child.exitCode === null && child.signalCode === null) child.kill(signal);
              await exited;
            },
          });
        } else output.push(line);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`child exited with ${code} before it was ready: ${stderr}`));
    });
  });
}
