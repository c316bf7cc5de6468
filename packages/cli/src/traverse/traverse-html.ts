import type { TraverseData } from "@tsift/index/code-graph";

/**
 * The `--format html` page of a traverse slice: @tsift/index's `traverseGraphView` lays it
 * out and @tsift/algorithms' `renderGraphView` draws it (sigma.js over graphology, inlined:
 * one file, no requests). Loaded lazily, so only `--format html` pays for graphology.
 */
export async function renderTraverseHtml(data: TraverseData, pathArg: string): Promise<string> {
  const [{ traverseGraphView }, { renderGraphView }] = await Promise.all([import("@tsift/index/code-graph"), import("@tsift/algorithms")]);
  return renderGraphView(await traverseGraphView(data, { pathArg }));
}
