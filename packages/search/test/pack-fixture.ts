import { execFileSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { writeTree } from "./fixture";

/**
 * A project whose call graph has a clear centre: `store.ts`'s `readRecord` is called from
 * every service, `format.ts` by two, and `legacy.ts` by nobody.
 */
export const PACK_PROJECT: Record<string, string> = {
  "src/store.ts": [
    "export interface StoredRecord {",
    "  id: string;",
    "  body: string;",
    "}",
    "",
    "export function readRecord(id: string): StoredRecord {",
    "  return { id, body: lookup(id) };",
    "}",
    "",
    "function lookup(id: string): string {",
    "  return id.toUpperCase();",
    "}",
    "",
  ].join("\n"),
  "src/format.ts": [
    'import { readRecord } from "./store";',
    "",
    "export function formatRecord(id: string): string {",
    "  return readRecord(id).body.trim();",
    "}",
    "",
  ].join("\n"),
  ...Object.fromEntries(
    ["billing", "orders", "users", "audit"].map((name) => [
      `src/services/${name}.ts`,
      [
        'import { readRecord } from "../store";',
        'import { formatRecord } from "../format";',
        "",
        `export function ${name}Report(id: string): string {`,
        `  const record = readRecord(id);`,
        `  return formatRecord(record.id) + readRecord(id).body;`,
        "}",
        "",
        `export class ${name[0]!.toUpperCase()}${name.slice(1)}Service {`,
        `  run(id: string): string {`,
        `    return ${name}Report(id);`,
        "  }",
        "}",
        "",
      ].join("\n"),
    ]),
  ),
  "src/legacy.ts": "export function unusedLegacyHelper(value: number): number {\n  return value * 2;\n}\n",
};

/** The reference count: gpt-tokenizer's o200k_base, imported here independently of the pack. */
export const referenceTokens = (text: string): number => countTokens(text);

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temp project with `files`; with `git`, a repository whose first commit holds them. */
export function packProject(files: Record<string, string> = PACK_PROJECT, options: { git?: boolean } = {}): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "tsift-pack-")));
  dirs.push(dir);
  // A fixed directory name: the pack's header names it, so its tokens are the same every run.
  const root = join(dir, "project");
  writeTree(root, files);
  if (options.git) {
    git(root, "init", "-q", "-b", "main");
    writeTree(root, { ".gitignore": ".tsift/\n" });
    git(root, "add", "-A");
    git(root, "commit", "-q", "-m", "first");
  }
  return root;
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "commit.gpgsign=false", ...args], {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}
