import { TsiftError } from "@tsift/core/light";
import { parse, TomlError } from "smol-toml";
import { defaultConfig } from "./default-config";
import {
  isTable,
  keyPath,
  readBoolean,
  readChoice,
  readPositiveInteger,
  readString,
  readStringArray,
  readTable,
  typeError,
  warnUnknownKeys,
  type FieldContext,
  type TomlTable,
} from "./config-fields";
import { CALL_RESOLVERS, HARD_MAX_FILE_BYTES, ISOLATION_TIERS, type ScopeOverride, type TsiftConfig } from "./tsift-config";

const SECTIONS = ["defaults", "overrides", "index", "autoindex", "summarize", "findings", "history"] as const;

/**
 * Parse the text of a `.tsift/config.toml`. `filePath` is used only in messages
 * and as `source`, so callers can parse text that never touched the disk.
 *
 * Fails closed on anything that would change behaviour silently: malformed TOML
 * (the message names the file, line and column) and values of the wrong type
 * (naming the key) throw `TsiftError("invalid_input")`. Unknown keys only warn,
 * so a config written for a newer tsift still loads in an older one.
 */
export function parseConfig(text: string, filePath: string): TsiftConfig {
  const root = parseToml(text, filePath);
  const config = defaultConfig();
  config.source = filePath;
  const ctx: FieldContext = { file: filePath, warnings: config.warnings };
  warnUnknownKeys(ctx, root, [], SECTIONS);

  const defaults = readTable(ctx, root, ["defaults"]);
  if (defaults !== undefined) {
    warnUnknownKeys(ctx, defaults, ["defaults"], ["federation", "tier"]);
    config.defaults.federation = readBoolean(ctx, defaults, ["defaults", "federation"]) ?? config.defaults.federation;
    config.defaults.tier = readChoice(ctx, defaults, ["defaults", "tier"], ISOLATION_TIERS) ?? config.defaults.tier;
  }

  const overrides = readTable(ctx, root, ["overrides"]);
  if (overrides !== undefined) {
    const parsed: Record<string, ScopeOverride> = Object.create(null) as Record<string, ScopeOverride>;
    for (const [scope, value] of Object.entries(overrides)) {
      if (!isTable(value)) throw typeError(ctx, keyPath(["overrides", scope]), "a table", value);
      parsed[scope] = parseOverride(ctx, scope, value);
    }
    config.overrides = parsed;
  }

  const index = readTable(ctx, root, ["index"]);
  if (index !== undefined) {
    warnUnknownKeys(ctx, index, ["index"], ["max_file_bytes", "exclude", "resolve"]);
    config.index.maxFileBytes = readPositiveInteger(ctx, index, ["index", "max_file_bytes"]) ?? config.index.maxFileBytes;
    if (config.index.maxFileBytes > HARD_MAX_FILE_BYTES) {
      ctx.warnings.push(
        `${ctx.file}: \`index.max_file_bytes\` = ${config.index.maxFileBytes} is over the per-file limit; files over ${HARD_MAX_FILE_BYTES} bytes are still skipped`,
      );
    }
    config.index.exclude = readStringArray(ctx, index, ["index", "exclude"]) ?? config.index.exclude;
    const resolve = readChoice(ctx, index, ["index", "resolve"], CALL_RESOLVERS);
    if (resolve !== undefined) config.index.resolve = resolve;
  }

  const autoindex = readTable(ctx, root, ["autoindex"]);
  if (autoindex !== undefined) {
    warnUnknownKeys(ctx, autoindex, ["autoindex"], ["focus", "cpu_affinity"]);
    config.autoindex.focus = readStringArray(ctx, autoindex, ["autoindex", "focus"]) ?? config.autoindex.focus;
    config.autoindex.cpuAffinity = readString(ctx, autoindex, ["autoindex", "cpu_affinity"]) ?? null;
  }

  const summarize = readTable(ctx, root, ["summarize"]);
  if (summarize !== undefined) {
    warnUnknownKeys(ctx, summarize, ["summarize"], ["model", "batch", "max_file_tokens", "api_key_env"]);
    const model = readString(ctx, summarize, ["summarize", "model"]);
    const batch = readBoolean(ctx, summarize, ["summarize", "batch"]);
    const maxFileTokens = readPositiveInteger(ctx, summarize, ["summarize", "max_file_tokens"]);
    const apiKeyEnv = readString(ctx, summarize, ["summarize", "api_key_env"]);
    if (model !== undefined) config.summarize.model = model;
    if (batch !== undefined) config.summarize.batch = batch;
    if (maxFileTokens !== undefined) config.summarize.maxFileTokens = maxFileTokens;
    if (apiKeyEnv !== undefined) config.summarize.apiKeyEnv = apiKeyEnv;
  }

  const findings = readTable(ctx, root, ["findings"]);
  if (findings !== undefined) {
    warnUnknownKeys(ctx, findings, ["findings"], ["passive_harvest"]);
    config.findings.passiveHarvest = readBoolean(ctx, findings, ["findings", "passive_harvest"]) ?? false;
  }

  const history = readTable(ctx, root, ["history"]);
  if (history !== undefined) {
    warnUnknownKeys(ctx, history, ["history"], ["strip_prefixes", "stop_tags", "max_files_per_commit"]);
    config.history.stripPrefixes = readStringArray(ctx, history, ["history", "strip_prefixes"]) ?? config.history.stripPrefixes;
    config.history.stopTags = readStringArray(ctx, history, ["history", "stop_tags"]) ?? config.history.stopTags;
    config.history.maxFilesPerCommit = readPositiveInteger(ctx, history, ["history", "max_files_per_commit"]) ?? config.history.maxFilesPerCommit;
  }

  return config;
}

