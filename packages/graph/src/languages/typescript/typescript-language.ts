import { fixTypeScriptSource } from "./typescript-source-fixes";
import { JSDOC_STYLE } from "../../doc-comments";
import { defineLanguage } from "../../language-definition";
import { jsRoutes } from "./js-routes";
import { JS_MODULES } from "./js-modules";
import { JS_RESOLUTION } from "./js-resolution";
import { JS_TESTS } from "./js-tests";
import { TYPESCRIPT_TYPED_RULES } from "./typescript";

export const typescriptLanguage = defineLanguage({
  id: "typescript",
  order: 3,
  displayName: "TypeScript",
  extensions: ["ts", "mts", "cts"],
  aliases: ["ts"],
  grammarPackage: "tree-sitter-typescript",
  grammarExport: "typescript",
  hasCalls: true,
  commentPrefixes: ["//"],
  paragraphLines: false,
  qualifiedNameSeparator: ".",
  resolution: JS_RESOLUTION,
  // `mod.ts`: a Deno module's front door.
  entryPoints: {
    files: ["index.ts", "index.mts", "index.cts", "main.ts", "main.mts", "main.cts", "mod.ts"],
    reexportFiles: [],
    libraryRoot: null,
    libraryModules: null,
    exportList: null,
    reexportImport: null,
  },
  // Same-length rewrites for syntax the TypeScript grammar rejects (the TSX grammar has no such gaps).
  rgTypes: ["ts", "typescript"],
  moduleSystem: JS_MODULES,
  tests: JS_TESTS,
  checkedBy: "tsc",
  extraction: { rules: TYPESCRIPT_TYPED_RULES, docComments: JSDOC_STYLE, sliceable: true, routes: jsRoutes, prepareSource: fixTypeScriptSource },
});
