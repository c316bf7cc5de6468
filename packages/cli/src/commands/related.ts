import { defineCommand } from "../definition/define-command";
import { BUDGET_OPTIONS, DIR, PATH, limitOption } from "../definition/common-options";

/** `tsift related <file:line|handle> [dir]`: code similar to a chunk, same language first. */
export const related = defineCommand({
  name: "related",
  readOnly: true,
  summary: "code similar to a chunk (file:line or a search handle), same language first",
  helpOrder: 70,
  readsIndex: true,
  positionals: [{ name: "target", required: true, description: "file:line (root-relative), or an shit-* handle from a search preview" }, DIR],
  options: [
    ...BUDGET_OPTIONS,
    PATH,
    limitOption(10, "related chunks to return"),
    { name: "scope", alias: "submodule", type: "string", description: "workspace scope whose index to use" },
    { name: "model", type: "string", description: "local Model2Vec directory, or tsift-hash-v1 (default: the shipped tsift-code-v1 model)" },
  ],
  examples: [{ command: "tsift related src/users.ts:6 -l 3", description: "the three chunks most like the one at line 6" }],
  async run(args, io) {
    const { runRelated } = await import("../search-cmd/run-related");
    return runRelated(io, {
      target: args.target,
      ...(args.path !== undefined ? { path: args.path } : {}),
      limit: args.limit,
      ...(args.scope !== undefined ? { scope: args.scope } : {}),
      ...(args.model !== undefined ? { model: args.model } : {}),
    });
  },
});
