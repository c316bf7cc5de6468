import { JSDOC_STYLE } from "../../doc-comments";
import { defineLanguage } from "../../language-definition";
import { jsRoutes } from "./js-routes";
import { JS_MODULES } from "./js-modules";
import { JS_RESOLUTION } from "./js-resolution";
import { JS_TESTS } from "./js-tests";
import { TYPESCRIPT_TYPED_RULES } from "./typescript";

export const javascriptLanguage = defineLanguage({
  id: "javascript",
  order: 5,
  displayName: "JavaScript",
  extensions: ["js", "mjs", "cjs"],
  aliases: ["js"],
  grammarPackage: "tree-sitter-javascript",
  grammarExport: null,
  hasCalls: true,
  commentPrefixes: ["//"],
  paragraphLines: false,
  qualifiedNameSeparator: ".",
  resolution: JS_RESOLUTION,
  entryPoints: {
    files: ["index.js", "index.mjs", "index.cjs", "main.js", "main.mjs", "main.cjs"],
    reexportFiles: [],
    libraryRoot: null,
    libraryModules: null,
    exportList: null,
    reexportImport: null,
  },
  rgTypes: ["js", "javascript"],
  moduleSystem: JS_MODULES,
  tests: JS_TESTS,
  extraction: { rules: TYPESCRIPT_TYPED_RULES, docComments: JSDOC_STYLE, sliceable: true, routes: jsRoutes },
});
