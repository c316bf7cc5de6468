// The slices are @tsift/core's (traverseGraph); the renderers here read their types.
export type { Recommendation, SliceNode, TraverseMode, TraverseSlice } from "@tsift/core";
