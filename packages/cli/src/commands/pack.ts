import { defineCommand } from "../definition/define-command";
import { DIR, PATH, SCOPE } from "../definition/common-options";

/** `tsift pack [dir]`: a PageRank-ranked repo map filling a token budget. */
export const pack = defineCommand({
  name: "pack",
  summary: "a repo map for tools without hooks: top files and symbols by PageRank, filling a token budget",
  helpOrder: 420,
  readsIndex: true,
  positionals: [DIR],
  options: {
    budget: { type: "number", default: 4096, min: 256, description: "tokens the pack may take (o200k_base, counted exactly)" },
    changed: { type: "boolean", description: "centre on the changes in the working tree against HEAD (untracked files too)" },
    since: { type: "string", description: "centre on the changes since the merge base of REF and HEAD" },
    profile: {
      type: "string",
      choices: ["plan", "debug", "review"],
      default: "plan",
      description: "plan: public API signatures; debug: changed symbols with callers/callees; review: changed symbols with their first body lines",
    },
    format: { type: "string", choices: ["md", "xml", "json"], default: "md", description: "how the pack is written" },
    tokenMap: { type: "boolean", description: "add per-file token counts of the pack and of the whole files" },
    path: PATH,
    scope: SCOPE,
  },
  examples: [
    { command: "tsift pack --budget 8000 > repo-map.md", description: "an 8000-token map of the repository" },
    { command: "tsift pack --changed --profile review --format xml", description: "a review pack centred on uncommitted changes" },
    { command: "tsift pack --since main --profile debug --token-map", description: "a branch's changes with callers and callees, and where the tokens went" },
  ],
  async run(options, io) {
    const { pack } = await import("@tsift/search");
    const { data, root, notes } = await pack({
      cwd: io.cwd,
      budget: options.budget,
      ...(options.changed === true ? { changed: true } : {}),
      ...(options.since !== undefined ? { since: options.since } : {}),
      profile: options.profile,
      format: options.format,
      tokenMap: options.tokenMap === true,
      path: options.path ?? ".",
      ...(options.scope !== undefined ? { scope: options.scope } : {}),
    });
    return { data, root, notes };
  },
  output: async () => (await import("../pack/pack-output")).packOutput,
});
