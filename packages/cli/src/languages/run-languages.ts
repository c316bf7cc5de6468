import { languageCapabilities } from "@tsift/graph";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { languagesOutput, type LanguagesData } from "./languages-output";

/** `tsift languages`: the registry's capabilities (`languageCapabilities`); reads no project. */
export function runLanguages(io: CliIo): Promise<CommandResult<LanguagesData>> {
  return Promise.resolve(commandResult({ languages: languageCapabilities() }, languagesOutput, { root: io.cwd }));
}
