// The log digest's public surface, re-exported by the package entry.
export { digestLog, digestLogStream } from "./log-digest";
export { LogDigester } from "./log-digester";
export { classifyLine, SIGNAL_KINDS, type SignalKind } from "./classify-line";
export type { LogAnchor, LogDigest, LogDigestOptions, LogFirstError, LogLine, LogRepeatGroup, LogSignalGroup } from "./log-digest-types";
export { withLogSummaries, type LogDigestWithSummaries } from "./log-summaries";
export { logDigest, type LogDigestRequest, type ProjectLogDigest } from "./project-log-digest";
