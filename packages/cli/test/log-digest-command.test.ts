import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers";
import { project, spawnBuilt, tsift } from "./index-helpers";

const LOGS = join(repoRoot, "fixtures", "logs");
const CARGO = join(LOGS, "cargo-build-errors.log");
const PYTHON = join(LOGS, "python-traceback.log");

describe("tsift log-digest", () => {
  it("digests a log file: first error anchored, signals grouped, economy reported", async () => {
    const cwd = project({});
    const result = await tsift(cwd, ["log-digest", "--input", CARGO]);
    expect(result.code, result.err).toBe(0);
    const lines = result.out.split("\n");
    expect(lines[0]).toMatch(/^log: 3216 lines, \d+ signal lines \(\d+ error\), \d+ repeated$/);
    expect(lines[1]).toBe("first error (line 2, error): error[E0308]: mismatched types");
    expect(lines[2]).toBe("  at src/report.rs:7:23");
    expect(result.out).toMatch(/^ {2}error x401 lines 2-3202: error\[E0308\]: mismatched types$/m);
    expect(result.out).toMatch(/^economy: 95302 B of log -> \d+ B \(9\d\.\d% saved\)$/m);
  });

  it("reads stdin, and --json is the library's digest", async () => {
    const cwd = project({});
    const result = await tsift(cwd, ["log-digest", "--json"], { stdin: readFileSync(PYTHON) });
    expect(result.code, result.err).toBe(0);
    const json = result.json();
    expect(json.input).toBeNull();
    expect(json.first_error).toMatchObject({ kind: "traceback", text: "Traceback (most recent call last):" });
    expect(json.first_error.after.at(-1)).toBe("ValueError: could not convert string to float: 'not-a-number'");
    expect(json.counts.warning).toBe(11);
    expect(json.economy.saved_percent).toBeGreaterThanOrEqual(90);
  });

  it("--limit and --budget bound the lists and the quoted lines", async () => {
    const cwd = project({});
    const limited = (await tsift(cwd, ["log-digest", "--input", CARGO, "--limit", "1", "--json"])).json();
    expect(limited.signals).toHaveLength(1);
    expect(limited.signals_total).toBe(2);
    expect(limited.truncated).toBe(true);
    const small = (await tsift(cwd, ["log-digest", "--input", CARGO, "--budget", "small", "--json"])).json();
    expect(small.limit).toBe(3);
    for (const line of small.tail) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(120);
  });

  it("--envelope wraps the report with metrics and follow-up commands", async () => {
    const cwd = project({});
    const result = await tsift(cwd, ["--envelope", "log-digest", "--input", CARGO]);
    expect(result.code, result.err).toBe(0);
    const envelope = result.json();
    expect(envelope.tool).toBe("log-digest");
    expect(envelope.summary.metrics).toEqual(expect.arrayContaining([{ label: "first error line", value: 2 }]));
    // An envelope applies the adaptive budget: the normal preset's 5 items.
    expect(envelope.report.limit).toBe(5);
    expect(envelope.follow_up[0]).toMatch(new RegExp(`^sed -n '1,\\d+p' ${CARGO}$`));
    expect(envelope.follow_up).toContain("tsift source-read src/report.rs --start 2 --lines 12");
  });

  it("--compact and --tabular print the signal groups", async () => {
    const cwd = project({});
    const compact = await tsift(cwd, ["log-digest", "--input", CARGO, "--compact"]);
    expect(compact.out.split("\n")[1]).toBe("first error L2: error[E0308]: mismatched types @ src/report.rs:7:23");
    const tabular = await tsift(cwd, ["log-digest", "--input", CARGO, "--tabular"]);
    expect(tabular.out.split("\n")[0]).toBe("kind\tcount\tfirst_line\tlast_line\ttext\tanchors");
  });

  it("a missing --input file is not_found (exit 3), a directory invalid input (exit 2)", async () => {
    const cwd = project({ "dir/x": "" });
    expect((await tsift(cwd, ["log-digest", "--input", "nope.log"])).code).toBe(3);
    expect((await tsift(cwd, ["log-digest", "--input", "dir"])).code).toBe(2);
  });

  it("streams through the built binary from a pipe", () => {
    const cwd = project({});
    const result = spawnBuilt(cwd, ["log-digest", "--json"], { stdin: readFileSync(join(LOGS, "npm-ci-verbose.log")) });
    expect(result.code, result.err).toBe(0);
    const json = JSON.parse(result.out) as { first_error: unknown; counts: { warning: number }; economy: { saved_percent: number } };
    expect(json.first_error).toBeNull();
    expect(json.counts.warning).toBe(2);
    expect(json.economy.saved_percent).toBeGreaterThanOrEqual(90);
  });
});
