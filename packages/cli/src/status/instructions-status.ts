export type { InstructionsStatus } from "@tsift/index/indexer";
