import type { BudgetFlags } from "@tsift/digest/budget";
import type { RelatedProjectOptions } from "@tsift/search";
import { defineCommand } from "../definition/define-command";
import { PREVIEW_OPTIONS, DIR, PATH, SCOPE, limitOption } from "../definition/common-options";

/**
 * What the command line sets of `relatedProject`'s options (the process supplies `cwd`);
 * the preview flags are accepted, and related shows its hits whole.
 */
export type RelatedCliOptions = Omit<RelatedProjectOptions, "cwd"> & Required<Pick<RelatedProjectOptions, "limit">> & BudgetFlags;

/** `tsift related <file:line|handle> [dir]`: code similar to a chunk, same language first. */
export const related = defineCommand<RelatedCliOptions>()({
  name: "related",
  readOnly: true,
  summary: "code similar to a chunk (file:line or a search handle), same language first",
  helpOrder: 70,
  readsIndex: true,
  positionals: [{ name: "target", required: true, description: "file:line (root-relative), or an shit-* handle from a search preview" }, DIR],
  options: {
    ...PREVIEW_OPTIONS,
    path: PATH,
    limit: limitOption(10, "related chunks to return"),
    scope: { ...SCOPE, description: "workspace scope whose index to use" },
    model: { type: "string", description: "local Model2Vec directory, or tsift-hash-v1 (default: the shipped tsift-code-v1 model)" },
  },
  examples: [{ command: "tsift related src/users.ts:6 -l 3", description: "the three chunks most like the one at line 6" }],
  async run(options, io) {
    const { relatedProject } = await import("@tsift/search/project-search");
    const { data, root, notes } = await relatedProject({
      target: options.target,
      cwd: io.cwd,
      ...(options.path !== undefined ? { path: options.path } : {}),
      limit: options.limit,
      ...(options.scope !== undefined ? { scope: options.scope } : {}),
      ...(options.model !== undefined ? { model: options.model } : {}),
    });
    return { data, root, notes };
  },
  output: async () => (await import("../search-cmd/related-output")).relatedOutput,
});
