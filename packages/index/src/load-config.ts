import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { TsiftError } from "@tsift/core/light";
import { defaultConfig } from "./default-config";
import type { TsiftConfig } from "./tsift-config";

/** Where the config lives, relative to the project root. */
export const CONFIG_RELATIVE_PATH = ".tsift/config.toml";

/**
 * Read `<root>/.tsift/config.toml`. A missing file is not an error (most projects
 * never write one) and yields the defaults; an unreadable one throws
 * `TsiftError("io_error")`, and a malformed one `TsiftError("invalid_input")`.
 */
export async function loadConfig(root: string): Promise<TsiftConfig> {
  const file = join(root, CONFIG_RELATIVE_PATH);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT") {
      return defaultConfig();
    }
    throw new TsiftError("io_error", `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`, {
      details: { file, errno: errorCode(error) },
      cause: error,
    });
  }
  // Loaded only when there is a file: the TOML parser is not worth a start-up cost for the many projects without one.
  const { parseConfig } = await import("./parse-config");
  return parseConfig(text, file);
}

function errorCode(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "code" in error && typeof error.code === "string") {
    return error.code;
  }
  return undefined;
}
