import type { CommunitiesResult, IndexCommunity } from "@tsift/index/graph-read";
import { compactHeader } from "../output/compact-labels";
import { defineOutput } from "../output/output-spec";
import { placeFlags, type CommandPlace } from "@tsift/index/graph-read";
import { GRAPH_PATH_KEYS } from "./graph-output";

/** Member names shown per community: as text, and compact (five in compact mode, see compact-labels.ts). */
const TEXT_MEMBERS = 12;
const SHOWN_MEMBERS = 5;

function members(community: IndexCommunity, shown: number): string {
  const names = community.members.slice(0, shown).map((member) => member.name);
  const more = community.members.length - names.length;
  return `${names.join(", ")}${more > 0 ? ` (+${more} more)` : ""}`;
}

const more = (data: CommunitiesResult) => data.community_count - data.communities.length;

/** `tsift communities` output; a community lists its first twelve members as text, five when compact, all in JSON and TSV. */
export const communitiesOutput = (place: CommandPlace) =>
  defineOutput<CommunitiesResult>({
    tool: "communities",
    pathKeys: GRAPH_PATH_KEYS,
    text: (data) => {
      const lines = [
        `${data.community_count} communit${data.community_count === 1 ? "y" : "ies"} (${data.node_count} symbols, ${data.edge_count} edges, modularity ${data.modularity.toFixed(4)}, ${data.iterations} iterations${data.community_diagnostics.cache_hit ? ", cached" : ""})`,
        ...data.communities.map((community) => `#${community.id} (${community.members.length}): ${members(community, TEXT_MEMBERS)}`),
      ];
      if (more(data) > 0) lines.push(`(+${more(data)} more)`);
      return lines.join("\n");
    },
    compact: (data) =>
      [
        `comms n:${data.node_count} e:${data.edge_count} iter:${data.iterations} q:${data.modularity.toFixed(4)} cnt:${data.community_count}`,
        ...data.communities.map((community) => `  ${compactHeader("community", community.members.length)} ${members(community, SHOWN_MEMBERS)}`),
        ...(more(data) > 0 ? [`  (+${more(data)} more)`] : []),
      ].join("\n"),
    tables: [
      {
        columns: ["id", "size", "members"],
        rows: (data) => data.communities.map((community) => [community.id, community.members.length, community.members.map((member) => member.name)]),
        more,
      },
    ],
    envelope: {
      view: "communities",
      summary: (data) => `${data.community_count} communities over ${data.node_count} symbols, modularity ${data.modularity.toFixed(4)}`,
      metrics: (data) => [
        { label: "communities", value: data.community_count },
        { label: "nodes", value: data.node_count },
        { label: "edges", value: data.edge_count },
        { label: "modularity", value: Number(data.modularity.toFixed(4)) },
        { label: "cache_hit", value: data.community_diagnostics.cache_hit },
      ],
      followUp: (data) => data.communities.map((community) => `tsift explain ${community.members[0]!.handle}${placeFlags(place)}`),
    },
  });
