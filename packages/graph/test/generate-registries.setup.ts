import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const generator = fileURLToPath(new URL("../../../tools/generate-registries.mjs", import.meta.url));

/**
 * vitest globalSetup: writes the language list and start-up facts from the definition
 * files before any test imports them, so a new `src/languages/*-language.ts` is
 * registered on the next run (they are generated, not committed).
 */
export default function setup(): void {
  execFileSync(process.execPath, [generator, "graph"], { stdio: "inherit" });
}
