// `tsift run`: a command's output kept under .tsift/artifacts/ and digested.
export { runCommand, commandLine, type RunArtifact, type RunCommandOptions, type RunReport } from "./run-command";
export { type RunDigest, type RunKind } from "./digest-transcript";
export { ARTIFACTS_DIR, MAX_ARTIFACT_BYTES, MAX_ARTIFACTS, pruneArtifacts, type ArtifactLimits } from "./artifact-store";
export { shellExitStatus } from "./spawn-capture";
