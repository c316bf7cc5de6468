import type { LangInfo } from "../src/lang-info";
import type { LanguageDefinition } from "../src/language-definition";

/** A definition's facts in `LangInfo` field order, so reordering a definition's keys changes nothing. */
function facts(definition: LanguageDefinition): Omit<LangInfo, "id"> & { id: string } {
  const { resolution, entryPoints } = definition;
  return {
    id: definition.id,
    displayName: definition.displayName,
    extensions: definition.extensions,
    aliases: definition.aliases,
    grammarPackage: definition.grammarPackage,
    grammarExport: definition.grammarExport,
    hasCalls: definition.hasCalls,
    commentPrefixes: definition.commentPrefixes,
    paragraphLines: definition.paragraphLines,
    qualifiedNameSeparator: definition.qualifiedNameSeparator,
    resolution: {
      family: resolution.family,
      modules: resolution.modules,
      selfReceivers: resolution.selfReceivers,
      implicitReceiver: resolution.implicitReceiver,
      importScope: resolution.importScope,
      detachedMembers: resolution.detachedMembers,
      typedThis: resolution.typedThis,
      heritage: resolution.heritage,
    },
    entryPoints: { files: entryPoints.files, reexportFiles: entryPoints.reexportFiles, libraryRoot: entryPoints.libraryRoot },
  };
}

/** A multi-line JSON array of strings (no nested array or object), to print on one line. */
const PRIMITIVE_ARRAY = /\[\n\s*([^[\]{}]*?)\n\s*\]/g;

/**
 * The source of `src/internal/lang-facts.generated.ts`: every definition's plain-data
 * facts, in registry order. Start-up code (the file walk, read commands) imports these,
 * never the definitions, whose extraction rules are most of @tsift/graph's code.
 */
export function renderLangFacts(languages: readonly LanguageDefinition[]): string {
  return [
    "// Generated from the language definitions (src/language-registry.ts) by",
    "// test/language-registry.test.ts: do not edit. Refresh after changing a definition with",
    "//   npx vitest run test/language-registry.test.ts -u   (in packages/graph)",
    "// Plain data, so the file walk and read commands load no extraction rules and no grammar.",
    `export const LANG_FACTS = ${JSON.stringify(languages.map(facts), null, 2).replace(PRIMITIVE_ARRAY, (_, items: string) => `[${items.split(/,\n\s*/).join(", ")}]`)} as const;`,
    "",
  ].join("\n");
}
