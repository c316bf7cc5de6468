import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { isAbsolute, relative, resolve } from "node:path";
import { shellArg, TsiftError } from "@tsift/core/light";
import { isInside, projectStatus, resolveProjectRoot } from "@tsift/index/indexer";
import { BUDGET_PRESETS, type Budget } from "../budget";
import { diffDigest } from "../diff-digest/index";
import { measureEconomy } from "../digest-economy";
import { digestLogStream } from "../log-digest/index";
import { sessionReview } from "../session/session-review";
import { testDigest, type TestRunner } from "../test-digest/index";
import type { ContextPack } from "./context-pack-types";
import { loadOntology, ontologyFor } from "./ontology-refs";
import { packDiff, packLog, packSymbols, packTest, type PackCaps } from "./pack-sections";

export interface ContextPackOptions {
  /** A document (a task file, notes) or a directory in the project; the pack is about its project. */
  target: string;
  /** What relative paths and the follow-up commands are relative to; default the process's. */
  cwd?: string | undefined;
  /** Include the worktree diff digest (touched files and symbols); default true. */
  diff?: boolean | undefined;
  /** Captured test-runner output to digest into the pack. */
  testInput?: string | undefined;
  /** The runner of `testInput`; default auto-detection. */
  runner?: TestRunner | "auto" | undefined;
  /** A captured build or service log to digest into the pack. */
  logInput?: string | undefined;
  /** Items per list and bytes per quoted field; default the `normal` preset, since a pack is a preview by design. */
  budget?: Budget | null | undefined;
  /** Where agent transcripts are looked for (defaults: `~/.claude`, `~/.codex`). */
  claudeDir?: string | undefined;
  codexDir?: string | undefined;
  /** A directory of transcripts read instead of both homes (see `SessionReviewOptions.transcriptDir`). */
  transcriptDir?: string | undefined;
}

async function fileKind(path: string, what: string): Promise<"file" | "directory"> {
  const info = await stat(path).catch(() => null);
  if (!info) throw new TsiftError("not_found", `${what} ${path} does not exist`, { hint: "pass a document or a directory inside the project" });
  return info.isDirectory() ? "directory" : "file";
}

/** A path as the caller would type it from `cwd`; one outside the project stays absolute. */
function fromCwd(cwd: string, path: string, root: string): string {
  if (!isInside(root, path)) return path;
  const rel = relative(cwd, path);
  return rel === "" ? "." : isAbsolute(rel) ? path : rel;
}

/**
 * `tsift context-pack`: one bounded handoff for an agent turn — what the agent sessions on
 * the target left to do (their resume packet), the worktree diff digest
 * (counts, first files, touched symbols behind stable handles), the test and log digests
 * of captured outputs, what `tsift status` warns about, and the commands that refresh or
 * expand each part. Every list is capped by the budget (`normal` by default) and says
 * how many it left out; the follow-up commands are never cut. Outside a git repository
 * the diff is left out with a note rather than failing the pack.
 */
