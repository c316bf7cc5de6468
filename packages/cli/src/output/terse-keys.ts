/**
 * `--terse` key map (long → short), in the order `_s` lists them.
 * Keys not listed pass through unchanged. Append new pairs at the end: existing
 * short names are a contract with agents that cached them.
 */
export const TERSE_PAIRS: readonly (readonly [long: string, short: string])[] = [
  ["name", "n"], ["kind", "k"], ["file", "f"], ["line", "l"], ["path", "p"], ["from", "fr"], ["type", "ty"], ["text", "tx"], ["new", "nw"], ["run", "r"], ["use", "u"],
  ["score", "sc"], ["language", "la"], ["status", "st"], ["state", "stt"], ["error", "err"], ["errors", "ers"], ["hops", "hp"], ["tags", "tg"], ["model", "ml"], ["skill", "sk"],
  ["count", "ct"], ["total", "tot"], ["column", "col"], ["description", "dsc"], ["end_line", "el"], ["signature", "sig"], ["parent_module", "pm"], ["visibility", "vis"], ["match_type", "mt"],
  ["caller_file", "cf"], ["caller_name", "cn"], ["caller_line", "cl"], ["callee_name", "en"], ["call_site_line", "csl"],
  ["members", "m"], ["modularity", "q"], ["modularity_contribution", "mc"], ["iterations", "it"], ["node_count", "nc"], ["edge_count", "ec"], ["community_count", "cc"], ["communities", "cms"], ["community", "cm"],
  ["symbol", "s"], ["symbols", "sy"], ["definitions", "df"], ["callers", "crs"], ["callees", "ces"],
  ["total_tracked", "tt"], ["modified", "md"], ["deleted", "dl"], ["unchanged", "uc"], ["changes", "ch"], ["prune_stats", "ps"],
  ["hits", "h"], ["rank", "rk"], ["snippet", "sn"], ["confidence", "co"], ["index", "ix"], ["summaries", "sms"], ["recommendations", "rec"],
  ["total_files", "tf"], ["stale_files", "sf"], ["last_indexed_secs_ago", "age"], ["cached_files", "caf"], ["total_indexed_files", "tif"], ["coverage_pct", "cov"],
  ["symbol_name", "syn"], ["file_path", "fp"], ["content_hash", "hsh"], ["summary", "sum"], ["entities", "ent"], ["relationships", "rel"], ["concept_labels", "cls"], ["extracted_at", "at"], ["tokens_input", "ti"], ["tokens_output", "tout"],
  ["total_summaries", "ts"], ["stale_count", "stc"], ["total_tokens_input", "tti"], ["total_tokens_output", "tto"], ["estimated_tokens_saved", "ets"], ["files_processed", "fps"], ["symbols_extracted", "se"],
  ["skills_dir", "sd"], ["healthy", "ok"], ["broken", "brk"], ["skills", "sks"], ["manifest_diffs", "mdf"], ["similar_pairs", "sim"], ["usage", "usg"], ["cleanup", "cln"], ["has_skill_md", "hsm"], ["is_symlink", "isl"], ["issues", "iss"], ["invocation_count", "inv"],
  ["reasons", "rsn"], ["token_estimate", "te"], ["skill_a", "sa"], ["skill_b", "sb"], ["desc_a", "da"], ["desc_b", "db"], ["annotations", "ann"], ["entity", "ety"], ["suggestion", "sug"],
  ["columns", "cols"], ["row_count", "rc"], ["notnull", "nn"], ["default_value", "dv"], ["replace_all", "ra"],
];

export const TERSE_KEYS: ReadonlyMap<string, string> = new Map(TERSE_PAIRS);
