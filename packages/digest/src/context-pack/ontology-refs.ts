import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { stableHandle } from "@tsift/core/light";

/** A tag document under `.naming/tags/`, referenced by handle and path, never inlined. */
export interface OntologyRef {
  handle: string;
  /** The canonical tag: the file name without `.md`, lower-case. */
  tag: string;
  /** Relative to the project root. */
  path: string;
  title?: string;
  domain?: string;
}

export const ONTOLOGY_DIR = join(".naming", "tags");
/** Tag documents read; a project with more is read in name order up to this many. */
const MAX_TAG_DOCS = 1000;
/** Bytes of a tag document read for its title and domain. */
const HEAD_BYTES = 4096;

function metadata(text: string): { title?: string; domain?: string } {
  const found: { title?: string; domain?: string } = {};
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
  for (const line of front?.split(/\r?\n/) ?? []) {
    const field = /^(title|domain):\s*["']?(.*?)["']?\s*$/.exec(line);
    if (field && field[2]) found[field[1] as "title" | "domain"] = field[2];
  }
  found.title ??= /^#\s+(.+?)\s*$/m.exec(text)?.[1];
  if (found.title === undefined) delete found.title;
  return found;
}

/**
 * The project's tag vocabulary: one ref per `.naming/tags/*.md`, keyed by tag. Only the
 * head of each document is read (title, domain); the prose stays behind its path. No
 * directory, no vocabulary.
 */
export async function loadOntology(root: string): Promise<Map<string, OntologyRef>> {
  const dir = join(root, ONTOLOGY_DIR);
  const names = await readdir(dir).catch(() => [] as string[]);
  const refs = new Map<string, OntologyRef>();
  for (const name of names
    .filter((entry) => entry.endsWith(".md"))
    .sort()
    .slice(0, MAX_TAG_DOCS)) {
    const tag = name.slice(0, -3).toLowerCase();
    const text = await readFile(join(dir, name)).then(
      (bytes) => bytes.subarray(0, HEAD_BYTES).toString("utf8"),
      () => null,
    );
    if (text === null) continue;
    refs.set(tag, { handle: stableHandle("onto", tag), tag, path: `.naming/tags/${name}`, ...metadata(text) });
  }
  return refs;
}

/** The tag documents a symbol's family names: the whole `tag_alias`, then each of its words, in order. */
export function ontologyFor(tagAlias: string, ontology: ReadonlyMap<string, OntologyRef>): OntologyRef[] {
  const refs: OntologyRef[] = [];
  for (const key of [tagAlias, ...tagAlias.split("/")]) {
    const ref = ontology.get(key);
    if (ref && !refs.includes(ref)) refs.push(ref);
  }
  return refs;
}
