import { defineLanguage } from "../../language-definition";
import { RUBY_MODULES } from "./ruby-modules";
import { rubyRoutes } from "./ruby-routes";
import { RUBY_RULES } from "./ruby-rules";
import { RUBY_TESTS } from "./ruby-tests";

export const rubyLanguage = defineLanguage({
  id: "ruby",
  order: 14,
  displayName: "Ruby",
  extensions: ["rb", "rake", "gemspec", "ru"],
  aliases: ["rb"],
  grammarPackage: "tree-sitter-ruby",
  grammarExport: null,
  hasCalls: true,
  commentPrefixes: ["#"],
  paragraphLines: false,
  qualifiedNameSeparator: ".",
  resolution: {
    family: "ruby",
    // `require_relative "x"` names a file beside the requiring one, `require "x"` one under a lib/ (ruby-modules.ts).
    modules: "ruby",
    selfReceivers: ["self"],
    // A bare `helper` in a method calls `self.helper`: the class's or an ancestor's method.
    implicitReceiver: true,
    // Constants and top-level methods are global once loaded: a require binds no name.
    importScope: "never",
    // Classes and modules are open: `class User` in another file adds members to the same class.
    detachedMembers: true,
    typedThis: false,
    heritage: "extends",
  },
  entryPoints: {
    files: ["main.rb", "config.ru"],
    reexportFiles: [],
    libraryRoot: null,
    libraryModules: null,
    exportList: null,
    reexportImport: null,
    publicApi: "visibility",
  },
  rgTypes: ["ruby"],
  moduleSystem: RUBY_MODULES,
  tests: RUBY_TESTS,
  extraction: { rules: RUBY_RULES, docComments: { line: "#" }, routes: rubyRoutes },
});
