import { applyPreview, resolveBudget } from "@tsift/digest/budget";
import type { CommandResult } from "../command-result";
import { displayPaths } from "./display-paths";
import { buildEnvelope } from "./envelope";
import { escapeForDisplay } from "./escape-controls";
import { isJsonMode, type OutputOptions } from "./output-options";
import { toColumns } from "./schema-columns";
import { renderTables } from "./tabular";
import { terseKeys, terseSchema } from "./terse";

const withNewline = (text: string) => (text.endsWith("\n") ? text : `${text}\n`);

/**
 * The one output pipeline. Data first gets its preview (when a budget applies) and
 * display paths; then the mode decides: JSON modes go envelope → terse rename →
 * columns → `{"_s","d"}` wrap → compact or pretty serialisation;
 * otherwise `--tabular` tables, `--compact` text, or the human text, all three with
 * control characters in the data escaped (`escape-controls.ts`); JSON keeps them.
 */
export function renderOutput(result: CommandResult, options: OutputOptions, env: Readonly<Record<string, string | undefined>>): string {
  const spec = result.output;
  const budget = spec?.preview ? resolveBudget(options.budget, env, options.envelope) : null;
  let data = result.data;
  if (spec?.preview && budget) data = applyPreview(data, spec.preview, budget);
  if (result.root) data = displayPaths(data, result.root, options.absolute, spec?.pathKeys);

  if (!spec || isJsonMode(options)) {
    let value: unknown = options.envelope && spec ? buildEnvelope(spec, data, budget) : data;
    const renamed = options.terse ? terseKeys(value) : null;
    if (renamed) value = renamed.value;
    if (options.schema) value = toColumns(value);
    if (renamed) value = { _s: terseSchema(renamed.used), d: value };
    return `${JSON.stringify(value, null, options.pretty ? 2 : undefined)}\n`;
  }
  if (options.tabular && spec.tables) return renderTables(spec.tables, data);
  const shown = escapeForDisplay(data) as typeof data;
  if (options.compact && spec.compact) return withNewline(spec.compact(shown));
  return withNewline(spec.text(shown));
}
