import { describe, expect, it } from "vitest";
import { rewriteCommand } from "../src/rewrite/rewrite-command";

const rewrite = (command: string) => rewriteCommand(command).rewrite;
const reason = (command: string) => {
  const report = rewriteCommand(command);
  expect(report.rewritten).toBe(false);
  return report.reason;
};

describe("rewriteCommand", () => {
  it.each([
    ["rg getUser", "tsift --envelope search getUser --exact --budget normal"],
    ["rg -n 'get user' src", "tsift --envelope search 'get user' src --exact --budget normal"],
    ["rg -F 'a.b(' src/", "tsift --envelope search 'a.b(' src/ --exact --budget normal"],
    ["rg -t ts createStore", "tsift --envelope search createStore --exact --budget normal --lang typescript"],
    ["grep -rn TODO .", "tsift --envelope search TODO . --exact --budget normal"],
    ["grep -R --line-number handler packages", "tsift --envelope search handler packages --exact --budget normal"],
    ["rg -i isstopped", "tsift --envelope search isstopped --exact --ignore-case --budget normal"],
    ["rg -in isstopped src", "tsift --envelope search isstopped src --exact --ignore-case --budget normal"],
    ["rg --smart-case isStopped", "tsift --envelope search isStopped --exact --smart-case --budget normal"],
    ["rg -S -s isStopped", "tsift --envelope search isStopped --exact --budget normal"],
    ["rg -s -i isStopped", "tsift --envelope search isStopped --exact --ignore-case --budget normal"],
    ["grep -rin todo .", "tsift --envelope search todo . --exact --ignore-case --budget normal"],
    ["grep -rs TODO .", "tsift --envelope search TODO . --exact --budget normal"],
  ])("routes the broad search %s", (command, expected) => {
    expect(rewrite(command)).toBe(expected);
  });

  it.each([
    ["git diff", "tsift diff-digest --unstaged --budget normal"],
    ["git diff -- src/a.ts", "tsift diff-digest src/a.ts --unstaged --budget normal"],
    ["git diff --cached", "tsift diff-digest --cached --budget normal"],
    ["git diff --staged -- src", "tsift diff-digest src --cached --budget normal"],
    ["git show", "tsift diff-digest --revision HEAD --budget normal"],
    ["git show abc123", "tsift diff-digest --revision abc123 --budget normal"],
    ["git log -p -1", "tsift diff-digest --revision HEAD --budget normal"],
    ["git log -p -n 1 main~2", "tsift diff-digest --revision 'main~2' --budget normal"],
  ])("routes the diff review %s", (command, expected) => {
    expect(rewrite(command)).toBe(expected);
  });

  it.each([
    ["npm test", "tsift --envelope run --kind test -- npm test"],
    ["npx vitest run src/a.test.ts", "tsift --envelope run --kind test -- npx vitest run src/a.test.ts"],
    ["node --test test/", "tsift --envelope run --kind test -- node --test test/"],
    ["pytest -x tests/test_api.py", "tsift --envelope run --kind test -- pytest -x tests/test_api.py"],
    ["python3 -m pytest", "tsift --envelope run --kind test -- python3 -m pytest"],
    ["cargo test --manifest-path Cargo.toml", "tsift --envelope run --kind test -- cargo test --manifest-path Cargo.toml"],
    ["go test ./...", "tsift --envelope run --kind test -- go test ./..."],
    ["CI=true npm test", "tsift --envelope run --kind test -- env CI=true npm test"],
    ["cargo build --release", "tsift --envelope run --kind log -- cargo build --release"],
    ["npm run build", "tsift --envelope run --kind log -- npm run build"],
    ["npx tsc -p .", "tsift --envelope run --kind log -- npx tsc -p ."],
  ])("routes the test run or build %s", (command, expected) => {
    expect(rewrite(command)).toBe(expected);
  });

  it.each([
    ["rg --files", /lists files/],
    ["rg -l foo", /lists files/],
    ["find . -name '*.ts'", /lists files/],
    ["ls -la", /lists files/],
    ["rg foo | head", /pipes/],
    ["grep -r foo . > out.txt", /redirects output/],
    ["npm test &", /background/],
    ["cd src && rg foo", /chains/],
    ["rg $PATTERN", /expands \$PATTERN/],
    ["rg foo src/*.ts", /glob/],
    ["rg $(cat pattern)", /substitution/],
    ["rg 'foo.*bar'", /regular expression/],
    ["rg -w foo", /no tsift search equivalent/],
    ["rg --hidden foo", /no tsift search equivalent/],
    ["rg --no-ignore foo", /no tsift search equivalent/],
    ["rg -ie foo", /filters or reshapes/],
    ["rg -g '*.ts' foo", /filters or reshapes/],
    ["rg foo src lib", /several paths/],
    ["grep foo file.txt", /without -r/],
    ["git diff main", /--base REF/],
    ["git diff --stat", /already a summary/],
    ["git log -p", /several commits/],
    ["git log --oneline", /history, not a diff/],
    ["git status", /not a diff review/],
    ["tsift search foo", /already a tsift command/],
    ["vim src/a.ts", /not a search/],
    ["", /empty/],
  ])("leaves %s alone with a reason", (command, why) => {
    expect(reason(command)).toMatch(why);
  });

  it("keeps the command as given and the argv beside the quoted rewrite", () => {
    expect(rewriteCommand("rg 'it''s'")).toEqual({
      command: "rg 'it''s'",
      rewritten: true,
      kind: "search",
      rewrite: "tsift --envelope search its --exact --budget normal",
      argv: ["--envelope", "search", "its", "--exact", "--budget", "normal"],
      reason: "broad rg search → bounded exact search with handles",
    });
  });
});
