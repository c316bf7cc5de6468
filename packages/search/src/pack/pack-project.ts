import { basename } from "node:path";
import { TsiftError } from "@tsift/core";
import type { DiffTarget } from "@tsift/digest";
import { openReadIndex, pathArg as commandPath, readTransaction, repoMapRows } from "@tsift/index";
import { changedSymbols, type PackCentre } from "./changed-symbols";
import { fillPack } from "./fill-pack";
import {
  DEFAULT_PACK_BUDGET,
  MIN_PACK_BUDGET,
  PACK_FORMATS,
  PACK_PROFILES,
  type PackData,
  type PackOptions,
  type PackResult,
  type SkippedEntry,
} from "./pack-types";
import { rankRepoMap } from "./rank-repo-map";
import { buildOutputReason, secretPathReason } from "./secret-screen";
import { loadTokenCounter, PACK_TOKENIZER } from "./token-counter";

/** Skipped entries the data lists; `skipped_total` counts them all. */
const SKIPPED_LISTED = 20;

/**
 * `tsift pack`: a repo map for tools without tsift's hooks — the project's files and their
 * most important symbols' signatures, ranked by PageRank over the symbol graph (centred on
 * the change with `changed`/`since`), filling a token budget counted exactly with a real
 * BPE tokenizer (`PACK_TOKENIZER`). Credential files and lines and build output are kept
 * out and listed as skipped. The index is refreshed first when files changed, as every
 * read command does. Deterministic: the same tree and options give the same bytes.
 */
export async function pack(options: PackOptions = {}): Promise<PackResult> {
  const budget = options.budget ?? DEFAULT_PACK_BUDGET;
  if (!Number.isInteger(budget) || budget < MIN_PACK_BUDGET) {
    throw new TsiftError("usage", `--budget must be a whole number of tokens, at least ${MIN_PACK_BUDGET}; got ${budget}`, {
      hint: "tsift pack --budget 4096",
    });
  }
  const profile = options.profile ?? "plan";
  if (!PACK_PROFILES.includes(profile))
    throw new TsiftError("usage", `unknown profile ${String(profile)}`, { hint: `pick one of ${PACK_PROFILES.join(", ")}` });
  const format = options.format ?? "md";
  if (!PACK_FORMATS.includes(format)) throw new TsiftError("usage", `unknown format ${String(format)}`, { hint: `pick one of ${PACK_FORMATS.join(", ")}` });
  if (options.changed === true && options.since !== undefined) {
    throw new TsiftError("usage", "--changed and --since cannot be combined", { hint: "--changed: the working tree against HEAD; --since REF: against REF" });
  }
  if (options.since !== undefined && options.since.trim() === "")
    throw new TsiftError("usage", "--since needs a git revision", { hint: "tsift pack --since main" });
  const target: DiffTarget | null = options.since !== undefined ? { kind: "base", ref: options.since } : options.changed === true ? { kind: "worktree" } : null;

  const index = await openReadIndex(options);
  let rows;
  try {
    rows = readTransaction(index.db, () => repoMapRows(index.db));
  } finally {
    await index.close();
  }
  const sourceRoot = index.location.sourceRoot;
  const centre: PackCentre | null = target ? await changedSymbols(sourceRoot, target, rows.symbols) : null;
  const notes = [...index.notes];
  if (centre && centre.symbols.size === 0) notes.push(`note: no indexed symbol changed (${centre.target}); the pack is ranked as without a centre`);

  const skipped: SkippedEntry[] = [];
  const excluded = new Set<string>();
  for (const file of rows.files) {
    const secret = secretPathReason(file.path);
    const build = secret === null ? buildOutputReason(file.path) : null;
    if (secret !== null) skipped.push({ path: file.path, reason: "secret_file", detail: secret });
    else if (build !== null) skipped.push({ path: file.path, reason: "build_output", detail: build });
    else continue;
    excluded.add(file.path);
  }
  const ranking = rankRepoMap(rows, { profile, changed: centre && centre.symbols.size > 0 ? centre.symbols : null, include: (path) => !excluded.has(path) });
  const count = await loadTokenCounter();
  const filled = await fillPack(ranking, {
    sourceRoot,
    format,
    budget,
    count,
    tokenMap: options.tokenMap === true,
    withBody: (symbol) => profile === "review" && (symbol.changed || centre === null),
    doc: {
      name: basename(sourceRoot),
      profile,
      budget,
      tokenizer: PACK_TOKENIZER,
      centre: centre ? { target: centre.target, files: centre.files } : null,
      skipped,
      skippedTotal: skipped.length,
    },
  });
  const data: PackData = {
    root: index.root,
    profile,
    format,
    budget,
    tokenizer: PACK_TOKENIZER,
    tokens: filled.tokens,
    centre: centre ? { target: centre.target, files: centre.files } : null,
    files: filled.files,
    left_out: filled.leftOut,
    skipped: filled.skipped.slice(0, SKIPPED_LISTED),
    skipped_total: filled.skipped.length,
    text: filled.text,
    ...(filled.tokenMap ? { token_map: filled.tokenMap } : {}),
  };
  return { data, root: index.root, pathArg: commandPath(options.cwd ?? process.cwd(), index.root), notes };
}
