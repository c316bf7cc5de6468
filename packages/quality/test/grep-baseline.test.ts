import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { grepBaseline } from "../src/token-savings/grep-baseline";
import { shippedTokenSavingsFixturePath } from "../src/shipped-fixtures";
import { evaluateTokenSavings, readTokenSavingsFixture } from "../src/token-savings/token-savings";

const created: string[] = [];
afterEach(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string | Buffer>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "tsift-grep-baseline-")));
  created.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

const source = {
  "src/retry.ts": "export const retryPolicy = 1;\n// retryPolicyDefault is longer\nconst x = retryPolicy + 1;\n",
  "src/deep/more.ts": "import { retryPolicy } from '../retry';\n",
  "README.md": "Use retryPolicy to retry.\n",
};
// Everything an agent's search skips: tsift's own state, dependencies, build output, ignored and binary files.
const noise = {
  ".tsift/community-cache/root/0123.json": `${JSON.stringify({ members: Array.from({ length: 200 }, (_, i) => ({ name: `retryPolicy${i}` })) })}\n`,
  ".tsift/index.db": "retryPolicy\n",
  ".git/HEAD": "retryPolicy\n",
  "node_modules/pkg/index.js": "module.exports.retryPolicy = 1;\n",
  "src/node_modules/inner/x.ts": "retryPolicy\n",
  "dist/retry.js": "export const retryPolicy = 1;\n",
  "build/out.js": "retryPolicy\n",
  "coverage/lcov.info": "SF:retryPolicy\n",
  "src/retry.js.map": '{"names":["retryPolicy"]}\n',
  "generated/api.ts": "export const retryPolicy = 2;\n",
  "logo.bin": Buffer.concat([Buffer.from("retryPolicy"), Buffer.from([0, 1, 2])]),
};

describe("grepBaseline", () => {
  it("reads what an agent's grep reads: a .tsift/ full of matches, dependencies and build output change nothing", () => {
    const clean = tree({ ...source, ".gitignore": "generated/\n" });
    const noisy = tree({ ...source, ".gitignore": "generated/\n", ...noise });
    const expected = grepBaseline(clean, { literal: "retryPolicy" });
    expect(grepBaseline(noisy, { literal: "retryPolicy" })).toEqual(expected);
    expect(expected.command).toBe("rg -n retryPolicy");
    // Written out by hand from the three source files above.
    expect(expected.text).toBe(
      [
        "README.md:1:Use retryPolicy to retry.",
        "src/deep/more.ts:1:import { retryPolicy } from '../retry';",
        "src/retry.ts:1:export const retryPolicy = 1;",
        "src/retry.ts:2:// retryPolicyDefault is longer",
        "src/retry.ts:3:const x = retryPolicy + 1;",
        "",
      ].join("\n"),
    );
    const words = grepBaseline(noisy, { literal: "retryPolicy", word: true, suffixes: [".ts"] });
    expect(words.command).toBe("rg -nw -g '*.ts' retryPolicy");
    expect(words.text.split("\n").filter(Boolean)).toEqual([
      "src/deep/more.ts:1:import { retryPolicy } from '../retry';",
      "src/retry.ts:1:export const retryPolicy = 1;",
      "src/retry.ts:3:const x = retryPolicy + 1;",
    ]);
  });

  it.skipIf(spawnSync("rg", ["--version"]).status !== 0)("prints what ripgrep prints in a git work tree that ignores build output", () => {
    const root = tree({ ...source, ...noise, ".gitignore": "generated/\nnode_modules/\ndist/\nbuild/\ncoverage/\n*.map\n" });
    execFileSync("git", ["init", "-q"], { cwd: root });
    for (const [literal, word] of [
      ["retryPolicy", false],
      ["retryPolicy", true],
      ["retry", true],
    ] as const) {
      const rg = spawnSync("rg", ["-n", "--sort", "path", ...(word ? ["-w"] : []), literal], {
        cwd: root,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
      expect(grepBaseline(root, { literal, word }).text, `${literal} ${word}`).toBe(rg.stdout);
    }
  });
});

describe("the shipped token-savings fixture", () => {
  it("records grep reads without tsift's state, dependencies or build output", () => {
    const fixture = readTokenSavingsFixture(shippedTokenSavingsFixturePath());
    const grepCases = fixture.cases.filter((entry) => entry.surface === "search" || entry.surface === "explain");
    expect(grepCases.length).toBeGreaterThan(0);
    for (const entry of grepCases) {
      const paths = entry.raw.text
        .split("\n")
        .map((line) => /^(?:\.\/)?([^:\s]+):\d+:/.exec(line)?.[1])
        .filter((path): path is string => path !== undefined);
      const skipped = paths.filter((path) => /(^|\/)(\.[^/]+|node_modules|dist|build|coverage)\//.test(path) || path.endsWith(".map"));
      expect(skipped, entry.id).toEqual([]);
    }
  });
});

describe("evaluateTokenSavings", () => {
  it("reports an answer longer than the raw read as a negative saving, not as 0", async () => {
    const raw = "a.ts:1:export const x = 1;\n";
    const answer = `${"a longer answer than the raw read, with handles and ranks; ".repeat(4)}a.ts:1\n`;
    const report = await evaluateTokenSavings({
      version: 1,
      cases: [
        {
          id: "small",
          surface: "search",
          source: "test",
          raw: { command: "rg -n x", text: raw },
          answer: { command: "tsift search x", text: answer },
          required: ["a.ts:1"],
          min_savings: 0.7,
        },
      ],
    });
    const [entry] = report.cases;
    // Independent count: o200k_base through gpt-tokenizer's own encoder, not the report's arithmetic.
    const { encode } = await import("gpt-tokenizer/encoding/o200k_base");
    expect(entry!.raw_tokens).toBe(encode(raw).length);
    expect(entry!.answer_tokens).toBe(encode(answer).length);
    expect(entry!.savings).toBeLessThan(0);
    expect(entry!.savings).toBeCloseTo(1 - encode(answer).length / encode(raw).length, 3);
    expect(entry!.pass).toBe(false);
  });
});
