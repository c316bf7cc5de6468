import { createRequire } from "node:module";
import { join } from "node:path";
import { TsiftError } from "@tsift/core/light";

/** The `typescript` module's API (types only: tsift never depends on or bundles the compiler). */
export type TypeScriptApi = typeof import("typescript");

export interface ProjectTypeScript {
  ts: TypeScriptApi;
  version: string;
  /** The resolved entry file, for messages. */
  path: string;
}

/**
 * The `typescript` package the project itself installs, found the way the project's own
 * `require("typescript")` would find it (its `node_modules`, then each parent's). The
 * checker must be the project's: its version decides what the code means, and tsift ships
 * no compiler of its own. `not_found` when there is none, naming what to install.
 */
export function loadProjectTypeScript(root: string): ProjectTypeScript {
  const require = createRequire(join(root, "package.json"));
  let path: string;
  try {
    path = require.resolve("typescript");
  } catch (error) {
    throw new TsiftError("not_found", `--resolve checker needs the project's own \`typescript\` package, and none is installed for ${root}`, {
      details: { root, package: "typescript" },
      hint: "npm install --save-dev typescript (in the project), then run tsift index --resolve checker again",
      cause: error,
    });
  }
  const ts = require(path) as TypeScriptApi;
  if (typeof ts.createProgram !== "function" || typeof ts.version !== "string") {
    throw new TsiftError("unsupported", `${path} does not look like the TypeScript compiler (no createProgram)`, {
      details: { root, path },
      hint: "reinstall the project's typescript package",
    });
  }
  return { ts, version: ts.version, path };
}
