import { describe, expect, it } from "vitest";
import { parseConfig } from "../src/index";

describe("[history] in config.toml", () => {
  it("reads strip_prefixes, stop_tags and max_files_per_commit, with defaults", () => {
    expect(parseConfig("", "c.toml").history).toEqual({ stripPrefixes: ["src", "lib", "components", "app", "pages"], stopTags: [], maxFilesPerCommit: 50 });
    const config = parseConfig('[history]\nstrip_prefixes = ["packages"]\nstop_tags = ["utils", "types"]\nmax_files_per_commit = 20\n', "c.toml");
    expect(config.history).toEqual({ stripPrefixes: ["packages"], stopTags: ["utils", "types"], maxFilesPerCommit: 20 });
    expect(config.warnings).toEqual([]);
  });

  it("fails closed on a wrong type and warns on an unknown key", () => {
    expect(() => parseConfig("[history]\nmax_files_per_commit = 0\n", "c.toml")).toThrow(expect.objectContaining({ code: "invalid_input" }));
    expect(() => parseConfig('[history]\nstop_tags = "utils"\n', "c.toml")).toThrow(expect.objectContaining({ code: "invalid_input" }));
    expect(parseConfig("[history]\nsnapshot_frequency = 5\n", "c.toml").warnings.join("\n")).toMatch(/history\.snapshot_frequency/);
  });
});
