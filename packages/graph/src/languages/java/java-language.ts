import { JSDOC_STYLE } from "../../doc-comments";
import { defineLanguage } from "../../language-definition";
import { springRoutes } from "./java-routes";
import { JAVA_MODULES } from "./java-modules";
import { JAVA_RULES } from "./java-rules";
import { JAVA_TESTS } from "./java-tests";

export const javaLanguage = defineLanguage({
  id: "java",
  order: 12,
  displayName: "Java",
  extensions: ["java"],
  aliases: [],
  grammarPackage: "tree-sitter-java",
  grammarExport: null,
  hasCalls: true,
  commentPrefixes: ["//"],
  paragraphLines: false,
  qualifiedNameSeparator: ".",
  resolution: {
    family: "java",
    // Imports name packages and their members; a package is a directory (java-modules.ts), and
    // `package a.b;` is recorded for files outside that layout.
    modules: "java",
    selfReceivers: ["this"],
    // `size()` inside a class is `this.size()`.
    implicitReceiver: true,
    // Classes of one package see each other without an import.
    importScope: "never",
    detachedMembers: false,
    typedThis: false,
    heritage: "extends",
  },
  // A Java program starts at any class's `static void main`, whatever its file is called.
  entryPoints: {
    files: [],
    reexportFiles: [],
    libraryRoot: null,
    libraryModules: null,
    exportList: null,
    reexportImport: null,
    publicApi: "visibility",
    // Run by the JVM: the class initializer and the serialization hooks it looks up by name.
    runtimeHooks: ["static", "readObject", "readObjectNoData", "writeObject", "readResolve", "writeReplace", "finalize"],
  },
  rgTypes: ["java"],
  extraction: { rules: JAVA_RULES, docComments: JSDOC_STYLE, routes: springRoutes },
  moduleSystem: JAVA_MODULES,
  tests: JAVA_TESTS,
});
