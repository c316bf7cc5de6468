import { PYTHON_DOC_STYLE } from "../../doc-comments";
import { defineLanguage } from "../../language-definition";
import { pythonRoutes } from "./python-routes";
import { PYTHON_MODULES } from "./python-modules";
import { PYTHON_RULES } from "./python";
import { PYTHON_TESTS } from "./python-tests";

export const pythonLanguage = defineLanguage({
  id: "python",
  order: 2,
  displayName: "Python",
  extensions: ["py", "pyi"],
  aliases: ["py"],
  grammarPackage: "tree-sitter-python",
  grammarExport: null,
  hasCalls: true,
  commentPrefixes: ["#"],
  paragraphLines: false,
  qualifiedNameSeparator: ".",
  resolution: {
    family: "python",
    modules: "python",
    selfReceivers: ["self", "cls"],
    implicitReceiver: false,
    importScope: "always",
    detachedMembers: false,
    typedThis: false,
    heritage: "parenthesized",
    definitionsRunInOrder: true,
  },
  entryPoints: {
    files: ["__init__.py", "__main__.py", "main.py", "main.pyi"],
    // A package's `__init__.py` exposes what it imports: `from .store import Store`.
    reexportFiles: ["__init__.py"],
    // A top-level package is a library: its modules not named `_private` are public, each
    // through its `__all__` when it has one.
    libraryRoot: "__init__.py",
    libraryModules: "unprefixed",
    exportList: "__all__",
    reexportImport: null,
  },
  rgTypes: ["py", "python"],
  moduleSystem: PYTHON_MODULES,
  tests: PYTHON_TESTS,
  extraction: { rules: PYTHON_RULES, docComments: PYTHON_DOC_STYLE, routes: pythonRoutes, sliceable: true },
});
