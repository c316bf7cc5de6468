import { JSDOC_STYLE } from "../../doc-comments";
import { defineLanguage } from "../../language-definition";
import { KOTLIN_RULES } from "./kotlin";
import { KOTLIN_TESTS } from "./kotlin-tests";

export const kotlinLanguage = defineLanguage({
  id: "kotlin",
  order: 7,
  displayName: "Kotlin",
  extensions: ["kt", "kts"],
  aliases: ["kt"],
  grammarPackage: "@tree-sitter-grammars/tree-sitter-kotlin",
  grammarExport: null,
  hasCalls: true,
  commentPrefixes: ["//"],
  paragraphLines: false,
  qualifiedNameSeparator: ".",
  resolution: {
    family: "kotlin",
    // Imports name packages, not files.
    modules: "none",
    selfReceivers: ["this"],
    implicitReceiver: true,
    importScope: "never",
    // Extension functions (`fun Store.close()`) are members declared outside the class.
    detachedMembers: true,
    typedThis: false,
    heritage: "colon",
    // `Service.create()` reaches the members of `Service`'s `companion object`.
    companionKinds: ["companion_object"],
  },
  entryPoints: { files: ["main.kt", "main.kts"], reexportFiles: [], libraryRoot: null, libraryModules: null, exportList: null, reexportImport: null },
  rgTypes: ["kotlin", "kt"],
  tests: KOTLIN_TESTS,
  extraction: { rules: KOTLIN_RULES, docComments: JSDOC_STYLE },
});
