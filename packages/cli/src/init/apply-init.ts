export { applyInit, readText, type InitAction, type InitChange, type InitOptions } from "@tsift/index/indexer";
