import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findGitRepo } from "./internal/git-repo";
import { ancestorLayers, isIgnored, layerFor } from "./internal/ignore-rules";

/**
 * Makes sure git ignores `<root>/.tsift/`: the index is machine-local state and must
 * never be committed. Appends `.tsift/` to `<root>/.gitignore` (creating the file)
 * when the root is in a git work tree and no rule there or above already covers it.
 * Outside git it only edits an existing `.gitignore`. Returns true when it wrote.
 */
export function ensureGitignoreEntry(root: string): boolean {
  const path = join(root, ".gitignore");
  let text: string | null;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    text = null;
  }
  const repo = findGitRepo(root);
  if (text === null && !repo) return false;
  const layers = repo ? ancestorLayers(repo, root) : [];
  if (text !== null) layers.push(layerFor(text, ""));
  if (isIgnored(layers, ".tsift/")) return false;
  const prefix = text === null || text === "" || text.endsWith("\n") ? "" : "\n";
  writeFileSync(path, `${text ?? ""}${prefix}.tsift/\n`);
  return true;
}
