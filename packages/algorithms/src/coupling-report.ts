import type { Attributes } from "graphology-types";
import { buildCallGraph, type GraphInput } from "./build-call-graph";
import { compareCodeUnits } from "./internal/compare";
import { nodeId } from "./internal/node-key";

export interface CouplingOptions {
  /**
   * The module a node belongs to; null or undefined leaves the node (and its edges) out.
   * Default: the node's `module` attribute when it is a non-empty string.
   */
  moduleOf?: (node: string, attributes: Attributes) => string | null | undefined;
}

export interface ModuleCoupling {
  module: string;
  /** Distinct modules this one calls into. */
  fan_out: number;
  /** Distinct modules calling into this one. */
  fan_in: number;
  /** fan_out / (fan_in + fan_out); 0 when both are 0. */
  instability: number;
  afferent_coupling: number;
  efferent_coupling: number;
  /** Modules calling into this one, sorted. */
  dependents: string[];
  /** Modules this one calls into, sorted. */
  dependencies: string[];
}

export interface CouplingReport {
  /** Sorted by fan_out desc, then module. */
  modules: ModuleCoupling[];
  avg_fan_out: number;
  avg_fan_in: number;
  max_fan_out: number;
  max_fan_in: number;
  /** Modules with fan_out > avg_fan_out + max(avg_fan_out / 2, 1), sorted. */
  highly_coupled: string[];
  total_modules: number;
  total_edges: number;
}

const defaultModuleOf = (_node: string, attributes: Attributes): string | null =>
  typeof attributes.module === "string" && attributes.module !== "" ? attributes.module : null;

/**
 * Coupling between modules: only calls that cross a module
 * boundary count, and fan-in / fan-out count distinct modules, not calls. Pure: the
 * input is not modified.
 */
export function couplingReport(input: GraphInput, options: CouplingOptions = {}): CouplingReport {
  const graph = buildCallGraph(input);
  const moduleOf = options.moduleOf ?? defaultModuleOf;
  const modules = new Map<string, { dependents: Set<string>; dependencies: Set<string> }>();
  const nodeModule = new Map<string, string>();
  graph.forEachNode((node, attributes) => {
    const module = moduleOf(nodeId(node), attributes);
    if (module === null || module === undefined) return;
    nodeModule.set(node, module);
    if (!modules.has(module)) modules.set(module, { dependents: new Set(), dependencies: new Set() });
  });
  graph.forEachEdge((_edge, _attributes, source, target) => {
    const from = nodeModule.get(source);
    const to = nodeModule.get(target);
    if (from === undefined || to === undefined || from === to) return;
    modules.get(from)!.dependencies.add(to);
    modules.get(to)!.dependents.add(from);
  });

  const rows: ModuleCoupling[] = [...modules.keys()].sort(compareCodeUnits).map((module) => {
    const { dependents, dependencies } = modules.get(module)!;
    const fanOut = dependencies.size;
    const fanIn = dependents.size;
    return {
      module,
      fan_out: fanOut,
      fan_in: fanIn,
      instability: fanIn + fanOut === 0 ? 0 : fanOut / (fanIn + fanOut),
      afferent_coupling: fanIn,
      efferent_coupling: fanOut,
      dependents: [...dependents].sort(compareCodeUnits),
      dependencies: [...dependencies].sort(compareCodeUnits),
    };
  });
  const count = rows.length;
  const avgFanOut = count === 0 ? 0 : rows.reduce((sum, row) => sum + row.fan_out, 0) / count;
  const avgFanIn = count === 0 ? 0 : rows.reduce((sum, row) => sum + row.fan_in, 0) / count;
  const threshold = avgFanOut + Math.max(avgFanOut * 0.5, 1);
  const highlyCoupled = rows.filter((row) => row.fan_out > threshold).map((row) => row.module);
  rows.sort((a, b) => b.fan_out - a.fan_out || compareCodeUnits(a.module, b.module));
  return {
    modules: rows,
    avg_fan_out: avgFanOut,
    avg_fan_in: avgFanIn,
    max_fan_out: rows.reduce((max, row) => Math.max(max, row.fan_out), 0),
    max_fan_in: rows.reduce((max, row) => Math.max(max, row.fan_in), 0),
    highly_coupled: highlyCoupled,
    total_modules: count,
    total_edges: graph.size,
  };
}
