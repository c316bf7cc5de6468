import { rewriteCommand } from "../rewrite/rewrite-command";
import type { CoverageCounter } from "./coverage";
import type { SimRandom } from "./prng";

/** The rewrite edge classes the corpus must reach: four routed kinds and the shapes that must pass through. */
export const REWRITE_CLASSES = ["search", "diff", "test", "build", "listing", "pipe", "glob", "regex", "redirect", "substitution", "already_tsift"] as const;
export type RewriteClass = (typeof REWRITE_CLASSES)[number];

const WORDS = ["useState", "getUser", "parseConfig", "TODO", "handleRequest", "retryPolicy", "Layer", "fetchJson"];
const DIRS = ["src", "lib", "packages/core/src", ".", "test"];
const ROUTED: Partial<Record<RewriteClass, "search" | "diff" | "test" | "build">> = { search: "search", diff: "diff", test: "test", build: "build" };

/** One generated shell command of a class. */
export function generateRewriteCase(random: SimRandom): { edgeClass: RewriteClass; command: string } {
  const edgeClass = random.pick(REWRITE_CLASSES);
  const word = random.pick(WORDS);
  const dir = random.pick(DIRS);
  const search = random.pick([
    `rg ${word} ${dir}`,
    `grep -rn ${word} ${dir}`,
    `rg -F ${word} ${dir}`,
    `grep -r ${word} ${dir}`,
    `rg -i ${word} ${dir}`,
    `rg -S ${word} ${dir}`,
  ]);
  const commands: Record<RewriteClass, readonly string[]> = {
    search: [search],
    diff: ["git diff", "git diff --cached", "git show HEAD", `git show HEAD~${random.int(5) + 1}`],
    test: ["npm test", "pytest -q", "cargo test", "go test ./...", `CI=1 npm test`],
    build: ["npm run build", "cargo build", "tsc -p .", "make"],
    listing: [`ls -la ${dir}`, `find ${dir} -name '*.ts'`, `tree ${dir}`, `du -sh ${dir}`],
    pipe: [`${search} | head -${random.int(40) + 1}`, `git diff | less`, `npm test | tail -20`],
    glob: [`rg ${word} ${dir}/*.ts`, `grep -rn ${word} src/**/*.tsx`],
    regex: [`rg '${word}.*(' ${dir}`, `rg -w ${word} ${dir}`, `grep -rnE '${word}|other' ${dir}`],
    redirect: [`${search} > hits.txt`, "npm test 2> err.log", `cargo build > build.log`],
    substitution: [`rg $(cat pattern.txt) ${dir}`, "grep -rn `whoami` .", `npm test; echo done\nrg ${word}`],
    already_tsift: [`tsift search ${word}`, `npx tsift diff-digest`, `tsift run --kind test -- npm test`],
  };
  return { edgeClass, command: random.pick(commands[edgeClass]) };
}

/**
 * Runs one case through the real `rewriteCommand` and returns the broken invariant, if any:
 * routed classes rewrite to their kind, every other class passes through with a reason, a
 * rewrite is a tsift command that is itself left alone, and the answer is the same twice.
 */
export function checkRewriteCase(edgeClass: RewriteClass, command: string): string | null {
  const report = rewriteCommand(command);
  const again = rewriteCommand(command);
  if (JSON.stringify(report) !== JSON.stringify(again)) return "not deterministic";
  const expected = ROUTED[edgeClass];
  if (expected) {
    if (!report.rewritten || report.kind !== expected) return `expected a ${expected} rewrite, got ${report.kind ?? "none"} (${report.reason})`;
    if (!report.rewrite?.startsWith("tsift ") || !report.argv?.length) return `rewrite ${String(report.rewrite)} is not a tsift command line`;
    if (rewriteCommand(report.rewrite).rewritten) return `the rewrite ${report.rewrite} is rewritten again`;
    return null;
  }
  if (report.rewritten) return `a ${edgeClass} command was rewritten to ${report.rewrite}`;
  if (!report.reason) return "passed through without a reason";
  return null;
}

export function simulateRewrite(random: SimRandom, coverage: CoverageCounter, failures: string[]): void {
  const { edgeClass, command } = generateRewriteCase(random);
  coverage.hit("rewrite", edgeClass);
  const broken = checkRewriteCase(edgeClass, command);
  if (broken) failures.push(`rewrite ${edgeClass} ${JSON.stringify(command)}: ${broken}`);
}
