import type { CallPathOptions } from "@tsift/index/graph-read";
import { defineCommand } from "../definition/define-command";
import { DIR, PATH, SCOPE } from "../definition/common-options";
import type { ReadOptions } from "../graph-cmd/read-index";

/**
 * `tsift path <from> <to> [dir]`: the shortest chain of calls from caller to callee, else the
 * reverse chain (flagged), `--undirected` for calls either way; `path: null` when not connected.
 */
export const path = defineCommand<CallPathOptions & ReadOptions>()({
  name: "path",
  readOnly: true,
  summary: "shortest chain of calls from one symbol to another (caller to callee; --undirected for either way)",
  helpOrder: 100,
  readsIndex: true,
  positionals: [
    { name: "from", required: true, description: "first symbol: name, Class.method, Alias.name, file:line, file:name, or a gsym-* handle" },
    { name: "to", required: true, description: "second symbol, same forms" },
    DIR,
  ],
  options: {
    undirected: { type: "boolean", default: false, description: "follow calls either way; each hop is drawn → (calls) or ← (is called by)" },
    path: PATH,
    scope: SCOPE,
  },
  examples: [
    { command: "tsift path main Store.get", description: "how main reaches Store.get (else how Store.get reaches main, flagged reverse)" },
    { command: "tsift path parseArgs render --undirected", description: "the shortest link through calls either way, e.g. parseArgs ← main → render" },
  ],
  async run(options, io) {
    const [{ readCallPath }, { readIndexed }] = await Promise.all([import("@tsift/index/graph-read"), import("../graph-cmd/with-read-index")]);
    const { from, to, undirected } = options;
    return readIndexed(io, options, (open) => readCallPath(open, { from, to, undirected }));
  },
  output: async ({ place }) => (await import("../graph-cmd/path-output")).pathOutput(place),
});
