/**
 * Directory names the walk never enters, wherever they appear, with or without a
 * `.gitignore`: dependency trees, build output and tool caches hold generated or
 * third-party code that would drown the project's own symbols. The list is the
 * usual dependency, build and cache directories plus `target` and `vendor`; hidden
 * directories (`.git`, `.venv`, `.cache`, `.tsift`…) are skipped by the hidden rule anyway
 * but stay listed so the set documents the intent on its own.
 */
export const DEFAULT_IGNORED_DIRS: ReadonlySet<string> = new Set([
  ".git",
  ".hg",
  ".svn",
  "__pycache__",
  ".mypy_cache",
  ".pytest_cache",
  ".ruff_cache",
  "node_modules",
  ".venv",
  "venv",
  ".tox",
  ".eggs",
  ".cache",
  ".sifs",
  ".tsift",
  "dist",
  "build",
  "target",
  "vendor",
]);
