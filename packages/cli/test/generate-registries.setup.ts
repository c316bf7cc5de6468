import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const generator = fileURLToPath(new URL("../../../tools/generate-registries.mjs", import.meta.url));

/**
 * vitest globalSetup: writes the command catalog from `src/commands/*.ts` (and, since the
 * tests read @tsift/graph from source, its language registry) before any test imports
 * them, so a new command file is registered on the next run (they are generated, not
 * committed).
 */
export default function setup(): void {
  execFileSync(process.execPath, [generator, "graph", "cli"], { stdio: "inherit" });
}
