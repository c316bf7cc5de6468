import { defineLanguage } from "../../language-definition";
import { GO_DOC_STYLE, GO_RULES } from "./go";
import { GO_MODULES } from "./go-modules";
import { goRoutes } from "./go-routes";
import { GO_TESTS } from "./go-tests";

export const goLanguage = defineLanguage({
  id: "go",
  order: 11,
  displayName: "Go",
  extensions: ["go"],
  aliases: ["golang"],
  grammarPackage: "tree-sitter-go",
  grammarExport: null,
  hasCalls: true,
  commentPrefixes: ["//"],
  paragraphLines: false,
  qualifiedNameSeparator: ".",
  resolution: {
    family: "go",
    // Imports name package directories: every file of the directory is the package.
    modules: "go",
    // A method names its receiver itself (`func (s *Store)`); extraction types it instead.
    selfReceivers: [],
    namedReceivers: true,
    implicitReceiver: false,
    // Files of a package see each other's declarations without importing them.
    importScope: "never",
    // Methods may be declared in any file of the receiver type's package.
    detachedMembers: true,
    // A type of another package with the same name (`typeparams.IndexExpr`, `ast.IndexExpr`) has methods of its own.
    detachedMembersInPackage: true,
    typedThis: false,
    heritage: "extends",
  },
  // Every `main` package's main.go starts a program.
  entryPoints: {
    files: ["main.go"],
    reexportFiles: [],
    libraryRoot: null,
    libraryModules: null,
    exportList: null,
    reexportImport: null,
    publicApi: "visibility-any-type",
  },
  rgTypes: ["go"],
  moduleSystem: GO_MODULES,
  tests: GO_TESTS,
  extraction: { rules: GO_RULES, docComments: GO_DOC_STYLE, routes: goRoutes },
});
