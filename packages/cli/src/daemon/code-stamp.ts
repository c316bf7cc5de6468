import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The modules whose change on disk makes a running daemon stale: its own file and the entry
 * of every tsift library it runs. A rebuild or an upgrade in place rewrites (or removes)
 * them; a daemon that kept answering would serve the old code to the new command line.
 */
export function daemonCodeFiles(selfUrl: string): string[] {
  const files = [fileURLToPath(selfUrl)];
  for (const name of ["@tsift/index", "@tsift/search", "@tsift/digest", "@tsift/quality", "@tsift/algorithms", "@tsift/core", "@tsift/sqlite"]) {
    try {
      files.push(fileURLToPath(import.meta.resolve(name)));
    } catch {
      // Not resolvable from here (an unusual install): its change goes unnoticed, nothing else.
    }
  }
  return files;
}

/** Size, mtime and inode of each file ("-" for one that is gone), as one comparable string. */
export function codeStamp(files: readonly string[]): string {
  return files
    .map((file) => {
      const stat = statSync(file, { throwIfNoEntry: false });
      return stat ? `${stat.size}:${stat.mtimeMs}:${stat.ino}` : "-";
    })
    .join("|");
}
