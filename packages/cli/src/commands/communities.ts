import type { CommunitiesOptions } from "@tsift/index/graph-read";
import { defineCommand } from "../definition/define-command";
import { DIR, PATH, SCOPE, limitOption } from "../definition/common-options";
import type { ReadOptions } from "../graph-cmd/read-index";

/** `tsift communities [dir]`: Louvain communities of the call graph, cached per index under `.tsift/community-cache/`. */
export const communities = defineCommand<CommunitiesOptions & ReadOptions>()({
  name: "communities",
  readOnly: true,
  summary: "Louvain communities of the call graph: the code's subsystems, largest first",
  helpOrder: 110,
  readsIndex: true,
  positionals: [DIR],
  options: {
    minSize: { type: "number", default: 2, min: 1, description: "hide communities with fewer members" },
    limit: limitOption(10, "communities shown (0 = all)"),
    path: PATH,
    scope: SCOPE,
  },
  examples: [{ command: "tsift communities --min-size 3 --limit 5", description: "the five largest subsystems of three or more symbols" }],
  async run(options, io) {
    const { runCommunities } = await import("../graph-cmd/run-communities");
    return runCommunities(io, options);
  },
});
