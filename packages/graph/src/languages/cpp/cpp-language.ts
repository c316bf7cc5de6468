import { defineLanguage } from "../../language-definition";
import { C_DOC_STYLE } from "../c/c-language";
import { CPP_RULES } from "./cpp-rules";

/**
 * C++. It also reads `.h` headers: C++ projects put their classes, namespaces and
 * templates in `.h` files as often as in `.hpp`, which the C grammar cannot parse, while the
 * C++ grammar parses the prototypes, structs, typedefs and macros of a C header (only C
 * code using a C++ keyword as a name, such as a variable `new`, needs error recovery).
 * C and C++ are one resolution family: a C++ file calls C functions and a C file sees the
 * declarations of the headers it includes.
 */
export const cppLanguage = defineLanguage({
  id: "cpp",
  order: 17,
  displayName: "C++",
  extensions: ["cc", "cpp", "cxx", "c++", "hpp", "hh", "hxx", "h++", "ipp", "tpp", "h"],
  aliases: ["c++", "cxx"],
  grammarPackage: "tree-sitter-cpp",
  grammarExport: null,
  hasCalls: true,
  commentPrefixes: ["///", "//"],
  paragraphLines: false,
  qualifiedNameSeparator: ".",
  resolution: {
    family: "c",
    // `#include "x.h"` names a file relative to the including one; `<x.h>` names none.
    modules: "relative",
    selfReceivers: ["this"],
    // A bare call in a member function may reach another member.
    implicitReceiver: true,
    importScope: "never",
    // Member functions are defined out of line (`void A::f() {}`), usually in another file than the class.
    detachedMembers: true,
    typedThis: false,
    heritage: "colon",
  },
  entryPoints: {
    files: ["main.cpp", "main.cc", "main.cxx"],
    reexportFiles: [],
    libraryRoot: null,
    libraryModules: null,
    exportList: null,
    reexportImport: null,
  },
  extraction: { rules: CPP_RULES, docComments: C_DOC_STYLE },
});
