import type { AnalyzeReport } from "@tsift/index";
import { defineOutput } from "../output/output-spec";
import { placeFlags, type CommandPlace } from "@tsift/index/graph-read";
import { GRAPH_PATH_KEYS } from "./graph-output";

/** `tsift analyze` data: the report with the project root and scope. */
export type AnalyzeData = { root: string; scope?: string } & AnalyzeReport;

const fixed = (value: number) => value.toFixed(4).replace(/\.?0+$/, "") || "0";
const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
const hidden = (shown: number, total: number) => (total > shown ? [`  (+${total - shown} more)`] : []);

/** `tsift analyze` output: SCC, health, dead code and coupling, each list capped by `--limit`. */
export const analyzeOutput = (place: CommandPlace) =>
  defineOutput<AnalyzeData>({
    tool: "analyze",
    pathKeys: GRAPH_PATH_KEYS,
    text: (data) => {
      const lines = [`call graph: ${data.node_count} nodes, ${data.edge_count} edges, ${data.symbol_count} symbols indexed`];
      lines.push(
        `entry points (${data.entry_points_total}): ${data.entry_points.join(", ") || "none"}${data.entry_points_total > data.entry_points.length ? ` (+${data.entry_points_total - data.entry_points.length} more)` : ""}`,
      );
      const scc = data.scc;
      lines.push(`strongly connected components: ${scc.total_components}, ${scc.non_trivial_count} non-trivial, largest ${scc.largest_component_size}`);
      for (const component of scc.components.filter((entry) => !entry.is_trivial)) lines.push(`  [${component.nodes.join(", ")}]`);
      const health = data.health;
      lines.push(
        `health: avg overall ${fixed(health.avg_overall)} (connectivity ${fixed(health.avg_connectivity)}, reachability ${fixed(health.avg_reachability)}, centrality ${fixed(health.avg_centrality)}, cycle risk ${fixed(health.avg_cycle_risk)})`,
      );
      const width = Math.max(4, ...health.scores.map((score) => score.name.length));
      lines.push(`  ${"name".padEnd(width)}  overall  connect  reach    central  cycle`);
      for (const score of health.scores) {
        lines.push(
          `  ${score.name.padEnd(width)}  ${[score.overall, score.connectivity, score.reachability, score.centrality, score.cycle_risk]
            .map((value) => fixed(value).padEnd(7))
            .join("  ")
            .trimEnd()}`,
        );
      }
      lines.push(...hidden(health.scores.length, health.node_count));
      const dead = data.dead_code;
      lines.push(`dead code: ${dead.dead_count} of ${dead.total_nodes} (${percent(dead.dead_ratio)}) from ${dead.entry_points.join(", ") || "no entry point"}`);
      for (const node of dead.dead_nodes)
        lines.push(`  ${node.name}  ${node.reason}  in ${node.inbound_count} out ${node.outbound_count}  ${node.file}:${node.line}`);
      lines.push(...hidden(dead.dead_nodes.length, dead.dead_count));
      const coupling = data.coupling;
      lines.push(
        `coupling: ${coupling.total_modules} module${coupling.total_modules === 1 ? "" : "s"}, highly coupled: ${coupling.highly_coupled.join(", ") || "none"}`,
      );
      for (const module of coupling.modules)
        lines.push(`  ${module.module}  fan-in ${module.fan_in}  fan-out ${module.fan_out}  instability ${fixed(module.instability)}`);
      lines.push(...hidden(coupling.modules.length, coupling.total_modules));
      for (const warning of data.warnings ?? []) lines.push(`warning: ${warning}`);
      return lines.join("\n");
    },
    compact: (data) =>
      [
        `graph n:${data.node_count} e:${data.edge_count} syms:${data.symbol_count} entry:${data.entry_points.join(",") || "-"}`,
        `scc total:${data.scc.total_components} nontrivial:${data.scc.non_trivial_count} largest:${data.scc.largest_component_size}`,
        `health avg:${fixed(data.health.avg_overall)} ${data.health.scores
          .slice(0, 5)
          .map((score) => `${score.name}:${fixed(score.overall)}`)
          .join(" ")}`,
        `dead[${data.dead_code.dead_count}/${data.dead_code.total_nodes}]: ${data.dead_code.dead_nodes.map((node) => node.name).join(", ")}`,
        `coupling mods:${data.coupling.total_modules} hi:${data.coupling.highly_coupled.join(",") || "-"}`,
      ].join("\n"),
    tables: [
      {
        columns: ["name", "file", "line", "reasons"],
        rows: (data) => data.entry_point_details.map((entry) => [entry.name, entry.file, entry.line, entry.reasons]),
        more: (data) => data.entry_points_total - data.entry_point_details.length,
      },
      {
        columns: ["component", "size", "nodes"],
        rows: (data) => data.scc.components.map((component, index) => [index, component.size, component.nodes]),
        more: (data) => data.scc.total_components - data.scc.components.length,
      },
      {
        columns: ["name", "file", "line", "overall", "connectivity", "reachability", "centrality", "cycle_risk"],
        rows: (data) =>
          data.health.scores.map((score) => [
            score.name,
            score.file,
            score.line,
            score.overall,
            score.connectivity,
            score.reachability,
            score.centrality,
            score.cycle_risk,
          ]),
        more: (data) => data.health.node_count - data.health.scores.length,
      },
      {
        columns: ["name", "reason", "inbound", "outbound", "file", "line"],
        rows: (data) => data.dead_code.dead_nodes.map((node) => [node.name, node.reason, node.inbound_count, node.outbound_count, node.file, node.line]),
        more: (data) => data.dead_code.dead_count - data.dead_code.dead_nodes.length,
      },
      {
        columns: ["module", "fan_in", "fan_out", "instability"],
        rows: (data) => data.coupling.modules.map((module) => [module.module, module.fan_in, module.fan_out, module.instability]),
        more: (data) => data.coupling.total_modules - data.coupling.modules.length,
      },
    ],
    envelope: {
      view: "graph",
      summary: (data) =>
        `${data.node_count} nodes, ${data.edge_count} edges: ${data.scc.non_trivial_count} cycles, ${data.dead_code.dead_count} dead, avg health ${fixed(data.health.avg_overall)}, ${data.coupling.total_modules} modules`,
      metrics: (data) => [
        { label: "nodes", value: data.node_count },
        { label: "edges", value: data.edge_count },
        { label: "non_trivial_scc", value: data.scc.non_trivial_count },
        { label: "dead_nodes", value: data.dead_code.dead_count },
        { label: "modules", value: data.coupling.total_modules },
      ],
      followUp: (data) => data.dead_code.dead_nodes.map((node) => `tsift explain ${node.handle}${placeFlags(place)}`),
      truncated: (data) => data.scc.truncated || data.health.truncated || data.dead_code.truncated || data.coupling.truncated,
    },
  });
