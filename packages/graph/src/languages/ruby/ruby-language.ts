import { defineLanguage } from "../../language-definition";
import { RUBY_RULES } from "./ruby-rules";

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
    // `require_relative "x"` names a file beside the requiring one (`.rb` implied).
    modules: "relative",
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
    files: ["main.rb", "config.ru", "Rakefile"],
    reexportFiles: [],
    libraryRoot: null,
    libraryModules: null,
    exportList: null,
    reexportImport: null,
  },
  extraction: { rules: RUBY_RULES, docComments: { line: "#" } },
});
