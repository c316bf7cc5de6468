import { fixTypeScriptSource } from "./typescript-source-fixes";
import { JSDOC_STYLE } from "../../doc-comments";
import { defineLanguage } from "../../language-definition";
import { jsRoutes } from "./js-routes";
import { JS_RESOLUTION } from "./js-resolution";
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
  extraction: { rules: TYPESCRIPT_TYPED_RULES, docComments: JSDOC_STYLE, routes: jsRoutes, prepareSource: fixTypeScriptSource },
});
