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
    const [{ readCommunities }, { readIndexed }] = await Promise.all([import("@tsift/index/graph-read"), import("../graph-cmd/with-read-index")]);
    const { minSize, limit } = options;
    const result = await readIndexed(io, options, (open) => readCommunities(open, { minSize, limit }));
    // Member files are root-relative already, so only `--absolute` changes them; the
    // rewrite would otherwise copy every member of the largest communities for nothing.
    return options.absolute === true ? result : { ...result, root: undefined };
  },
  output: async ({ place }) => (await import("../graph-cmd/communities-output")).communitiesOutput(place),
});
