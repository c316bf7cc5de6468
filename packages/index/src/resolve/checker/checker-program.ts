import { existsSync } from "node:fs";
import { join } from "node:path";
import type { TypeScriptApi } from "./load-typescript";

type Program = import("typescript").Program;
type CompilerOptions = import("typescript").CompilerOptions;

/**
 * One `ts.Program` over the files to check. Only those files are roots: the compiler loads
 * what they import, so a run that checks ten files parses their import closure, not the
 * whole tree. The project's `tsconfig.json` (at `root`) gives the
 * compiler options and its ambient `.d.ts` files (global declarations no import names);
 * without one, the options of a modern bundler project. Nothing is emitted.
 */
export function createCheckerProgram(ts: TypeScriptApi, root: string, files: readonly string[]): { program: Program; config: string | null } {
  const configPath = join(root, "tsconfig.json");
  let options: CompilerOptions = defaultOptions(ts);
  let ambient: string[] = [];
  let config: string | null = null;
  if (existsSync(configPath)) {
    const read = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
    if (!read.error) {
      const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, root, undefined, configPath);
      options = parsed.options;
      ambient = parsed.fileNames.filter((name) => name.endsWith(".d.ts"));
      config = configPath;
    }
  }
  // Declarations of libraries are trusted as written: checking them costs time and changes no call's target.
  options = { ...options, noEmit: true, skipLibCheck: true, incremental: false, composite: false };
  delete options.tsBuildInfoFile;
  const program = ts.createProgram({ rootNames: [...new Set([...files, ...ambient])], options });
  return { program, config };
}

function defaultOptions(ts: TypeScriptApi): CompilerOptions {
  return {
    target: ts.ScriptTarget.ESNext,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    allowJs: false,
    jsx: ts.JsxEmit.Preserve,
    strict: true,
    exactOptionalPropertyTypes: true,
  };
}
