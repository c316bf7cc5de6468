import { LANG_FACTS } from "./internal/lang-facts.generated";

/**
 * Every language tsift can index: the ids of the registered language definitions
 * (`src/languages/*-language.ts`). The id is what `index.db` stores in
 * `files.language` / `symbols.language`, so it never changes once released.
 */
export type Lang = (typeof LANG_FACTS)[number]["id"];

/**
 * Languages in registry order (a fixed order, new ones last, so output stays stable).
 * Reports that group by language iterate this list, so the order is part of the output
 * contract.
 */
export const LANGS: readonly Lang[] = Object.freeze(LANG_FACTS.map((facts) => facts.id));
