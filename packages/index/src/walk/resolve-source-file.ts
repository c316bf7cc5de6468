import { realpathSync, statSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { TsiftError } from "@tsift/core/light";

export interface SourceFile {
  absPath: string;
  /** Relative to `base`, `/`-separated. */
  rel: string;
  size: number;
}

/** Whether `path` is `root` or lies below it, judged by the text of the two absolute paths. */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

/**
 * Resolves a `source-read` argument inside the project, failing closed: relative paths
 * resolve from `base` (the project root, or a workspace scope's directory); a path
 * whose text leaves the root (`..`, an absolute path elsewhere) or whose real path
 * does (a symlink pointing out) is refused before anything is read.
 */
export function resolveSourceFile(root: string, base: string, file: string, command: "source-read" | "edit" = "source-read"): SourceFile {
  const verb = command === "edit" ? "changes" : "reads";
  const target = resolve(base, file);
  if (!isInside(root, target)) {
    throw new TsiftError("invalid_input", `${file} is outside the project root ${root}; ${command} only ${verb} files inside it`, {
      details: { file, root },
      hint: "pass a path inside the project, or --path <its root>",
    });
  }
  let real: string;
  try {
    real = realpathSync(target);
  } catch (error) {
    throw new TsiftError("not_found", `no such file: ${file}`, { cause: error, details: { file }, hint: "tsift symbols <name> finds a definition's file" });
  }
  if (!isInside(realpathSync(root), real)) {
    throw new TsiftError(
      "invalid_input",
      `${file} resolves outside the project root (through a symbolic link to ${real}); refusing to ${command === "edit" ? "change" : "read"} it`,
      {
        details: { file, real },
      },
    );
  }
  const stats = statSync(real);
  if (!stats.isFile()) throw new TsiftError("invalid_input", `${file} is not a regular file`, { details: { file } });
  return { absPath: real, rel: relative(realpathSync(base), real).split(sep).join("/"), size: stats.size };
}
