import type { Lang } from "../lang";
import type { LanguageRules } from "../language-rules";
import { BASH_RULES } from "./bash";
import { KOTLIN_RULES } from "./kotlin";
import { MARKDOWN_RULES } from "./markdown";
import { PYTHON_RULES } from "./python";
import { RUST_RULES } from "./rust";
import { TYPESCRIPT_RULES } from "./typescript";
import { withTypeFacts } from "./typescript-types";
import { ZIG_RULES } from "./zig";

/** TypeScript/JavaScript rules plus the declared types the call resolver reads (receiver types, return types). */
const TYPESCRIPT_TYPED_RULES = withTypeFacts(TYPESCRIPT_RULES);

/** Extraction rules per language; each language module owns its node types. */
export const LANGUAGE_RULES: Readonly<Record<Lang, LanguageRules>> = {
  rust: RUST_RULES,
  python: PYTHON_RULES,
  typescript: TYPESCRIPT_TYPED_RULES,
  tsx: TYPESCRIPT_TYPED_RULES,
  javascript: TYPESCRIPT_TYPED_RULES,
  jsx: TYPESCRIPT_TYPED_RULES,
  kotlin: KOTLIN_RULES,
  zig: ZIG_RULES,
  bash: BASH_RULES,
  markdown: MARKDOWN_RULES,
};
