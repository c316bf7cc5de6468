import type { LanguageRules } from "../language-rules";

/** Rules that extract nothing: the starting point for a language without extraction yet. */
export const EMPTY_RULES: LanguageRules = {
  skip: new Set(),
  definitions: {},
  calls: {},
  imports: {},
  branches: new Set(),
  nesting: new Set(),
};
