import { TsiftError } from "@tsift/core";
import type { Lang } from "./lang";
import type { LanguageDefinition } from "./language-definition";
import { bashLanguage } from "./languages/bash-language";
import { javascriptLanguage } from "./languages/javascript-language";
import { jsxLanguage } from "./languages/jsx-language";
import { kotlinLanguage } from "./languages/kotlin-language";
import { markdownLanguage } from "./languages/markdown-language";
import { pythonLanguage } from "./languages/python-language";
import { rustLanguage } from "./languages/rust-language";
import { tsxLanguage } from "./languages/tsx-language";
import { typescriptLanguage } from "./languages/typescript-language";
import { zigLanguage } from "./languages/zig-language";

/**
 * Every language definition, one line each. The order is the order of `LANGS` (reports
 * that group by language follow it), so a new language goes last. The start-up facts
 * (`internal/lang-facts.generated.ts`) are generated from this list by
 * `test/language-registry.test.ts`.
 */
export const LANGUAGES: readonly LanguageDefinition[] = Object.freeze([
  rustLanguage,
  pythonLanguage,
  typescriptLanguage,
  tsxLanguage,
  javascriptLanguage,
  jsxLanguage,
  kotlinLanguage,
  zigLanguage,
  bashLanguage,
  markdownLanguage,
]);

const BY_ID = new Map(LANGUAGES.map((definition) => [definition.id, definition]));

/** The definition of a registered language; throws `TsiftError("unsupported")` for any other id. */
export function languageDefinition(lang: Lang): LanguageDefinition {
  const definition = BY_ID.get(lang);
  if (!definition) {
    throw new TsiftError("unsupported", `no language definition for \`${lang}\``, {
      hint: "regenerate the language facts: npx vitest run test/language-registry.test.ts -u (in packages/graph)",
    });
  }
  return definition;
}
