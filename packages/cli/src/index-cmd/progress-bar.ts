import type { CliIo } from "../io";

const WIDTH = 24;
/** Redraws at most this often; a redraw per file would cost more than parsing small files. */
const MIN_INTERVAL_MS = 80;

/**
 * A one-line progress bar on stderr: `[#####-----] 120/500 files  240 files/s`. Drawn
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
      io.stderr(`\r${label}[${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}] ${done}/${total} files  ${Math.round(done / seconds)} files/s`);
      drawn = true;
    },
    clear() {
      if (drawn) io.stderr("\r\x1b[K");
      drawn = false;
    },
  };
}
