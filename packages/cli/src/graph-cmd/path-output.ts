import type { CallPath } from "@tsift/index/graph-read";
import { defineOutput } from "../output/output-spec";
import { placeFlags, type CommandPlace } from "@tsift/index/graph-read";
import { GRAPH_PATH_KEYS } from "./graph-output";

/** Each hop's true direction: `→` when the left symbol calls the right one, `←` when it is called by it. */
const arrow = (data: CallPath, index: number, [forward, backward]: [string, string]) => (data.path_hops![index]!.direction === "forward" ? forward : backward);

/** The chain from `from` to `to`, each hop drawn the way its call goes. */
function chain(data: CallPath, arrows: [string, string]): string {
  return data.path!.map((step, index) => (index === 0 ? step.name : `${arrow(data, index - 1, arrows)} ${step.name}`)).join(" ");
}

const hopsText = (hops: number) => `${hops} hop${hops === 1 ? "" : "s"}`;

function how(data: CallPath): string {
  if (data.direction === "reverse") return `, reverse: no call chain from ${data.from} to ${data.to}; ${data.to} reaches ${data.from}`;
  return data.undirected ? ", calls either way" : "";
}

/** `tsift path` output: the chain of symbols with each hop's direction, or `path: null, hops: null` when they are not connected. */
export const pathOutput = (place: CommandPlace) =>
  defineOutput<CallPath>({
    tool: "path",
    pathKeys: GRAPH_PATH_KEYS,
    text: (data) => {
      if (!data.path)
        return `no call path between ${data.from} and ${data.to} (not connected by resolved calls${data.undirected ? " either way" : " in either direction"})`;
      const width = Math.max(...data.path.map((step) => step.name.length));
      return [
        `${chain(data, ["→", "←"])} (${hopsText(data.hops!)}${how(data)})`,
        ...data.path.map((step) => `  ${step.name.padEnd(width)}  ${step.file}:${step.line}  ${step.handle}`),
      ].join("\n");
    },
    compact: (data) =>
      data.path
        ? `path[${data.path.length}]: ${chain(data, [">", "<"])} hops:${data.hops} direction:${data.direction}`
        : `path: none ${data.from} > ${data.to}`,
    tables: [
      {
        columns: ["step", "hop", "name", "file", "line", "handle"],
        rows: (data) =>
          (data.path ?? []).map((step, index) => [index, index === 0 ? "" : arrow(data, index - 1, ["→", "←"]), step.name, step.file, step.line, step.handle]),
      },
    ],
    envelope: {
      view: "path",
      summary: (data) =>
        data.path
          ? `${data.from} → ${data.to}: ${hopsText(data.hops!)}${data.direction === "forward" ? "" : ` (${data.direction})`}`
          : `${data.from} → ${data.to}: not connected`,
      metrics: (data) => [{ label: "hops", value: data.hops }],
      followUp: (data) => (data.path ?? []).map((step) => `tsift explain ${step.handle}${placeFlags(place)}`),
      truncated: () => false,
    },
  });
