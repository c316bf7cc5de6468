import { defineLanguage } from "../../language-definition";
import { CSHARP_RULES } from "./csharp";
import { csharpRoutes } from "./csharp-routes";
import { CSHARP_TESTS } from "./csharp-tests";
import { keepFirstBranches } from "./csharp-source";

export const csharpLanguage = defineLanguage({
  id: "csharp",
  order: 13,
  displayName: "C#",
  extensions: ["cs", "csx"],
  aliases: ["cs", "c#"],
  grammarPackage: "tree-sitter-c-sharp",
  grammarExport: null,
  hasCalls: true,
  commentPrefixes: ["///", "//"],
  paragraphLines: false,
  qualifiedNameSeparator: ".",
  resolution: {
    family: "csharp",
    // `using` names namespaces, not files; a file's namespace is recorded as `<package>`.
    modules: "none",
    selfReceivers: ["this"],
    implicitReceiver: true,
    importScope: "never",
    // Partial classes: a type's members may be declared in several files.
    detachedMembers: true,
    typedThis: false,
    heritage: "colon",
  },
  entryPoints: {
    files: ["Program.cs"],
    reexportFiles: [],
    libraryRoot: null,
    libraryModules: null,
    exportList: null,
    reexportImport: null,
    publicApi: "visibility",
  },
  rgTypes: ["csharp"],
  tests: CSHARP_TESTS,
  extraction: { rules: CSHARP_RULES, docComments: { line: "///", block: true }, routes: csharpRoutes, prepareSource: keepFirstBranches },
});
