export { instructionBlockState, upsertInstructionBlock, type InstructionState } from "@tsift/index/indexer";
