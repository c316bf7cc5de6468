import { JSDOC_STYLE } from "../../doc-comments";
import { defineLanguage } from "../../language-definition";
import { jsRoutes } from "./js-routes";
import { JS_MODULES } from "./js-modules";
import { JS_RESOLUTION } from "./js-resolution";
import { JS_TESTS } from "./js-tests";
import { TYPESCRIPT_TYPED_RULES } from "./typescript";

export const jsxLanguage = defineLanguage({
  id: "jsx",
  order: 6,
  displayName: "JSX",
  extensions: ["jsx"],
  aliases: [],
  grammarPackage: "tree-sitter-javascript",
  grammarExport: null,
  hasCalls: true,
  commentPrefixes: ["//"],
  paragraphLines: false,
  qualifiedNameSeparator: ".",
  resolution: JS_RESOLUTION,
  entryPoints: { files: ["index.jsx", "main.jsx"], reexportFiles: [], libraryRoot: null, libraryModules: null, exportList: null, reexportImport: null },
  moduleSystem: JS_MODULES,
  tests: JS_TESTS,
  extraction: { rules: TYPESCRIPT_TYPED_RULES, docComments: JSDOC_STYLE, sliceable: true, routes: jsRoutes },
});
