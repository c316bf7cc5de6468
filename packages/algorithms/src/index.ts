export type { EdgeListGraph } from "./edge-list-graph";
export { stronglyConnectedComponents, type SccReport } from "./strongly-connected-components";
