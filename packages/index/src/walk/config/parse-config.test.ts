import { isTsiftError, type TsiftError } from "@tsift/core";
import { describe, expect, it } from "vitest";
import { defaultConfig } from "./default-config";
import { parseConfig } from "./parse-config";
import { DEFAULT_MAX_FILE_BYTES } from "./tsift-config";

const FILE = "/work/project/.tsift/config.toml";

function parseError(text: string): TsiftError {
  try {
    parseConfig(text, FILE);
  } catch (error) {
    if (isTsiftError(error)) return error;
    throw error;
  }
  throw new Error("expected parseConfig to throw");
}

describe("parseConfig", () => {
  it("fills every default for an empty file", () => {
    expect(parseConfig("", FILE)).toEqual({ ...defaultConfig(), source: FILE });
    const config = parseConfig("", FILE);
    expect(config.defaults).toEqual({ federation: true, tier: "shared" });
    expect(config.index).toEqual({ maxFileBytes: DEFAULT_MAX_FILE_BYTES, exclude: [] });
    expect(DEFAULT_MAX_FILE_BYTES).toBe(1_048_576);
    expect(config.warnings).toEqual([]);
  });

  it("reads the documented example", () => {
    const config = parseConfig(
      `
[defaults]
federation = true

[overrides.session-share]
federation = false
isolated = true

[overrides.mail]
federation = false
`,
      FILE,
    );
    expect(config.defaults.federation).toBe(true);
    expect(config.overrides["session-share"]).toEqual({ federation: false, tier: "isolated" });
    expect(config.overrides.mail).toEqual({ federation: false });
    expect(config.warnings).toEqual([]);
  });

  it("reads a full config with every section", () => {
    const config = parseConfig(
      `
[defaults]
federation = true
tier = "shared"

[autoindex]
focus = ["agent-doc", "src/session-share"]
cpu_affinity = "16-31"

[overrides.mail]
federation = false
tier = "private"

[overrides.session-share]
tier = "isolated"

[overrides.agent-doc]
federation = true
instructions = false

[overrides."vendor/foo"]
tier = "private"

[findings]
passive_harvest = true

[summarize]
model = "claude-haiku-4-5-20251001"
batch = true
max_file_tokens = 8000
api_key_env = "ANTHROPIC_API_KEY"
`,
      FILE,
    );
    expect(config.overrides).toEqual({
      mail: { federation: false, tier: "private" },
      "session-share": { tier: "isolated" },
      "agent-doc": { federation: true, instructions: false },
      "vendor/foo": { tier: "private" },
    });
    expect(config.autoindex).toEqual({ focus: ["agent-doc", "src/session-share"], cpuAffinity: "16-31" });
    expect(config.findings.passiveHarvest).toBe(true);
    expect(config.summarize).toEqual({
      model: "claude-haiku-4-5-20251001",
      batch: true,
      maxFileTokens: 8000,
      apiKeyEnv: "ANTHROPIC_API_KEY",
    });
    expect(config.warnings).toEqual([]);
  });

  it("reads [index] max_file_bytes and exclude", () => {
    const config = parseConfig(
      `
[index]
max_file_bytes = 2_097_152
exclude = ["vendor/**", "**/*.generated.ts"]
`,
      FILE,
    );
    expect(config.index).toEqual({ maxFileBytes: 2_097_152, exclude: ["vendor/**", "**/*.generated.ts"] });
  });

  it("reads [index] resolve, and refuses a resolver it does not know", () => {
    expect(parseConfig('[index]\nresolve = "checker"\n', FILE).index.resolve).toBe("checker");
    expect(parseConfig('[index]\nresolve = "declarations"\n', FILE).index.resolve).toBe("declarations");
    expect(parseConfig("[index]\n", FILE).index.resolve).toBeUndefined();
    expect(() => parseConfig('[index]\nresolve = "types"\n', FILE)).toThrow(expect.objectContaining({ code: "invalid_input" }));
  });

  it("warns when max_file_bytes asks for more than the per-file limit", () => {
    const config = parseConfig("[index]\nmax_file_bytes = 100_000_000\n", FILE);
    expect(config.index.maxFileBytes).toBe(100_000_000);
    expect(config.warnings).toEqual([`${FILE}: \`index.max_file_bytes\` = 100000000 is over the per-file limit; files over 16777216 bytes are still skipped`]);
    expect(parseConfig("[index]\nmax_file_bytes = 16_777_216\n", FILE).warnings).toEqual([]);
  });

  it("accepts a UTF-8 byte-order mark", () => {
    expect(parseConfig("\uFEFF[defaults]\nfederation = false\n", FILE).defaults.federation).toBe(false);
  });

  describe("malformed TOML", () => {
    it("names the file and the line", () => {
      const error = parseError("[defaults]\nfederation = true\ntier = \n");
      expect(error.code).toBe("invalid_input");
      expect(error.message).toContain(FILE);
      expect(error.message).toContain(`${FILE}:3:`);
      expect(error.details).toMatchObject({ file: FILE, line: 3 });
    });

    it("reports duplicate keys on their line", () => {
      const error = parseError("[index]\nmax_file_bytes = 1\n\n\nmax_file_bytes = 2\n");
      expect(error.code).toBe("invalid_input");
      expect(error.details?.line).toBe(5);
    });

    it("reports an unterminated table header", () => {
      const error = parseError("# comment\n[overrides.mail\nfederation = false\n");
      expect(error.details?.line).toBe(2);
      expect(error.message).toMatch(/invalid TOML/);
    });

    it("keeps the TOML error as the cause", () => {
      expect(parseError("= 1").cause).toBeInstanceOf(Error);
    });
  });

  describe("wrong value types", () => {
    it.each([
      ['[defaults]\nfederation = "yes"\n', "defaults.federation"],
      ['[defaults]\ntier = "public"\n', "defaults.tier"],
      ["[overrides.mail]\ntier = 3\n", "overrides.mail.tier"],
      ["[overrides.mail]\ninstructions = 1\n", "overrides.mail.instructions"],
      ['[overrides."vendor/foo"]\nisolated = "true"\n', 'overrides."vendor/foo".isolated'],
      ['[index]\nmax_file_bytes = "1MB"\n', "index.max_file_bytes"],
      ["[index]\nmax_file_bytes = 0\n", "index.max_file_bytes"],
      ["[index]\nmax_file_bytes = 1.5\n", "index.max_file_bytes"],
      ['[index]\nexclude = "vendor/**"\n', "index.exclude"],
      ['[index]\nexclude = ["ok", 2]\n', "index.exclude[1]"],
      ['[index]\nexclude = [""]\n', "index.exclude[0]"],
      ["index = 5\n", "index"],
      ["[overrides]\nmail = true\n", "overrides.mail"],
      ["[autoindex]\nfocus = [1]\n", "autoindex.focus[0]"],
      ["[findings]\npassive_harvest = 2024-01-01\n", "findings.passive_harvest"],
    ])("%j names %s", (text, key) => {
      const error = parseError(text);
      expect(error.code).toBe("invalid_input");
      expect(error.message).toContain(`\`${key}\``);
      expect(error.message).toContain(FILE);
      expect(error.details?.key).toBe(key);
    });
  });

  describe("unknown keys", () => {
    it("warns and keeps going", () => {
      const config = parseConfig(
        `
colour = "blue"

[defaults]
federation = false
federate = true

[index]
max_size = 10

[overrides.mail]
teir = "private"

[plugins]
x = 1
`,
        FILE,
      );
      expect(config.defaults.federation).toBe(false);
      expect(config.overrides.mail).toEqual({});
      expect(config.warnings).toHaveLength(5);
      for (const key of ["colour", "plugins", "defaults.federate", "index.max_size", "overrides.mail.teir"]) {
        expect(config.warnings.some((warning) => warning.includes(`\`${key}\``) && warning.includes(FILE))).toBe(true);
      }
    });

    it("suggests the known keys of the table", () => {
      const [warning] = parseConfig("[index]\nexcludes = []\n", FILE).warnings;
      expect(warning).toContain("max_file_bytes, exclude");
    });
  });

  describe("isolated and tier", () => {
    it("reads isolated = true as the isolated tier", () => {
      expect(parseConfig("[overrides.x]\nisolated = true\n", FILE).overrides.x).toEqual({ tier: "isolated" });
    });

    it("accepts a consistent pair and ignores isolated = false alone", () => {
      expect(parseConfig('[overrides.x]\nisolated = true\ntier = "isolated"\n', FILE).overrides.x).toEqual({
        tier: "isolated",
      });
      expect(parseConfig("[overrides.x]\nisolated = false\n", FILE).overrides.x).toEqual({});
      expect(parseConfig('[overrides.x]\nisolated = false\ntier = "private"\n', FILE).overrides.x).toEqual({
        tier: "private",
      });
    });

    it("rejects a contradiction", () => {
      expect(parseError('[overrides.x]\nisolated = true\ntier = "shared"\n').code).toBe("invalid_input");
      expect(parseError('[overrides.x]\nisolated = false\ntier = "isolated"\n').code).toBe("invalid_input");
    });

    it("warns that federation = true cannot federate a private scope", () => {
      const config = parseConfig('[overrides.mail]\ntier = "private"\nfederation = true\n', FILE);
      expect(config.warnings).toHaveLength(1);
      expect(config.warnings[0]).toContain("overrides.mail.federation");
    });
  });

  it("treats scope names like __proto__ and constructor as plain keys", () => {
    const config = parseConfig('[overrides.constructor]\ntier = "private"\n[overrides.__proto__]\ntier = "isolated"\n', FILE);
    expect(Object.keys(config.overrides).sort()).toEqual(["__proto__", "constructor"]);
    expect(Object.hasOwn(config.overrides, "toString")).toBe(false);
  });
});
