import { JSDOC_STYLE } from "../../doc-comments";
import { defineLanguage } from "../../language-definition";
import { jsRoutes } from "./js-routes";
import { JS_MODULES } from "./js-modules";
import { JS_RESOLUTION } from "./js-resolution";
import { JS_TESTS } from "./js-tests";
import { TYPESCRIPT_TYPED_RULES } from "./typescript";

export const tsxLanguage = defineLanguage({
  id: "tsx",
  order: 4,
  displayName: "TSX",
  extensions: ["tsx"],
  aliases: [],
  grammarPackage: "tree-sitter-typescript",
  grammarExport: "tsx",
  hasCalls: true,
  commentPrefixes: ["//"],
  paragraphLines: false,
  qualifiedNameSeparator: ".",
  resolution: JS_RESOLUTION,
  entryPoints: { files: ["index.tsx", "main.tsx"], reexportFiles: [], libraryRoot: null, libraryModules: null, exportList: null, reexportImport: null },
  moduleSystem: JS_MODULES,
  tests: JS_TESTS,
  checkedBy: "tsc",
  extraction: { rules: TYPESCRIPT_TYPED_RULES, docComments: JSDOC_STYLE, sliceable: true, routes: jsRoutes },
});
