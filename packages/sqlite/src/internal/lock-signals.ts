/**
 * Releases held writer locks when the process is interrupted, so Ctrl-C does not leave a
 * lock file behind. Only when nothing else listens for the signal: then the default
 * (terminate) is what would have happened anyway, and it still does — the listener is
 * removed and the signal raised again, so the exit status stays 130 (SIGINT) or 143
 * (SIGTERM). A program with its own handler decides itself, and its `finally` releases.
 * SQLite rolls back the interrupted transaction, so the database stays whole.
 */

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

const held = new Set<() => void>();
let installed = false;

function releaseAll(): void {
  for (const release of [...held]) {
    try {
      release();
    } catch {
      // Best effort while exiting: a lock that cannot be removed is taken over later as stale.
    }
  }
}

function onSignal(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return;
  releaseAll();
  uninstall();
  process.kill(process.pid, signal);
}

function install(): void {
  if (installed) return;
  installed = true;
  for (const signal of SIGNALS) process.on(signal, onSignal);
  process.on("exit", releaseAll);
}

function uninstall(): void {
  if (!installed) return;
  installed = false;
  for (const signal of SIGNALS) process.removeListener(signal, onSignal);
  process.removeListener("exit", releaseAll);
}

/** Releases `release` on SIGINT/SIGTERM/SIGHUP or exit until the returned function is called. */
export function releaseOnSignal(release: () => void): () => void {
  held.add(release);
  install();
  return () => {
    held.delete(release);
    if (held.size === 0) uninstall();
  };
}
