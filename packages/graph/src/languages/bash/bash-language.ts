import { defineLanguage } from "../../language-definition";
import { BASH_RULES } from "./bash";

export const bashLanguage = defineLanguage({
  id: "bash",
  order: 9,
  displayName: "Bash",
  // `zsh` counts as Bash: tree-sitter-bash parses most zsh scripts well
  // enough for function and alias symbols, and dropping it would un-index files
  // existing users already search.
  extensions: ["sh", "bash", "zsh"],
  aliases: ["sh", "shell", "zsh"],
  grammarPackage: "tree-sitter-bash",
  grammarExport: null,
  hasCalls: true,
  commentPrefixes: ["#"],
  paragraphLines: false,
  qualifiedNameSeparator: ".",
  resolution: {
    family: "bash",
    // `source ./lib.sh`.
    modules: "relative",
    selfReceivers: ["this", "self"],
    implicitReceiver: false,
    importScope: "never",
    detachedMembers: false,
    typedThis: false,
    heritage: "extends",
  },
  entryPoints: {
    files: ["main.sh", "main.bash", "main.zsh"],
    reexportFiles: [],
    libraryRoot: null,
    libraryModules: null,
    exportList: null,
    reexportImport: null,
  },
  extraction: { rules: BASH_RULES },
});
