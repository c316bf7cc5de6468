import type { CliIo } from "../io";

const WIDTH = 24;
/** Redraws at most this often; a redraw per file would cost more than parsing small files. */
const MIN_INTERVAL_MS = 80;

/** `1h02m`, `3m05s`, `42s`: a remaining time to the second, short enough for one line. */
export function formatEta(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  if (hours > 0) return `${hours}h${String(minutes).padStart(2, "0")}m`;
  if (minutes > 0) return `${minutes}m${String(secs).padStart(2, "0")}s`;
  return `${secs}s`;
}

/**
 * A one-line progress bar on stderr: `[#####-----] 120/500 files  240 files/s  ETA 2s`
 * (the ETA from the rate so far, once a file is done). Drawn
 * only when stderr is a terminal and output is not quiet or JSON, so logs and pipes
 * never see carriage returns.
 */
export function progressBar(io: CliIo, enabled: boolean, label: string) {
  const started = Date.now();
  let last = 0;
  let drawn = false;
  return {
    update(done: number, total: number) {
      if (!enabled || total === 0) return;
      const now = Date.now();
      if (done < total && now - last < MIN_INTERVAL_MS) return;
      last = now;
      const filled = Math.round((done / total) * WIDTH);
      const seconds = Math.max((now - started) / 1000, 0.001);
      const rate = done / seconds;
      const eta = done > 0 && done < total ? `  ETA ${formatEta((total - done) / rate)}` : "";
      // Padded so a shorter redraw (the ETA shrinking) leaves nothing of the last one behind.
      io.stderr(`\r${label}[${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}] ${done}/${total} files  ${Math.round(rate)} files/s${eta}\x1b[K`);
      drawn = true;
    },
    clear() {
      if (drawn) io.stderr("\r\x1b[K");
      drawn = false;
    },
  };
}
