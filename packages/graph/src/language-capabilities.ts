import type { LanguageDefinition } from "./language-definition";
import { LANGUAGES } from "./language-registry";

/** What tsift reads in one language, derived from its definition so the list cannot drift from the code. */
export interface LanguageCapabilities {
  id: string;
  name: string;
  /** File extensions without the dot. */
  extensions: string[];
  /** Other names `--lang` accepts. */
  aliases: string[];
  /** Declarations become symbols. */
  symbols: boolean;
  /** Call sites are extracted, so callers, callees and paths answer. */
  calls: boolean;
  /** Import, include or use statements are extracted. */
  imports: boolean;
  /** Cyclomatic complexity and nesting are measured per symbol. */
  complexity: boolean;
  /** Doc comments are attached to symbols. */
  doc_comments: boolean;
  /** HTTP routes are found in its source. */
  routes: boolean;
  /** How calls are resolved to their definitions (empty when calls are not extracted). */
  resolution: string[];
}

/**
 * The resolution a language's model enables, in a fixed order: how imports find files,
 * receivers that name the enclosing type, bare calls reaching members, members declared
 * away from their type, and where bases are read from (inherited members, dispatch).
 */
function resolutionModes(definition: LanguageDefinition): string[] {
  if (!definition.hasCalls) return [];
  const model = definition.resolution;
  const modes = ["scope", "same-file", "global-name"];
  if (model.modules !== "none") modes.push(`imports:${model.modules}`);
  if (model.selfReceivers.length > 0) modes.push(`self:${model.selfReceivers.join("/")}`);
  if (model.implicitReceiver) modes.push("implicit-receiver");
  if (model.detachedMembers) modes.push("detached-members");
  if (model.typedThis) modes.push("typed-this");
  modes.push(`heritage:${model.heritage}`);
  return modes;
}

/** One row per registered language, in registry order. */
export function languageCapabilities(): LanguageCapabilities[] {
  return LANGUAGES.map((definition) => {
    const { rules, routes, docComments } = definition.extraction;
    return {
      id: definition.id,
      name: definition.displayName,
      extensions: [...definition.extensions],
      aliases: [...definition.aliases],
      symbols: Object.keys(rules.definitions).length > 0,
      calls: definition.hasCalls && Object.keys(rules.calls).length > 0,
      imports: Object.keys(rules.imports).length > 0,
      complexity: rules.branches.size > 0,
      doc_comments: docComments !== undefined,
      routes: routes !== undefined,
      resolution: resolutionModes(definition),
    };
  });
}
