import { JSDOC_STYLE } from "../../doc-comments";
import { defineLanguage } from "../../language-definition";
import { PHP_MODULES } from "./php-modules";
import { phpRoutes } from "./php-routes";
import { PHP_TESTS } from "./php-tests";
import { PHP_RULES } from "./php-rules";

export const phpLanguage = defineLanguage({
  id: "php",
  order: 15,
  displayName: "PHP",
  extensions: ["php", "phtml"],
  aliases: [],
  grammarPackage: "tree-sitter-php",
  // `php` parses PHP embedded in HTML (`php_only` expects no `<?php` tag), which is what .php files are.
  grammarExport: "php",
  hasCalls: true,
  commentPrefixes: ["//", "#"],
  paragraphLines: false,
  qualifiedNameSeparator: ".",
  resolution: {
    family: "php",
    // `require __DIR__ . '/x.php'` names a file relative to the includer; `use A\B\C` a class,
    // found in Composer's PSR-4 layout (php-modules.ts).
    modules: "php",
    selfReceivers: ["$this", "self", "static"],
    implicitReceiver: false,
    // Included files and autoloaded classes share one global scope.
    importScope: "never",
    detachedMembers: false,
    typedThis: false,
    heritage: "extends",
  },
  entryPoints: {
    files: ["index.php"],
    reexportFiles: [],
    libraryRoot: null,
    libraryModules: null,
    exportList: null,
    reexportImport: null,
    publicApi: "visibility",
  },
  rgTypes: ["php"],
  moduleSystem: PHP_MODULES,
  tests: PHP_TESTS,
  // PHPDoc: `/** … */` blocks above the declaration.
  extraction: { rules: PHP_RULES, docComments: JSDOC_STYLE, routes: phpRoutes },
});
