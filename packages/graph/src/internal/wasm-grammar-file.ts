/**
 * The `.wasm` file a grammar package ships for a language: tree-sitter-<export, or the package
 * name without its scope and prefix, "-" as "_">.wasm (tree-sitter-c-sharp: tree-sitter-c_sharp.wasm).
 * Shared by the runtime and the build that copies the files into dist/wasm.
 */
export function wasmGrammarFileOf(grammar: { grammarPackage: string; grammarExport: string | null }): string {
  const name = grammar.grammarExport ?? grammar.grammarPackage.replace(/^@[^/]+\//, "").replace(/^tree-sitter-/, "");
  return `tree-sitter-${name.replace(/-/g, "_")}.wasm`;
}
