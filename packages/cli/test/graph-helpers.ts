import { cpSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "./helpers";

/** A temp copy of `fixtures/<name>`; `remove()` deletes it. Not indexed: the graph commands index it on first use. */
export function fixtureCopy(name: string): { root: string; remove(): void } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), `tsift-graph-${name}-`)));
  cpSync(join(repoRoot, "fixtures", name), root, { recursive: true });
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Names out of a list of `{ name }` (or call edges by one side). */
export const names = (items: readonly { name: string }[]) => items.map((item) => item.name);
