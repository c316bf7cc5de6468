export { OPENCODE_COMMANDS, OPENCODE_MARKER_PREFIX, opencodeCommandFile } from "@tsift/index/indexer";
