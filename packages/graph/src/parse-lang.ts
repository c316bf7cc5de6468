import { TsiftError } from "@tsift/core";
import { LANG_BY_ALIAS } from "./internal/lang-table";
import { LANGS, type Lang } from "./lang";

/**
 * Resolve a user-supplied language name (id or alias, any case, surrounding
 * whitespace ignored). Throws `TsiftError("invalid_input")` listing the valid ids.
 */
export function parseLang(name: string): Lang {
  const key = name.trim().toLowerCase();
  const direct = LANGS.find((lang) => lang === key);
  if (direct !== undefined) {
    return direct;
  }
  // Short names people type on the command line (`--lang ts`), declared by each language.
  const alias = LANG_BY_ALIAS.get(key);
  if (alias !== undefined) {
    return alias;
  }
  const aliases = [...LANG_BY_ALIAS.keys()];
  throw new TsiftError("invalid_input", `unknown language \`${name}\`. Valid languages: ${LANGS.join(", ")} (aliases: ${aliases.join(", ")})`, {
    details: { language: name, valid: [...LANGS], aliases },
  });
}
