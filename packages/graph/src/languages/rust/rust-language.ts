import { RUST_DOC_STYLE } from "../../doc-comments";
import { defineLanguage } from "../../language-definition";
import { rustRoutes } from "./rust-routes";
import { RUST_MODULES } from "./rust-modules";
import { RUST_RULES } from "./rust";
import { RUST_TESTS } from "./rust-tests";

export const rustLanguage = defineLanguage({
  id: "rust",
  order: 1,
  displayName: "Rust",
  extensions: ["rs"],
  aliases: ["rs"],
  grammarPackage: "tree-sitter-rust",
  grammarExport: null,
  hasCalls: true,
  commentPrefixes: ["///", "//!", "//"],
  paragraphLines: false,
  qualifiedNameSeparator: ".",
  resolution: {
    family: "rust",
    modules: "rust",
    selfReceivers: ["self", "Self"],
    implicitReceiver: false,
    importScope: "never",
    // Methods live in `impl` blocks, often in another file than the struct.
    detachedMembers: true,
    typedThis: false,
    heritage: "extends",
  },
  entryPoints: {
    files: ["main.rs", "lib.rs"],
    reexportFiles: [],
    libraryRoot: "lib.rs",
    libraryModules: "declared",
    exportList: null,
    reexportImport: "^\\s*pub\\s+use\\b",
  },
  rgTypes: ["rust", "rs"],
  moduleSystem: RUST_MODULES,
  tests: RUST_TESTS,
  extraction: { rules: RUST_RULES, docComments: RUST_DOC_STYLE, routes: rustRoutes },
});
