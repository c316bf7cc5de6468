import type { DocCommentStyle } from "../../doc-comments";
import { defineLanguage } from "../../language-definition";
import type { ResolutionModel } from "../../lang-info";
import { C_TESTS } from "./c-tests";
import { blankDeclarationMacros } from "./c-source";
import { C_MODULES } from "./c-modules";
import { C_RULES } from "./c-rules";

/** Doxygen's JavaDoc-style `/** … *\/` blocks and `///` lines, the doc comments C and C++ code uses. */
export const C_DOC_STYLE: DocCommentStyle = { block: true, line: "///" };

/** How calls resolve in C and C++: one family, so one model (the registry test holds them equal). */
export const C_FAMILY_RESOLUTION = {
  family: "c",
  // `#include "x.h"` beside the including file, else as an include directory would find it (c-modules.ts).
  modules: "relative",
  // One family with C++, so one model: C has no members, and C++'s receiver rules never
  // fire on C code (a C variable named `this` is the one exception, and rare).
  selfReceivers: ["this"],
  // A bare call in a member function may reach another member.
  implicitReceiver: true,
  // Every external name is global: a call binds to the one definition of its name.
  importScope: "never",
  // Member functions are defined out of line (`void A::f() {}`), usually in another file than the class.
  detachedMembers: true,
  // `this` is the class around the member function, or the class an out-of-line definition names.
  typedThis: true,
  heritage: "colon",
  // `class B : public A, virtual protected C`: the access and virtual words are not base names.
  baseModifiers: ["public", "protected", "private", "virtual"],
} satisfies ResolutionModel;

/**
 * C. Header files (`.h`) are read as C++ (see cpp-language.ts): the C++ grammar parses the
 * declarations a C header holds, while the C grammar cannot parse the classes, namespaces
 * and templates of C++ headers, which use `.h` just as often. Both languages are one
 * resolution family, so C sources see the symbols of their headers.
 */
export const cLanguage = defineLanguage({
  id: "c",
  order: 16,
  displayName: "C",
  extensions: ["c"],
  rgTypes: ["c"],
  aliases: [],
  grammarPackage: "tree-sitter-c",
  grammarExport: null,
  hasCalls: true,
  commentPrefixes: ["///", "//"],
  paragraphLines: false,
  qualifiedNameSeparator: ".",
  resolution: C_FAMILY_RESOLUTION,
  entryPoints: {
    files: ["main.c"],
    reexportFiles: [],
    libraryRoot: null,
    libraryModules: null,
    exportList: null,
    reexportImport: null,
    publicApi: "visibility",
  },
  moduleSystem: C_MODULES,
  tests: C_TESTS,
  extraction: { rules: C_RULES, docComments: C_DOC_STYLE, prepareSource: blankDeclarationMacros },
});
