import type { Lang } from "../lang";
import type { LangInfo } from "../lang-info";
import { LANG_FACTS } from "./lang-facts.generated";

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

/** Language facts by id, frozen so no caller can change what another reads. */
export const LANG_TABLE: Readonly<Record<Lang, LangInfo>> = Object.freeze(
  Object.fromEntries(LANG_FACTS.map((facts): [Lang, LangInfo] => [facts.id, deepFreeze(facts)])) as Record<Lang, LangInfo>,
);

/**
 * Extension (no dot, exact case) -> language, built once from the table. A unit
 * test guards that no extension is claimed twice, so map order never decides.
 */
export const LANG_BY_EXTENSION: ReadonlyMap<string, Lang> = new Map(
  Object.values(LANG_TABLE).flatMap((entry) => entry.extensions.map((extension) => [extension, entry.id] as const)),
);

/** Alias (lower case) -> language, in registry order; a unit test guards that none is claimed twice or shadows an id. */
export const LANG_BY_ALIAS: ReadonlyMap<string, Lang> = new Map(
  Object.values(LANG_TABLE).flatMap((entry) => entry.aliases.map((alias) => [alias.toLowerCase(), entry.id] as const)),
);
