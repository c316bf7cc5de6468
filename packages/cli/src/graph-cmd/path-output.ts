import type { CallPath } from "@tsift/index/graph-read";
import { defineOutput } from "../output/output-spec";
import { placeFlags, type CommandPlace } from "@tsift/index/graph-read";
import { GRAPH_PATH_KEYS } from "./graph-output";

/** `tsift path` output: the chain of symbols, or `path: null, hops: null` when they are not connected. */
export const pathOutput = (place: CommandPlace) =>
  defineOutput<CallPath>({
    tool: "path",
    pathKeys: GRAPH_PATH_KEYS,
    text: (data) => {
      if (!data.path) return `no call path between ${data.from} and ${data.to} (not connected by resolved calls)`;
      const width = Math.max(...data.path.map((step) => step.name.length));
      return [
        `${data.path.map((step) => step.name).join(" → ")} (${data.hops} hop${data.hops === 1 ? "" : "s"})`,
        ...data.path.map((step) => `  ${step.name.padEnd(width)}  ${step.file}:${step.line}  ${step.handle}`),
      ].join("\n");
    },
    compact: (data) =>
      data.path ? `path[${data.path.length}]: ${data.path.map((step) => step.name).join(" > ")} hops:${data.hops}` : `path: none ${data.from} > ${data.to}`,
    tables: [
      {
        columns: ["step", "name", "file", "line", "handle"],
        rows: (data) => (data.path ?? []).map((step, index) => [index, step.name, step.file, step.line, step.handle]),
      },
    ],
    envelope: {
      view: "path",
      summary: (data) => (data.path ? `${data.from} → ${data.to}: ${data.hops} hop${data.hops === 1 ? "" : "s"}` : `${data.from} → ${data.to}: not connected`),
      metrics: (data) => [{ label: "hops", value: data.hops }],
      followUp: (data) => (data.path ?? []).map((step) => `tsift explain ${step.handle}${placeFlags(place)}`),
      truncated: () => false,
    },
  });
