import type { Argv } from "yargs";
import { COMMANDS, type CommandName } from "../cli-catalog";
import { BUDGET_CHOICES } from "@tsift/digest";

/** A command's yargs `command` and `describe`, from the catalog the fast help also reads. */
export function commandMeta(name: CommandName): { command: string; describe: string } {
  return { command: COMMANDS[name].command, describe: COMMANDS[name].describe };
}

/** `--budget`, `--max-items`, `--max-bytes` for preview-capable commands (reference §1.4). */
export function previewOptions<T>(yargs: Argv<T>) {
  return yargs
    .option("budget", { choices: BUDGET_CHOICES, describe: "preview preset: small 3 items/120 B, normal 5/160, deep 10/240, auto from the context-window env" })
    .option("max-items", { type: "number", describe: "preview: at most N items per list, each with a handle and an expand command" })
    .option("max-bytes", { type: "number", describe: "preview: cut long fields to N bytes with …" });
}
