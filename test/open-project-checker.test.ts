import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openProject } from "../src/index";

// The repository's own typescript (a devDependency) stands in for the project's.
const TYPESCRIPT = dirname(createRequire(import.meta.url).resolve("typescript/package.json"));
const root = realpathSync(mkdtempSync(join(tmpdir(), "tsift-open-checker-")));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("openProject(...).index({ resolve: 'checker' })", () => {
  it("binds with the project's checker, and the graph reads use the answer", async () => {
    mkdirSync(join(root, "src"), { recursive: true });
    mkdirSync(join(root, "node_modules"), { recursive: true });
    symlinkSync(TYPESCRIPT, join(root, "node_modules", "typescript"), "dir");
    writeFileSync(
      join(root, "src/service.ts"),
      "export class Runner {\n  run(): number { return 1; }\n}\nexport class Other {\n  run(): number { return 2; }\n}\n",
    );
    // `const s = yield* …`-style inference: only the checker knows `s` is a Runner.
    writeFileSync(
      join(root, "src/main.ts"),
      "import { Runner } from './service';\nfunction* gen() { return new Runner(); }\nexport function* main() {\n  const s = yield* gen();\n  s.run();\n}\n",
    );
    const project = openProject(root);
    try {
      const report = await project.index({ resolve: "checker" });
      expect(report).toMatchObject({ checker: { files_checked: 1, bound: 1 } });
      const callers = await project.callers("Runner.run");
      expect("callers" in callers ? callers.callers : null).toEqual([
        expect.objectContaining({ caller_name: "main", call_site_line: 5, resolution: "checker" }),
      ]);
    } finally {
      await project.close();
    }
  });
});
