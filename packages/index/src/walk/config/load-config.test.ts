import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isTsiftError, type TsiftError } from "@tsift/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultConfig } from "./default-config";
import { CONFIG_RELATIVE_PATH, loadConfig } from "./load-config";

let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "tsift-config-"));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function writeConfig(text: string): Promise<string> {
  await mkdir(join(root, ".tsift"), { recursive: true });
  const file = join(root, CONFIG_RELATIVE_PATH);
  await writeFile(file, text);
  return file;
}

async function loadError(): Promise<TsiftError> {
  try {
    await loadConfig(root);
  } catch (error) {
    if (isTsiftError(error)) return error;
    throw error;
  }
  throw new Error("expected loadConfig to fail");
}

describe("loadConfig", () => {
  it("returns defaults when the project has no .tsift directory", async () => {
    expect(await loadConfig(root)).toEqual(defaultConfig());
  });

  it("returns defaults when .tsift exists without config.toml", async () => {
    await mkdir(join(root, ".tsift"));
    const config = await loadConfig(root);
    expect(config.source).toBeNull();
    expect(config.defaults.federation).toBe(true);
  });

  it("reads and parses the file", async () => {
    const file = await writeConfig('[overrides.mail]\ntier = "private"\n\n[index]\nexclude = ["dist/**"]\n');
    const config = await loadConfig(root);
    expect(config.source).toBe(file);
    expect(config.overrides.mail).toEqual({ tier: "private" });
    expect(config.index.exclude).toEqual(["dist/**"]);
  });

  it("reports malformed TOML with the real path and line", async () => {
    const file = await writeConfig("[defaults]\nfederation = true\n\n[index\n");
    const error = await loadError();
    expect(error.code).toBe("invalid_input");
    expect(error.message).toContain(`${file}:4:`);
    expect(error.details).toMatchObject({ file, line: 4 });
  });

  it("returns warnings for unknown keys from a real file", async () => {
    await writeConfig("[defaults]\nfederaton = false\n");
    const config = await loadConfig(root);
    expect(config.defaults.federation).toBe(true);
    expect(config.warnings).toHaveLength(1);
    expect(config.warnings[0]).toContain("defaults.federaton");
  });

  it("fails with invalid_input, naming the fix, when config.toml is a directory", async () => {
    await mkdir(join(root, CONFIG_RELATIVE_PATH), { recursive: true });
    const error = await loadError();
    expect(error.code).toBe("invalid_input");
    expect(error.message).toContain("is a directory");
    expect(error.hint).toContain(CONFIG_RELATIVE_PATH);
  });

  it("fails with io_error when .tsift is a file", async () => {
    await writeFile(join(root, ".tsift"), "not a directory");
    expect((await loadError()).code).toBe("io_error");
  });

  it.skipIf(process.getuid?.() === 0)("fails with invalid_input when the file is unreadable", async () => {
    const file = await writeConfig("[defaults]\n");
    await chmod(file, 0o000);
    expect((await loadError()).code).toBe("invalid_input");
  });
});
