// Generated from the language definitions (src/language-registry.ts) by
// test/language-registry.test.ts: do not edit. Refresh after changing a definition with
//   npx vitest run test/language-registry.test.ts -u   (in packages/graph)
// Plain data, so the file walk and read commands load no extraction rules and no grammar.
export const LANG_FACTS = [
  {
    "id": "rust",
    "displayName": "Rust",
    "extensions": ["rs"],
    "aliases": ["rs"],
    "grammarPackage": "tree-sitter-rust",
    "grammarExport": null,
    "hasCalls": true,
    "commentPrefixes": ["///", "//!", "//"],
    "paragraphLines": false,
    "qualifiedNameSeparator": ".",
    "resolution": {
      "family": "rust",
      "modules": "rust",
      "selfReceivers": ["self", "Self"],
      "implicitReceiver": false,
      "importScope": "never",
      "detachedMembers": true,
      "typedThis": false,
      "heritage": "extends"
    },
    "entryPoints": {
      "files": ["main.rs", "lib.rs"],
      "reexportFiles": [],
      "libraryRoot": "lib.rs"
    }
  },
  {
    "id": "python",
    "displayName": "Python",
    "extensions": ["py", "pyi"],
    "aliases": ["py"],
    "grammarPackage": "tree-sitter-python",
    "grammarExport": null,
    "hasCalls": true,
    "commentPrefixes": ["#"],
    "paragraphLines": false,
    "qualifiedNameSeparator": ".",
    "resolution": {
      "family": "python",
      "modules": "python",
      "selfReceivers": ["self", "cls"],
      "implicitReceiver": false,
      "importScope": "always",
      "detachedMembers": false,
      "typedThis": false,
      "heritage": "parenthesized"
    },
    "entryPoints": {
      "files": ["__init__.py", "__main__.py", "main.py", "main.pyi"],
      "reexportFiles": ["__init__.py"],
      "libraryRoot": null
    }
  },
  {
    "id": "typescript",
    "displayName": "TypeScript",
    "extensions": ["ts", "mts", "cts"],
    "aliases": ["ts"],
    "grammarPackage": "tree-sitter-typescript",
    "grammarExport": "typescript",
    "hasCalls": true,
    "commentPrefixes": ["//"],
    "paragraphLines": false,
    "qualifiedNameSeparator": ".",
    "resolution": {
      "family": "js",
      "modules": "js",
      "selfReceivers": ["this"],
      "implicitReceiver": false,
      "importScope": "modules",
      "detachedMembers": false,
      "typedThis": true,
      "heritage": "extends"
    },
    "entryPoints": {
      "files": ["index.ts", "index.mts", "index.cts", "main.ts", "main.mts", "main.cts", "mod.ts"],
      "reexportFiles": [],
      "libraryRoot": null
    }
  },
  {
    "id": "tsx",
    "displayName": "TSX",
    "extensions": ["tsx"],
    "aliases": [],
    "grammarPackage": "tree-sitter-typescript",
    "grammarExport": "tsx",
    "hasCalls": true,
    "commentPrefixes": ["//"],
    "paragraphLines": false,
    "qualifiedNameSeparator": ".",
    "resolution": {
      "family": "js",
      "modules": "js",
      "selfReceivers": ["this"],
      "implicitReceiver": false,
      "importScope": "modules",
      "detachedMembers": false,
      "typedThis": true,
      "heritage": "extends"
    },
    "entryPoints": {
      "files": ["index.tsx", "main.tsx"],
      "reexportFiles": [],
      "libraryRoot": null
    }
  },
  {
    "id": "javascript",
    "displayName": "JavaScript",
    "extensions": ["js", "mjs", "cjs"],
    "aliases": ["js"],
    "grammarPackage": "tree-sitter-javascript",
    "grammarExport": null,
    "hasCalls": true,
    "commentPrefixes": ["//"],
    "paragraphLines": false,
    "qualifiedNameSeparator": ".",
    "resolution": {
      "family": "js",
      "modules": "js",
      "selfReceivers": ["this"],
      "implicitReceiver": false,
      "importScope": "modules",
      "detachedMembers": false,
      "typedThis": true,
      "heritage": "extends"
    },
    "entryPoints": {
      "files": ["index.js", "index.mjs", "index.cjs", "main.js", "main.mjs", "main.cjs"],
      "reexportFiles": [],
      "libraryRoot": null
    }
  },
  {
    "id": "jsx",
    "displayName": "JSX",
    "extensions": ["jsx"],
    "aliases": [],
    "grammarPackage": "tree-sitter-javascript",
    "grammarExport": null,
    "hasCalls": true,
    "commentPrefixes": ["//"],
    "paragraphLines": false,
    "qualifiedNameSeparator": ".",
    "resolution": {
      "family": "js",
      "modules": "js",
      "selfReceivers": ["this"],
      "implicitReceiver": false,
      "importScope": "modules",
      "detachedMembers": false,
      "typedThis": true,
      "heritage": "extends"
    },
    "entryPoints": {
      "files": ["index.jsx", "main.jsx"],
      "reexportFiles": [],
      "libraryRoot": null
    }
  },
  {
    "id": "kotlin",
    "displayName": "Kotlin",
    "extensions": ["kt", "kts"],
    "aliases": ["kt"],
    "grammarPackage": "@tree-sitter-grammars/tree-sitter-kotlin",
    "grammarExport": null,
    "hasCalls": true,
    "commentPrefixes": ["//"],
    "paragraphLines": false,
    "qualifiedNameSeparator": ".",
    "resolution": {
      "family": "kotlin",
      "modules": "none",
      "selfReceivers": ["this"],
      "implicitReceiver": true,
      "importScope": "never",
      "detachedMembers": true,
      "typedThis": false,
      "heritage": "colon"
    },
    "entryPoints": {
      "files": ["main.kt", "main.kts"],
      "reexportFiles": [],
      "libraryRoot": null
    }
  },
  {
    "id": "zig",
    "displayName": "Zig",
    "extensions": ["zig"],
    "aliases": [],
    "grammarPackage": "@tree-sitter-grammars/tree-sitter-zig",
    "grammarExport": null,
    "hasCalls": true,
    "commentPrefixes": ["///", "//!", "//"],
    "paragraphLines": false,
    "qualifiedNameSeparator": ".",
    "resolution": {
      "family": "zig",
      "modules": "relative",
      "selfReceivers": ["this", "self"],
      "implicitReceiver": false,
      "importScope": "never",
      "detachedMembers": false,
      "typedThis": false,
      "heritage": "extends"
    },
    "entryPoints": {
      "files": ["main.zig", "root.zig"],
      "reexportFiles": [],
      "libraryRoot": null
    }
  },
  {
    "id": "bash",
    "displayName": "Bash",
    "extensions": ["sh", "bash", "zsh"],
    "aliases": ["sh", "shell", "zsh"],
    "grammarPackage": "tree-sitter-bash",
    "grammarExport": null,
    "hasCalls": true,
    "commentPrefixes": ["#"],
    "paragraphLines": false,
    "qualifiedNameSeparator": ".",
    "resolution": {
      "family": "bash",
      "modules": "relative",
      "selfReceivers": ["this", "self"],
      "implicitReceiver": false,
      "importScope": "never",
      "detachedMembers": false,
      "typedThis": false,
      "heritage": "extends"
    },
    "entryPoints": {
      "files": ["main.sh", "main.bash", "main.zsh"],
      "reexportFiles": [],
      "libraryRoot": null
    }
  },
  {
    "id": "markdown",
    "displayName": "Markdown",
    "extensions": ["md", "markdown", "mdx"],
    "aliases": ["md"],
    "grammarPackage": "@tree-sitter-grammars/tree-sitter-markdown",
    "grammarExport": null,
    "hasCalls": false,
    "commentPrefixes": [],
    "paragraphLines": true,
    "qualifiedNameSeparator": " > ",
    "resolution": {
      "family": "markdown",
      "modules": "none",
      "selfReceivers": ["this", "self"],
      "implicitReceiver": false,
      "importScope": "never",
      "detachedMembers": false,
      "typedThis": false,
      "heritage": "extends"
    },
    "entryPoints": {
      "files": [],
      "reexportFiles": [],
      "libraryRoot": null
    }
  }
] as const;
