import { TsiftError } from "@tsift/core/light";
import type { LanguageDefinition, ModuleSystem } from "@tsift/graph";

/**
 * The languages' code hooks (module systems, test conventions) come with @tsift/graph's main
 * entry, which carries every language's extraction rules: read commands that only check
 * freshness or read rows must not pay for loading it. So this package imports it only when a
 * step that needs a hook starts (indexing, the resolve pass, the checker pass, dead-code
 * analysis): `loadLanguageHooks()` first, then the synchronous lookups below.
 */
let graph: typeof import("@tsift/graph") | undefined;

/** Loads the language hooks once; every caller of the lookups below awaits it first. */
export async function loadLanguageHooks(): Promise<void> {
  graph ??= await import("@tsift/graph");
}

/** A language's module system (see `moduleSystemOf` in @tsift/graph); null: its imports name no file. */
export function moduleSystemOf(lang: string): ModuleSystem | null {
  return loaded().moduleSystemOf(lang);
}

/** Every registered language definition, hooks included. */
export function languageDefinitions(): readonly LanguageDefinition[] {
  return loaded().LANGUAGES;
}

function loaded(): typeof import("@tsift/graph") {
  if (graph === undefined) {
    throw new TsiftError("internal", "the language hooks were used before they were loaded", {
      hint: "await loadLanguageHooks() (from @tsift/index/indexer) before resolving imports or calls",
    });
  }
  return graph;
}
