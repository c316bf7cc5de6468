import { ZIG_DOC_STYLE } from "../../doc-comments";
import { defineLanguage } from "../../language-definition";
import { ZIG_RULES } from "./zig";

export const zigLanguage = defineLanguage({
  id: "zig",
  order: 8,
  displayName: "Zig",
  extensions: ["zig"],
  aliases: [],
  grammarPackage: "@tree-sitter-grammars/tree-sitter-zig",
  grammarExport: null,
  hasCalls: true,
  commentPrefixes: ["///", "//!", "//"],
  paragraphLines: false,
  qualifiedNameSeparator: ".",
  resolution: {
    family: "zig",
    // `@import("store.zig")`.
    modules: "relative",
    selfReceivers: ["this", "self"],
    implicitReceiver: false,
    importScope: "never",
    detachedMembers: false,
    typedThis: false,
    heritage: "extends",
  },
  // `root.zig`: the library root `zig init` creates.
  entryPoints: { files: ["main.zig", "root.zig"], reexportFiles: [], libraryRoot: null, libraryModules: null, exportList: null, reexportImport: null },
  rgTypes: ["zig"],
  extraction: { rules: ZIG_RULES, docComments: ZIG_DOC_STYLE },
});
