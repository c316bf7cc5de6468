import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { builtBin } from "./helpers";
import { project, spawnBuilt } from "./index-helpers";

/**
 * Start-up of the hot read commands is mostly module loading, so what they load is a
 * contract: @tsift/core through its light entry only (the main entry is the whole graph
 * substrate, and @tsift/sqlite's graph store would pull it in), and no yargs. Each module
 * the process resolves is recorded by a module hook in a real run of the built binary.
 */
// A static import: one inside the hook would go through the hook itself.
const HOOKS = `import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(process.env.TSIFT_TEST_MODULE_LOG, result.url + " <- " + context.parentURL + "\\n");
  return result;
}`;

/** Every module one run of the built binary resolves, as `url <- importer`, once each. */
function loadedModules(root: string, argv: string[]): string[] {
  // Outside the project: new .mjs files there would make the index stale, and the run an update.
  const scratch = project({});
  const hooks = join(scratch, "hooks.mjs");
  const register = join(scratch, "register.mjs");
  const log = join(scratch, "modules.log");
  writeFileSync(hooks, HOOKS);
  writeFileSync(register, `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  writeFileSync(log, "");
  const result = spawnSync(process.execPath, ["--import", pathToFileURL(register).href, builtBin, ...argv], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, TSIFT_TEST_MODULE_LOG: log },
  });
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  return [...new Set(readFileSync(log, "utf8").split("\n").filter(Boolean))];
}

describe("modules the read commands load", () => {
  it.each([
    ["symbols", "beta"],
    ["explain", "beta"],
    ["graph", "beta", "--callers"],
  ])("`%s %s` loads @tsift/core's light entry only, and no yargs", (...argv) => {
    const root = project({ "src/a.ts": "export function alpha() { return beta(); }\nexport function beta() { return 1; }\n" });
    expect(spawnBuilt(root, ["index"]).code).toBe(0);
    // The first run computes and caches the ranking with the graph algorithms; the runs that
    // matter for start-up are the ones after it.
    expect(spawnBuilt(root, argv).code).toBe(0);
    const modules = loadedModules(root, argv);
    expect(modules.some((line) => line.includes("/core/dist/light.js <- "))).toBe(true);
    // Listed with the module that imported each, so a failure names the culprit.
    expect(modules.filter((line) => line.includes("/core/dist/index.js <- ") || line.includes("/node_modules/yargs/"))).toEqual([]);
  });
});