export async function contextPack(options: ContextPackOptions): Promise<ContextPack> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const targetPath = resolve(cwd, options.target);
  const kind = (await fileKind(targetPath, "target")) === "directory" ? "directory" : "document";
  const { root } = resolveProjectRoot(targetPath);
  const budget = options.budget ?? { preset: "normal", ...BUDGET_PRESETS.normal };
  const caps: PackCaps = { maxItems: budget.maxItems ?? BUDGET_PRESETS.normal.maxItems, maxBytes: budget.maxBytes ?? BUDGET_PRESETS.normal.maxBytes };
  const rootArg = fromCwd(cwd, root, root);
  const place = rootArg === "." ? "" : ` ${shellArg(rootArg)}`;
  const notes: string[] = [];
  let truncated = false;
  let inputBytes = 0;

  const pack: ContextPack = {
    target: { path: fromCwd(cwd, targetPath, root), kind },
    root,
    session: null,
    diff: null,
    touched_symbols: [],
    symbol_refs: [],
    touched_symbols_total: 0,
    test: null,
    log: null,
    status_reminders: [],
    notes,
    follow_up: [],
    budget: { preset: budget.preset, max_items: caps.maxItems, max_bytes: caps.maxBytes },
    truncated: false,
    economy: { input_bytes: 0, output_bytes: 0, saved_percent: 0 },
  };

  if (options.diff !== false) {
    try {
      const report = await diffDigest({ root, budget: { preset: budget.preset, maxItems: caps.maxItems, maxBytes: caps.maxBytes } });
      inputBytes += report.economy.input_bytes;
      const diff = packDiff(report, caps, `tsift diff-digest${place}`);
      const { splitIdentifier } = await import("@tsift/graph");
      const symbols = packSymbols(report, caps, splitIdentifier, place);
      pack.diff = diff.value;
      pack.symbol_refs = symbols.value.refs;
      pack.touched_symbols = symbols.value.refs.map((ref) => `${ref.file}:${ref.name}`);
      pack.touched_symbols_total = symbols.value.total;
      const ontology = await loadOntology(root);
      if (ontology.size > 0) {
        const used = new Map<string, NonNullable<ContextPack["ontology_refs"]>[number]>();
        for (const ref of pack.symbol_refs) {
          const matched = ontologyFor(ref.tag_alias, ontology).slice(0, caps.maxItems);
          if (matched.length === 0) continue;
          ref.ontology_refs = matched;
          for (const each of matched) used.set(each.tag, each);
        }
        if (used.size > 0) pack.ontology_refs = [...used.values()];
      }
      truncated ||= diff.cut || symbols.cut;
    } catch (error) {
      // Not a git repository (or no git): the rest of the pack still stands.
      if (!(error instanceof TsiftError) || (error.code !== "not_found" && error.code !== "unsupported")) throw error;
      notes.push(`diff left out: ${error.message}`);
    }
  }

  if (options.testInput !== undefined) {
    const path = resolve(cwd, options.testInput);
    if ((await fileKind(path, "--test-input")) !== "file") throw new TsiftError("invalid_input", `--test-input ${options.testInput} is not a file`);
    const text = await readFile(path, "utf8");
    inputBytes += Buffer.byteLength(text);
    const runner = options.runner !== undefined && options.runner !== "auto" ? options.runner : undefined;
    const digest = await testDigest({ text, root, cwd: root, runner, budget: { preset: budget.preset, maxItems: caps.maxItems, maxBytes: caps.maxBytes } });
    const input = fromCwd(cwd, path, root);
    const test = packTest(digest, input, caps, `tsift test-digest${runner ? ` --runner ${runner}` : ""} --input ${shellArg(input)}${place}`);
    pack.test = test.value;
    truncated ||= test.cut;
  }

  if (options.logInput !== undefined) {
    const path = resolve(cwd, options.logInput);
    if ((await fileKind(path, "--log-input")) !== "file") throw new TsiftError("invalid_input", `--log-input ${options.logInput} is not a file`);
    const digest = await digestLogStream(createReadStream(path), { limit: caps.maxItems, maxLineBytes: caps.maxBytes });
    inputBytes += digest.economy.input_bytes;
    const input = fromCwd(cwd, path, root);
    const log = packLog(digest, input, caps, `tsift log-digest --input ${shellArg(input)}`);
    pack.log = log.value;
    truncated ||= log.cut;
  }

  const review = await sessionReview({
    target: targetPath,
    cwd,
    sessions: 5,
    limit: caps.maxItems,
    claudeDir: options.claudeDir,
    codexDir: options.codexDir,
    ...(options.transcriptDir !== undefined ? { transcriptDir: options.transcriptDir } : {}),
  });
  if (review.matched > 0) {
    pack.session = {
      matched: review.matched,
      latest: review.latest_session?.path ?? null,
      next_context: review.next_context,
      expand: `tsift session-review ${shellArg(pack.target.path)} --next-context${options.transcriptDir !== undefined ? ` --transcripts ${shellArg(options.transcriptDir)}` : ""}`,
    };
  }

  const status = await projectStatus({ cwd: root, path: root });
  pack.status_reminders = [...status.reminders];
  if (status.index.state === "missing")
    pack.status_reminders.push(`no index yet: run \`tsift index${place}\` so explain, impact and search can read the touched symbols`);
  else if (status.index.state === "corrupt" && status.index.problem) pack.status_reminders.push(`index unreadable: run \`${status.index.problem.next}\``);
  // Outdated instructions mislead the next turn; absent ones are a choice, not a warning.
  if (status.instructions.state === "stale") pack.status_reminders.push(`agent instructions are stale: run \`tsift init${place}\``);

  const refresh = [`tsift context-pack ${shellArg(pack.target.path)}`];
  if (options.diff === false) refresh[0] += " --no-diff";
  if (pack.test) refresh[0] += ` --test-input ${shellArg(pack.test.input)}`;
  if (pack.log) refresh[0] += ` --log-input ${shellArg(pack.log.input)}`;
  if (options.transcriptDir !== undefined) refresh[0] += ` --transcripts ${shellArg(options.transcriptDir)}`;
  const expand = [pack.session?.expand, pack.diff?.expand, pack.test?.expand, pack.log?.expand].filter((command): command is string => command !== undefined);
  // Never cut by the budget: a compact pack must still say how to refresh and expand itself.
  pack.follow_up = [...refresh, ...expand, ...(pack.diff ? [`tsift impact${place}`] : []), `tsift status${place}`];
  pack.truncated = truncated;
  pack.economy = measureEconomy(inputBytes, { ...pack, economy: undefined });
  return pack;
}
