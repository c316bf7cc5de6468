import { TsiftError } from "@tsift/core";
import type { Lang } from "./lang";
import { LANGUAGE_LIST } from "./internal/language-list.generated";
import type { LanguageDefinition } from "./language-definition";
import type { ModuleSystem, TestConventions } from "./language-hooks";
import { RELATIVE_MODULES } from "./relative-modules";

/**
 * Every language definition: each `languages/*-language.ts` file, by its `order`, which is
 * the order of `LANGS` (reports that group by language follow it), so a new language takes
 * the next number. tools/generate-registries.mjs writes the list and the start-up facts
 * (`internal/lang-facts.generated.ts`) from the definition files before every build,
 * typecheck and test run.
 */
export const LANGUAGES: readonly LanguageDefinition[] = Object.freeze([...LANGUAGE_LIST]);

const BY_ID = new Map(LANGUAGES.map((definition) => [definition.id, definition]));

/** The definition of a registered language; throws `TsiftError("unsupported")` for any other id. */
export function languageDefinition(lang: Lang): LanguageDefinition {
  const definition = BY_ID.get(lang);
  if (!definition) {
    throw new TsiftError("unsupported", `no language definition for \`${lang}\``, {
      hint: "regenerate the language registry: node tools/generate-registries.mjs graph (the build and the tests run it)",
    });
  }
  return definition;
}

/**
 * How a language's imports find files: its definition's `moduleSystem`, else the built-in
 * relative one when its `resolution.modules` is `relative`, else null (imports name no file).
 * Unknown ids (a newer index read by an older build) get null.
 */
export function moduleSystemOf(lang: string): ModuleSystem | null {
  const definition = BY_ID.get(lang);
  if (!definition) return null;
  return definition.moduleSystem ?? (definition.resolution.modules === "relative" ? RELATIVE_MODULES : null);
}

/** A language's test conventions; null for a language without any or an unknown id. */
export function testConventionsOf(lang: string): TestConventions | null {
  return BY_ID.get(lang)?.tests ?? null;
}

/**
 * Languages whose huge files may be parsed in slices (`extraction.sliceable`): sliced
 * extraction was checked against whole-file extraction for each.
 */
export const SLICED_LANGS: ReadonlySet<Lang> = new Set(
  LANGUAGES.filter((definition) => definition.extraction.sliceable).map((definition) => definition.id as Lang),
);
