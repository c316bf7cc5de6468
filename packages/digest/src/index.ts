export {
  collapseRepeats,
  type CollapseRepeatsOptions,
  type CollapseRepeatsResult,
  type RepeatRun,
} from "./collapse-repeats";
export {
  boundLines,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_LINES,
  type BoundLinesOptions,
  type BoundLinesResult,
} from "./bound-lines";
