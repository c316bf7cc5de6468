import type { SymbolGraphOptions } from "@tsift/index/graph-read";
import { defineCommand } from "../definition/define-command";
import { DIR, PATH, SCOPE, SYMBOL, limitOption } from "../definition/common-options";
import type { ReadOptions } from "../graph-cmd/read-index";

/** `tsift graph <symbol> [dir]`: callers and callees by resolved call target, `--callers` / `--callees` for one direction. */
export const graph = defineCommand<SymbolGraphOptions & ReadOptions>()({
  name: "graph",
  readOnly: true,
  summary: "callers and callees of a symbol by resolved call target (name, Class.method, file:line or gsym-*)",
  helpOrder: 80,
  readsIndex: true,
  positionals: [SYMBOL, DIR],
  options: {
    callers: { type: "boolean", description: "only the call sites that call the symbol" },
    callees: { type: "boolean", description: "only the calls the symbol makes" },
    limit: limitOption(20, "call sites per direction (0 = all)"),
    path: PATH,
    scope: SCOPE,
  },
  examples: [
    { command: "tsift graph Store.get --callers", description: "every call site of Store.get" },
    { command: "tsift graph src/cache.ts:12 -l 5", description: "the symbol at that line, five call sites per direction" },
  ],
  async run(options, io) {
    const [{ readSymbolGraph }, { readIndexed }] = await Promise.all([import("@tsift/index/graph-read"), import("../graph-cmd/with-read-index")]);
    const { symbol, callers, callees, limit } = options;
    return readIndexed(io, options, (open) => readSymbolGraph(open, { symbol, callers, callees, limit }));
  },
  output: async ({ place }) => (await import("../graph-cmd/graph-output")).graphOutput(place),
});
