export { CODEX_HOOK_STATUS, codexHook, mergeCodexHook, type CodexHook } from "@tsift/index/indexer";
