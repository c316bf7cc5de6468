export { createCli, main, type CliRun } from "./cli";
export { EXIT_CODES, exitCodeForError, type ExitCode } from "./exit-codes";
export { bufferedIo, processIo, type CliIo } from "./io";
export { renderResult, type CommandResult, type OutputOptions } from "./command-result";
export { reportError } from "./error-report";
export { VERSION } from "./version";
