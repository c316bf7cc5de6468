import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openProject, readCoChange, searchHistory } from "../src/index";
import { asJson, cliInProcess, GIT_ENV, removeTempDirs, tempDir } from "./cli-parity";

// `tsift history …` and `tsift cochange` are library calls: openProject().history and cochange() answer as the CLI does.

afterAll(() => removeTempDirs());

function repo(): string {
  const root = tempDir("tsift-open-project-history-");
  let clock = 1_700_000_000;
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: root, env: { ...GIT_ENV, GIT_AUTHOR_DATE: `${clock} +0000`, GIT_COMMITTER_DATE: `${clock} +0000` } });
  const commit = (message: string, files: Record<string, string>) => {
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), content);
    }
    git("add", "--", ...Object.keys(files));
    clock += 60;
    git("commit", "-q", "-m", message);
  };
  git("init", "-q", "-b", "main");
  commit("feat(api): routes\n\ntags: http", { "src/api/routes.ts": "export const r = 1;\n", "src/api/handlers.ts": "export const h = 1;\n" });
  commit("fix(api): a handler", { "src/api/routes.ts": "export const r = 2;\n", "src/api/handlers.ts": "export const h = 2;\n" });
  commit("docs: notes", { "docs/notes.md": "# notes\n", "src/api/routes.ts": "export const r = 3;\n" });
  return root;
}

describe("openProject().history and cochange()", () => {
  it("index, search, provenance, tags, artifacts and co-change return what the use cases return", async () => {
    const root = repo();
    const notes: string[] = [];
    const project = openProject(root, { onNote: (note) => notes.push(note) });
    const search = await project.history.search("handler");
    expect(notes.join("\n")).toMatch(/indexed the git history/);
    expect(search.results.map((hit) => hit.subject)).toEqual(["fix(api): a handler"]);
    expect(search).toEqual(await searchHistory({ root, query: "handler" }));
    expect(await project.history.index()).toMatchObject({ mode: "unchanged", commits_total: 3 });
    expect((await project.history.provenance("src/api/routes.ts")).total).toBe(3);
    expect((await project.history.tags()).tags.map((tag) => tag.tag)).toEqual(["api", "http", "docs"]);
    expect((await project.history.tags({ path: "src/api/routes.ts" })).artifact_tags).toEqual([
      { tag: "api", source: "folder" },
      { tag: "http", source: "explicit" },
    ]);
    expect((await project.history.artifacts({ tag: "http" })).total).toBe(2);
    const cochange = await project.cochange("src/api/routes.ts");
    expect(cochange.files.map((file) => [file.path, file.count])).toEqual([
      ["src/api/handlers.ts", 2],
      ["docs/notes.md", 1],
    ]);
    expect(cochange).toEqual(await readCoChange({ root, path: "src/api/routes.ts" }));
    await project.close();
    expect(existsSync(join(root, ".tsift", "history.db"))).toBe(true);
  });

  it("matches the built CLI's --json", async () => {
    const root = repo();
    const project = openProject(root);
    await project.history.index();
    expect(asJson(await project.history.search("api"))).toEqual(await cliInProcess(root, ["history", "search", "api"]));
    expect(asJson(await project.history.artifacts({ alive: true }))).toEqual(await cliInProcess(root, ["history", "artifacts", "--alive"]));
    expect(asJson(await project.cochange("src/api/routes.ts", { limit: 1 }))).toEqual(
      await cliInProcess(root, ["cochange", "src/api/routes.ts", "--limit", "1"]),
    );
    await project.close();
  });
});
