/** A commit message read as a conventional commit with an optional `tags:` line. */
export interface ParsedCommitMessage {
  subject: string;
  body: string;
  /** `feat`, `fix`, … lower-cased; null when the subject is not conventional. */
  type: string | null;
  scope: string | null;
  /** `type!:` or a `BREAKING CHANGE:` footer. */
  breaking: boolean;
  /** The `tags:` operations in the order written. */
  tagOps: TagOperation[];
}

export interface TagOperation {
  tag: string;
  op: "add" | "remove";
}

const CONVENTIONAL = /^([A-Za-z][\w-]*)(?:\(([^()\r\n]*)\))?(!)?:\s*(.*)$/;
const TAGS_LINE = /^tags:[ \t]*(.*)$/i;
const BREAKING_FOOTER = /^BREAKING[ -]CHANGE:/m;

export function parseCommitMessage(message: string): ParsedCommitMessage {
  const text = message.replace(/\r\n/g, "\n");
  const newline = text.indexOf("\n");
  const subject = (newline < 0 ? text : text.slice(0, newline)).trim();
  const body = newline < 0 ? "" : text.slice(newline + 1).trim();
  const match = CONVENTIONAL.exec(subject);
  const tagOps: TagOperation[] = [];
  for (const line of body.split("\n")) {
    const tags = TAGS_LINE.exec(line.trim());
    if (tags) tagOps.push(...parseTagLine(tags[1]!));
  }
  return {
    subject,
    body,
    type: match ? match[1]!.toLowerCase() : null,
    scope: match && match[2] !== undefined && match[2].trim() !== "" ? match[2].trim() : null,
    breaking: (match !== null && match[3] === "!") || BREAKING_FOOTER.test(body),
    tagOps,
  };
}

/** `+session, -auth, redis`: `+tag` and a bare tag add, `-tag` removes; commas or spaces separate. */
export function parseTagLine(line: string): TagOperation[] {
  const ops: TagOperation[] = [];
  for (const token of line.split(/[,\s]+/)) {
    if (token === "") continue;
    const op = token.startsWith("-") ? "remove" : "add";
    const tag = normalizeTag(token.replace(/^[+-]+/, ""));
    if (tag !== "") ops.push({ tag, op });
  }
  return ops;
}

export function normalizeTag(tag: string): string {
  return tag.trim().toLowerCase();
}

/**
 * The tags a path's directories give it: every directory name, lower-cased and without a
 * leading dot, except `stripPrefixes` (noise such as `src`) and `stopTags`, first
 * occurrence kept. The file name itself is never a tag.
 */
export function folderTags(path: string, stripPrefixes: readonly string[], stopTags: readonly string[]): string[] {
  const strip = new Set(stripPrefixes.map(normalizeTag));
  const stop = new Set(stopTags.map(normalizeTag));
  const tags: string[] = [];
  for (const segment of path.split("/").slice(0, -1)) {
    const tag = normalizeTag(segment.replace(/^\.+/, ""));
    if (tag === "" || strip.has(tag) || stop.has(tag) || tags.includes(tag)) continue;
    tags.push(tag);
  }
  return tags;
}
