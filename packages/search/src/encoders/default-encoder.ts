import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { TsiftError } from "@tsift/core";
import type { Encoder } from "./encoder";
import { createHashEncoder, HASH_ENCODER_ID } from "./hash-encoder";
import { loadModel2VecEncoder } from "./model2vec-encoder";

/** The code-search model @tsift/search ships (a static embedding in Model2Vec format). */
export const SHIPPED_MODEL = "tsift-code-v1";

/**
 * Where the shipped model lives: `models/tsift-code-v1/` beside this package's
 * package.json, found by the package's own name, so it resolves the same from the
 * sources, from dist/, from a bundle inside the workspace and from an installed tarball.
 */
export function shippedModelDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve("@tsift/search/package.json")), "models", SHIPPED_MODEL);
}

export interface ResolvedEncoder {
  encoder: Encoder;
  /** Set when the shipped model could not be read and the hash encoder answers instead. */
  warning?: string;
}

const loaded = new Map<string, ResolvedEncoder>();

/**
 * The dense encoder for a `model` option, loaded once per process (a daemon or MCP server
 * keeps it warm):
 * - null: the shipped model; if its files cannot be read (a damaged install), the
 *   model-free `tsift-hash-v1` encoder answers and `warning` says why;
 * - `tsift-hash-v1`: the hash encoder;
 * - anything else: a local Model2Vec directory, which must load (a wrong path fails closed).
 * Nothing is downloaded, ever. `shippedDir` is for tests.
 */
export function resolveEncoder(model: string | null, shippedDir: string = shippedModelDir()): ResolvedEncoder {
  const key = model ?? `shipped:${shippedDir}`;
  const cached = loaded.get(key);
  if (cached) return cached;
  let resolved: ResolvedEncoder;
  if (model === HASH_ENCODER_ID) resolved = { encoder: createHashEncoder() };
  else if (model !== null) resolved = { encoder: loadModel2VecEncoder(model) };
  else {
    try {
      resolved = { encoder: loadModel2VecEncoder(shippedDir) };
    } catch (error) {
      if (!(error instanceof TsiftError) && !(error instanceof Error && "code" in error)) throw error;
      resolved = {
        encoder: createHashEncoder(),
        warning: `the shipped ${SHIPPED_MODEL} model could not be loaded (${error.message}); dense ranking uses ${HASH_ENCODER_ID} instead. Reinstall @tsift/search to restore it.`,
      };
    }
  }
  loaded.set(key, resolved);
  return resolved;
}
