/**
 * A reader that stops early (`| head`) is not an error, on any path: the answer was
 * wanted only that far, so stdout's EPIPE exits 0 without a word. When nobody reads
 * stderr any more its notes are dropped, and the command still finishes with its own
 * exit code (a failure must not read as success because its message was lost).
 */
export function quietOnClosedPipes(): void {
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED") process.exit(0);
    throw error;
  });
  process.stderr.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED") return;
    throw error;
  });
}
