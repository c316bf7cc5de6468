import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { TsiftError } from "@tsift/core";

export type LibsqlMode = "local" | "remote";

/** Where a libSQL store lives, resolved once so every message can name it safely. */
export interface LibsqlTarget {
  mode: LibsqlMode;
  /** The URL form (for remote targets what @libsql/client receives); may carry a token, so it is never shown. */
  url: string;
  /** For messages and reports: a file path, or a URL without user info, query or fragment. */
  location: string;
  /** Local mode: the database file as the filesystem sees it (absent for in-memory). */
  path?: string;
}

const REMOTE_SCHEMES = new Set(["libsql", "http", "https", "ws", "wss"]);
// Two or more letters, so a Windows drive ("C:\graph.db") stays a plain path.
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]+):/u;
// RFC 3986 shape, as @libsql/client parses it (relative `file:` paths included).
const URI = /^(?<scheme>[A-Za-z][A-Za-z0-9+.-]*):(\/\/(?<authority>[^/?#]*))?(?<path>[^?#]*)(\?(?<query>[^#]*))?(#.*)?$/su;
const IN_MEMORY = new Set([":memory:", "file::memory:"]);

function invalidUrl(text: string, reason: string): TsiftError {
  return new TsiftError("invalid_input", `invalid libSQL URL ${redactLibsqlUrl(text)}: ${reason}`, {
    details: { location: redactLibsqlUrl(text) },
    hint: 'use a file path, a "file:" URL, or a "libsql:", "https:", "http:", "wss:" or "ws:" URL',
  });
}

/**
 * A URL as it may appear in messages: scheme, host, port and path only. Tokens can ride
 * in the query (`?authToken=`) or user info, so both are dropped rather than masked.
 */
export function redactLibsqlUrl(text: string): string {
  const match = URI.exec(text);
  if (!match?.groups) return SCHEME.test(text) ? `${text.split(":", 1)[0]}:<unparseable>` : text;
  const { scheme, authority, path } = match.groups;
  const host = authority === undefined ? "" : `//${authority.slice(authority.lastIndexOf("@") + 1)}`;
  return `${scheme}:${host}${path ?? ""}`;
}

function decodePath(encoded: string, text: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw invalidUrl(text, "its path has invalid percent encoding");
  }
}

/**
 * Resolves a file path or URL. Plain paths become absolute `file:` URLs built by
 * `pathToFileURL`, which percent-encodes spaces, `#`, `?` and `%` that would otherwise
 * be read as URL syntax; @libsql/client decodes them back.
 */
export function resolveLibsqlTarget(pathOrUrl: string): LibsqlTarget {
  if (pathOrUrl.trim() === "") throw new TsiftError("invalid_input", "a libSQL store needs a file path or URL");
  if (IN_MEMORY.has(pathOrUrl)) return { mode: "local", url: ":memory:", location: ":memory:" };
  const scheme = SCHEME.exec(pathOrUrl)?.[1]?.toLowerCase();
  if (scheme === undefined) {
    const path = resolve(pathOrUrl);
    return { mode: "local", url: pathToFileURL(path).href, location: pathOrUrl, path };
  }
  if (REMOTE_SCHEMES.has(scheme)) {
    const match = URI.exec(pathOrUrl);
    if (!match?.groups?.authority) throw invalidUrl(pathOrUrl, `a "${scheme}:" URL needs a host ("${scheme}://host")`);
    if (match.groups.authority.includes("@")) throw invalidUrl(pathOrUrl, "credentials in the URL are not supported; pass the token as authToken");
    return { mode: "remote", url: pathOrUrl, location: redactLibsqlUrl(pathOrUrl) };
  }
  if (scheme !== "file") throw invalidUrl(pathOrUrl, `the "${scheme}:" scheme is not supported`);
  const match = URI.exec(pathOrUrl);
  const host = match?.groups?.authority;
  if (host !== undefined && host !== "" && host.toLowerCase() !== "localhost") {
    throw invalidUrl(pathOrUrl, 'a "file:" URL names a local file: use "file:///absolute/path" or "file:relative/path"');
  }
  const encoded = match?.groups?.path ?? "";
  if (encoded === "") throw invalidUrl(pathOrUrl, "it names no file");
  const decoded = decodePath(encoded, pathOrUrl);
  if (decoded === ":memory:") return { mode: "local", url: ":memory:", location: ":memory:" };
  return { mode: "local", url: pathOrUrl, location: decoded, path: resolve(decoded) };
}
