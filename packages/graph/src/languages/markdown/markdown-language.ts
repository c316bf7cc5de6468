import { defineLanguage } from "../../language-definition";
import { MARKDOWN_RULES } from "./markdown";
import { refuseDeepMarkdown } from "./markdown-nesting";

export const markdownLanguage = defineLanguage({
  id: "markdown",
  order: 10,
  displayName: "Markdown",
  // `mdx` counts as Markdown for the same reason as `zsh`: headings and
  // fenced blocks in MDX parse with the block grammar.
  extensions: ["md", "markdown", "mdx"],
  aliases: ["md"],
  grammarPackage: "@tree-sitter-grammars/tree-sitter-markdown",
  grammarExport: null,
  // Markdown has no calls, so an empty caller list there means "not extracted", not "no callers".
  hasCalls: false,
  // HTML comments are blocks, not line comments.
  commentPrefixes: [],
  paragraphLines: true,
  qualifiedNameSeparator: " > ",
  resolution: {
    family: "markdown",
    modules: "none",
    selfReceivers: ["this", "self"],
    implicitReceiver: false,
    importScope: "never",
    detachedMembers: false,
    typedThis: false,
    heritage: "extends",
  },
  // Headings have no visibility and a document imports nothing: no file is a front door.
  entryPoints: { files: [], reexportFiles: [], libraryRoot: null, libraryModules: null, exportList: null, reexportImport: null },
  // Refused before parsing when nested deep enough to abort the grammar's scanner.
  rgTypes: ["md", "markdown"],
  extraction: { rules: MARKDOWN_RULES, prepareSource: refuseDeepMarkdown },
});
