import { TsiftError } from "@tsift/core";
import { LANGS, type Lang } from "./lang";

// Short names people type on the command line (`--lang ts`). Extensions that are
// not already an id (`rs`, `py`, ...) are the aliases users reach for first.
const ALIASES: Readonly<Record<string, Lang>> = Object.freeze({
  rs: "rust",
  py: "python",
  ts: "typescript",
  js: "javascript",
  kt: "kotlin",
  sh: "bash",
  shell: "bash",
  zsh: "bash",
  md: "markdown",
});

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
  const alias = Object.hasOwn(ALIASES, key) ? ALIASES[key] : undefined;
  if (alias !== undefined) {
    return alias;
  }
  const aliases = Object.keys(ALIASES);
  throw new TsiftError(
    "invalid_input",
    `unknown language \`${name}\`. Valid languages: ${LANGS.join(", ")} (aliases: ${aliases.join(", ")})`,
    {
      details: { language: name, valid: [...LANGS], aliases },
    },
  );
}
