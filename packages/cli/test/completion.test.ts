import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { COMMAND_DEFINITIONS } from "../src/cli-catalog";
import { completionScript } from "../src/definition/completion-script";
import { run } from "./helpers";

const dir = mkdtempSync(join(tmpdir(), "tsift-completion-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What bash offers for the words typed so far (the last one is the word being completed). */
function bashCompletes(words: string[]): string[] {
  const script = join(dir, "tsift.bash");
  writeFileSync(script, completionScript("bash", COMMAND_DEFINITIONS));
  const line = ["tsift", ...words];
  const program = `source ${JSON.stringify(script)}; COMP_WORDS=(${line.map((word) => `'${word}'`).join(" ")}); COMP_CWORD=${line.length - 1}; _tsift; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const result = spawnSync("bash", ["-c", program], { encoding: "utf8" });
  expect(result.stderr).toBe("");
  return result.stdout.split("\n").filter(Boolean);
}

describe("tsift completion", () => {
  it("completes commands, subcommands, options and choices in bash", () => {
    expect(bashCompletes(["se"])).toEqual(["search", "session-digest", "session-cost", "session-review"]);
    expect(bashCompletes(["sea"])).toEqual(["search"]);
    expect(bashCompletes(["graph-db", "ne"])).toEqual(["neighborhood"]);
    expect(bashCompletes(["search", "q", "--li"])).toEqual(["--limit"]);
    expect(bashCompletes(["search", "q", "--strategy", "hy"])).toEqual(["hybrid"]);
    expect(bashCompletes(["graph-db", "neighborhood", "--dir"])).toEqual(["--direction"]);
    expect(bashCompletes(["--json", "explain", "x", "--bud"])).toEqual(["--budget"]);
    // Every command is offered at the first word.
    expect(bashCompletes([""])).toEqual(COMMAND_DEFINITIONS.map((definition) => definition.name));
  });

  it("prints the scripts through the CLI, and refuses an unknown shell", async () => {
    for (const shell of ["bash", "zsh", "fish"] as const) {
      const result = await run(dir, "completion", shell);
      expect(result).toMatchObject({ code: 0, err: "", out: completionScript(shell, COMMAND_DEFINITIONS) });
    }
    const fish = completionScript("fish", COMMAND_DEFINITIONS);
    expect(fish).toContain("complete -c tsift -n \"__fish_seen_subcommand_from search\" -l limit -s l -r -d 'symbols and hits to return'");
    expect(fish).toContain("-l strategy -s s -x -a 'lexical exact hybrid semantic'");
    expect(await run(dir, "completion", "tcsh")).toMatchObject({
      code: 2,
      err: "tsift: error[usage]: unknown shell tcsh: choose bash, zsh or fish (next: tsift completion --help)\n",
    });
  });

  it("gives zsh the bash script behind bashcompinit, and it parses", () => {
    const check = spawnSync("bash", ["-n"], { input: completionScript("zsh", COMMAND_DEFINITIONS).replace(/^#compdef.*\n.*\n/, ""), encoding: "utf8" });
    expect(check.status).toBe(0);
  });
});
