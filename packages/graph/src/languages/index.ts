import type { Lang } from "../lang";
import type { LanguageRules } from "../language-rules";
import { EMPTY_RULES } from "./empty-rules";

/** Extraction rules per language; each language module owns its node types. */
export const LANGUAGE_RULES: Readonly<Record<Lang, LanguageRules>> = {
  rust: EMPTY_RULES,
  python: EMPTY_RULES,
  typescript: EMPTY_RULES,
  tsx: EMPTY_RULES,
  javascript: EMPTY_RULES,
  jsx: EMPTY_RULES,
  kotlin: EMPTY_RULES,
  zig: EMPTY_RULES,
  bash: EMPTY_RULES,
  markdown: EMPTY_RULES,
};
