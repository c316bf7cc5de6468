import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { TsiftError } from "@tsift/core/light";
import { defaultConfig } from "./default-config";
import type { TsiftConfig } from "./tsift-config";

/** Where the config lives, relative to the project root. */
export const CONFIG_RELATIVE_PATH = ".tsift/config.toml";

/**
 * Read `<root>/.tsift/config.toml`. A missing file is not an error (most projects
 * never write one) and yields the defaults; a directory in its place, an unreadable or
 * a malformed one throws `TsiftError("invalid_input")`; any other I/O failure `io_error`.
 */
export async function loadConfig(root: string): Promise<TsiftConfig> {
  const file = join(root, CONFIG_RELATIVE_PATH);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const errno = errorCode(error);
    if (errno === "ENOENT") {
      return defaultConfig();
    }
    // A config that is a directory or that this user may not read is the project's to fix, like malformed TOML.
    if (errno === "EISDIR" || errno === "EACCES" || errno === "EPERM") {
      const what = errno === "EISDIR" ? "is a directory, not a TOML file" : "cannot be read (permission denied)";
      throw new TsiftError("invalid_input", `config ${file} ${what}`, {
        details: { file, errno },
        hint: `make ${CONFIG_RELATIVE_PATH} a readable TOML file, or remove it to use the defaults`,
        cause: error,
      });
    }
    throw new TsiftError("io_error", `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`, {
      details: { file, errno },
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
