import { defineLanguage } from "../../language-definition";
import { C_TESTS } from "../c/c-tests";
import { blankDeclarationMacros } from "../c/c-source";
import { C_DOC_STYLE, C_FAMILY_RESOLUTION } from "../c/c-language";
import { C_MODULES } from "../c/c-modules";
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
  rgTypes: ["cpp"],
  aliases: ["c++", "cxx"],
  grammarPackage: "tree-sitter-cpp",
  grammarExport: null,
  hasCalls: true,
  commentPrefixes: ["///", "//"],
  paragraphLines: false,
  qualifiedNameSeparator: ".",
  resolution: C_FAMILY_RESOLUTION,
  entryPoints: {
    files: ["main.cpp", "main.cc", "main.cxx"],
    reexportFiles: [],
    libraryRoot: null,
    libraryModules: null,
    exportList: null,
    reexportImport: null,
    publicApi: "visibility",
  },
  moduleSystem: C_MODULES,
  tests: C_TESTS,
  extraction: { rules: CPP_RULES, docComments: C_DOC_STYLE, prepareSource: blankDeclarationMacros },
});
