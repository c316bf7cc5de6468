import type { ExitCode } from "./exit-codes";

/** What a command hands to the output pipeline: data, plus how to show it to a human. */
export interface CommandResult {
  data: unknown;
  /** Human rendering; JSON modes ignore it. */
  text?: () => string;
  /** Non-zero when the command succeeded at reporting a problem (not found, failed check). */
  exitCode?: ExitCode;
  /** Extra one-line notes for stderr (warnings, recovery notices). */
  notes?: string[];
}

export interface OutputOptions {
  json: boolean;
  pretty: boolean;
}

export function renderResult(result: CommandResult, options: OutputOptions): string {
  if (options.json || !result.text) {
    return `${JSON.stringify(result.data, null, options.pretty ? 2 : undefined)}\n`;
  }
  const text = result.text();
  return text.endsWith("\n") ? text : `${text}\n`;
}
