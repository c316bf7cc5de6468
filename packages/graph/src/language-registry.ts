import { TsiftError } from "@tsift/core";
import type { Lang } from "./lang";
import { LANGUAGE_LIST } from "./internal/language-list.generated";
import type { LanguageDefinition } from "./language-definition";

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
