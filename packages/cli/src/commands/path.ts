import { defineCommand } from "../definition/define-command";
import { DIR, PATH, SCOPE } from "../definition/common-options";

/** `tsift path <from> <to> [dir]`: the shortest chain of calls between two symbols, `path: null` when they are not connected. */
export const path = defineCommand({
  name: "path",
  summary: "shortest chain of calls between two symbols, in either direction",
  helpOrder: 100,
  readsIndex: true,
  positionals: [
    { name: "from", required: true, description: "first symbol: name, Class.method, Alias.name, file:line, file:name, or a gsym-* handle" },
    { name: "to", required: true, description: "second symbol, same forms" },
    DIR,
  ],
  options: [PATH, SCOPE],
  examples: [{ command: "tsift path main Store.get", description: "how main reaches Store.get (or the reverse)" }],
  async run(args, io) {
    const { runPath } = await import("../graph-cmd/run-path");
    return runPath(io, { from: args.from, to: args.to, path: args.path, scope: args.scope });
  },
});
