import { createHash } from "node:crypto";

/**
 * A short stable handle: `<prefix>-` + the first 12 hex digits of sha256(identity).
 * Identities are built from root-relative paths, lines and names only, so the same
 * item gets the same handle on every run and machine.
 */
export function stableHandle(prefix: string, identity: string): string {
  return `${prefix}-${createHash("sha256").update(identity).digest("hex").slice(0, 12)}`;
}