function parseToml(text: string, filePath: string): TomlTable {
  try {
    // A UTF-8 BOM is legal in files saved by some editors but not in TOML.
    return parse(text.startsWith("\uFEFF") ? text.slice(1) : text);
  } catch (error) {
    if (error instanceof TomlError) {
      // smol-toml's message repeats the code excerpt; keep only its reason line.
      const reason = (error.message.split("\n")[0] ?? "").replace(/^Invalid TOML document:\s*/, "");
      throw new TsiftError("invalid_input", `${filePath}:${error.line}:${error.column}: invalid TOML: ${reason}`, {
        details: { file: filePath, line: error.line, column: error.column, excerpt: error.codeblock },
        hint: `Fix line ${error.line} of ${filePath}`,
        cause: error,
      });
    }
    throw error;
  }
}

function parseOverride(ctx: FieldContext, scope: string, table: TomlTable): ScopeOverride {
  const base = ["overrides", scope];
  warnUnknownKeys(ctx, table, base, ["federation", "isolated", "tier", "instructions"]);
  const federation = readBoolean(ctx, table, [...base, "federation"]);
  const isolated = readBoolean(ctx, table, [...base, "isolated"]);
  const instructions = readBoolean(ctx, table, [...base, "instructions"]);
  let tier = readChoice(ctx, table, [...base, "tier"], ISOLATION_TIERS);

  // Configs say `isolated = true` or `tier = "isolated"`; accept both but
  // refuse a contradiction instead of guessing which one the user meant.
  if (isolated !== undefined) {
    if (tier !== undefined && isolated !== (tier === "isolated")) {
      throw new TsiftError(
        "invalid_input",
        `${ctx.file}: \`${keyPath([...base, "isolated"])}\` = ${isolated} contradicts \`${keyPath([...base, "tier"])}\` = "${tier}"`,
        { details: { file: ctx.file, key: keyPath(base) }, hint: `Keep only \`tier\` in [${keyPath(base)}]` },
      );
    }
    if (isolated) tier = "isolated";
  }
  if (federation === true && (tier === "private" || tier === "isolated")) {
    ctx.warnings.push(`${ctx.file}: \`${keyPath([...base, "federation"])}\` = true is ignored because tier "${tier}" is never federated`);
  }

  const override: ScopeOverride = {};
  if (federation !== undefined) override.federation = federation;
  if (tier !== undefined) override.tier = tier;
  if (instructions !== undefined) override.instructions = instructions;
  return override;
}
