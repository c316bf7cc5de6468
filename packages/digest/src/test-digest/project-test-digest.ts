import { isAbsolute, relative, resolve } from "node:path";
import { isTsiftError } from "@tsift/core/light";
import { withEconomy, type DigestEconomy } from "../digest-economy";
import { summariesForAnchors, type DigestSummaries, type SummaryAnchor } from "../summaries/digest-summaries";
import { digestTestOutput, type TestDigestOptions } from "./digest-test-output";
import type { TestDigest, TestFailureGroup, TestFirstError } from "./test-digest-types";

export interface TestDigestRequest extends TestDigestOptions {
  /** Captured runner output. */
  text: string;
  /** The project the tests ran in (a path inside it is enough); default the working directory. */
  root?: string | undefined;
  /** A workspace scope whose index maps the frames. */
  scope?: string | undefined;
  /** Where suggested commands are run from (`root` resolves against it); default the working directory. */
  cwd?: string | undefined;
}

/** The indexed definition a failure's project frame lies in. */
export interface TestFrameSymbol {
  name: string;
  qualified_name: string;
  kind: string;
  file: string;
  line: number;
  end_line: number;
  handle: string;
}

/**
 * Whether frames were mapped to symbols: `mapped` (the index is fresh; each group says
 * what its frame lies in), `no_index` (no index yet), `stale_index` (files changed since
 * it was written, so lines may have moved), `unavailable` (the index could not be read),
 * `no_frames` (no failure points into the project). The digest never builds or updates
 * the index: `next` names the command that would.
 */
export interface TestSymbolMapping {
  status: "mapped" | "no_index" | "stale_index" | "unavailable" | "no_frames";
  mapped: number;
  note: string | null;
  next: string | null;
}

export type ProjectTestFailureGroup = TestFailureGroup & { symbol: TestFrameSymbol | null };

export interface ProjectTestDigest extends Omit<TestDigest, "failures"> {
  /** The project root the locations are relative to. */
  root: string;
  failures: ProjectTestFailureGroup[];
  symbols: TestSymbolMapping;
  /** Cached summaries of the failing frames' files (their symbols first), or why there are none. */
  summaries: DigestSummaries;
  economy: DigestEconomy;
}

/** A location under the project root, made root-relative; anything else as printed. */
function projectRelative(location: string | null, root: string): string | null {
  if (location === null) return null;
  const at = location.lastIndexOf(":");
  const file = location.slice(0, at);
  if (!isAbsolute(file)) return location;
  const inside = relative(root, file);
  return inside !== "" && !inside.startsWith("..") && !isAbsolute(inside) ? `${inside.split("\\").join("/")}${location.slice(at)}` : location;
}

/**
 * `digestTestOutput` for a project: locations under the project root are made
 * root-relative, and each failure group whose frame is the project's code gets the
 * indexed symbol that frame lies in, read from a fresh index.db through @tsift/index's
 * reader. The index is never built, refreshed or written here: without a fresh index
 * the frames stay unmapped and `symbols` says why.
 */
export async function testDigest(request: TestDigestRequest): Promise<ProjectTestDigest> {
  const { text, root: rootOption, scope, cwd, ...options } = request;
  const { economy: _economy, ...digest } = digestTestOutput(text, options);
  const read = await import("@tsift/index/graph-read");
  let root = resolve(cwd ?? process.cwd(), rootOption ?? ".");
  let mapping: TestSymbolMapping = { status: "no_frames", mapped: 0, note: null, next: null };
  let failures: ProjectTestFailureGroup[] = digest.failures.map((group) => ({ ...group, symbol: null }));
  let target: ReturnType<typeof read.resolveReadTarget> | null = null;
  try {
    target = read.resolveReadTarget({ cwd, path: root, scope });
    root = target.root;
  } catch (error) {
    if (!isTsiftError(error)) throw error;
    mapping = { status: "unavailable", mapped: 0, note: error.message, next: null };
  }
  failures = failures.map((group) => ({ ...group, location: projectRelative(group.location, root) }));
  const firstError: TestFirstError | null = digest.first_error ? { ...digest.first_error, location: projectRelative(digest.first_error.location, root) } : null;

  const wanted = failures.filter(
    (group) => group.in_project && group.location !== null && !isAbsolute(group.location.slice(0, group.location.lastIndexOf(":"))),
  );
  if (target && wanted.length > 0) mapping = await mapFrames(read, target, wanted);
  const anchors: SummaryAnchor[] = wanted.map((group) => ({
    path: group.location!.slice(0, group.location!.lastIndexOf(":")),
    ...(group.symbol ? { symbols: [group.symbol.qualified_name] } : {}),
  }));
  const summaries = await summariesForAnchors(root, anchors);
  const report = { ...digest, root, first_error: firstError, failures, symbols: mapping, summaries };
  return withEconomy(Buffer.byteLength(text, "utf8"), report);
}

type IndexReader = typeof import("@tsift/index/graph-read");

async function mapFrames(
  read: IndexReader,
  target: ReturnType<IndexReader["resolveReadTarget"]>,
  groups: ProjectTestFailureGroup[],
): Promise<TestSymbolMapping> {
  const { pathArg, scope } = target.place;
  const next = `tsift index${pathArg === "." ? "" : ` ${pathArg}`}${scope ? ` --submodule ${read.shellArg(scope)}` : ""}`;
  let connection;
  try {
    connection = read.openIndexIfBuilt(target.location);
  } catch (error) {
    if (!isTsiftError(error)) throw error;
    return { status: "unavailable", mapped: 0, note: error.message, next: null };
  }
  if (!connection) return { status: "no_index", mapped: 0, note: "no index yet: frames are not mapped to symbols", next };
  try {
    const config = await read.loadConfig(target.root);
    const freshness = await read.indexFreshness(target.location, { connection, exclude: config.index.exclude, maxFileBytes: config.index.maxFileBytes });
    if (freshness.state !== "fresh") {
      const why = freshness.state === "missing" ? "no index yet" : `${freshness.stale_files} file(s) changed since the last index run`;
      return { status: freshness.state === "missing" ? "no_index" : "stale_index", mapped: 0, note: `${why}: frames are not mapped to symbols`, next };
    }
    let mapped = 0;
    for (const group of groups) {
      const found = read.resolveSymbolArgument(connection.database, group.location!, { limit: 1 });
      if (found.status !== "resolved" || found.form !== "location") continue;
      const { name, qualified_name, kind, file, line, end_line, handle } = found.symbol;
      group.symbol = { name, qualified_name, kind, file, line, end_line, handle };
      mapped++;
    }
    return { status: "mapped", mapped, note: null, next: null };
  } finally {
    await connection.close();
  }
}
