import { mkdtempSync, rmSync, unlinkSync, writeFileSync, appendFileSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CoverageCounter } from "./coverage";
import type { SimRandom } from "./prng";

/** Index status transitions: missing → fresh → stale (by edit, add or delete) → refreshed, and back to missing. */
export const STATUS_CLASSES = ["missing", "fresh", "stale_edit", "stale_add", "stale_delete", "refreshed", "wiped"] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

type Step = "edit" | "add" | "delete" | "index" | "wipe";

/**
 * Walks one temp project through `steps` random operations, asking the real index use cases
 * (`updateIndex`, `indexFreshness`) for the state after each and comparing it with the model.
 */
export async function simulateStatus(random: SimRandom, coverage: CoverageCounter, failures: string[], steps: number): Promise<void> {
  const { indexFreshness, indexLocation, updateIndex } = await import("@tsift/index/indexer");
  const root = realpathSync(mkdtempSync(join(tmpdir(), "tsift-simworld-")));
  const location = indexLocation(root);
  let files = ["a.ts", "b.ts"];
  let serial = 0;
  for (const file of files) writeFileSync(join(root, file), `export function ${file[0]}0(): number {\n  return 0;\n}\n`);
  let model: "missing" | "fresh" | "stale" = "missing";
  try {
    for (let index = 0; index < steps; index++) {
      const step: Step = index === 0 ? "index" : random.pick<Step>(["edit", "add", "delete", "index", "index", "wipe"]);
      let edgeClass: StatusClass;
      if (step === "index") {
        await updateIndex(location);
        edgeClass = model === "stale" ? "refreshed" : "fresh";
        model = "fresh";
      } else if (step === "wipe") {
        rmSync(join(root, ".tsift"), { recursive: true, force: true });
        edgeClass = model === "missing" ? "missing" : "wiped";
        model = "missing";
      } else {
        if (step === "edit") appendFileSync(join(root, random.pick(files)), `// edit ${++serial}\n`);
        else if (step === "add" || files.length === 1) {
          const name = `f${++serial}.ts`;
          writeFileSync(join(root, name), `export const v${serial} = ${serial};\n`);
          files = [...files, name];
        } else {
          const gone = random.pick(files);
          unlinkSync(join(root, gone));
          files = files.filter((file) => file !== gone);
        }
        const made = step === "delete" && files.length > 0 ? "stale_delete" : step === "edit" ? "stale_edit" : "stale_add";
        edgeClass = model === "missing" ? "missing" : made;
        if (model !== "missing") model = "stale";
      }
      coverage.hit("status", edgeClass);
      const seen = (await indexFreshness(location)).state;
      if (seen !== model) failures.push(`status step ${index} (${step}, ${edgeClass}): expected ${model}, index says ${seen}`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
