import { packageTestConfig } from "../../vitest.shared";

// lazy-grammars reads the require cache for what this process loaded; the WebAssembly suite
// sets TSIFT_PARSER, which the parser registry reads once at import.
export default packageTestConfig("graph", {
  globalSetup: ["./test/generate-registries.setup.ts"],
  isolated: ["test/lazy-grammars.test.ts", "test/language-fixtures-wasm.test.ts"],
});
