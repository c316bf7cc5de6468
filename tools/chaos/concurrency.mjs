// concurrency: N writers (file churn + `tsift index`, one run in five `--rebuild`) and M readers (symbols, search,
// explain, graph --callers, status) on one project for T seconds. Writers may exit 0 or
// 5 (lock held); readers 0, 4 or 5. Anything else — exit 10, a not-found for a symbol
// every version of the tree defines, a stack trace, a run past its deadline — is a
// failure, recorded with its stderr.
import { churn, cleanExit, cls, describeRun, fail, fn, generateProject, removeTempDir, rng, runCli, suiteResult, tempDir } from "./lib.mjs";

const WRITER_EXITS = new Set([0, 5]);
const READER_EXITS = new Set([0, 4, 5]);

export async function concurrency({ writers, readers, seconds, tsFiles, pyFiles, seed, log }) {
  const result = suiteResult("concurrency");
  const project = tempDir("concurrency");
  generateProject(project, { tsFiles, pyFiles, seed });
  const first = await runCli(["index", "--quiet"], { cwd: project });
  if (first.code !== 0) throw new Error(`initial index failed: ${describeRun(first)}`);

  const byCommand = {};
  const count = (name, run) => {
    const exits = (byCommand[name] ??= {});
    const key = run.timedOut ? "timeout" : run.signal ? run.signal : String(run.code);
    exits[key] = (exits[key] ?? 0) + 1;
  };
  const deadline = Date.now() + seconds * 1000;
  // Symbols in modules below tsFiles exist in every revision churn writes, so a reader
  // that cannot find one has read a half-written index.
  const stable = (r) => r.int(0, tsFiles - 1);
  const READS = [
    (r) => ["symbols", fn(stable(r), r.int(0, 3))],
    (r) => ["symbols", fn(stable(r), 0).slice(0, 6), "--limit", "50"],
    (r) => ["search", r.pick(["total", "run step", "reset", "revision"]), "--limit", "10"],
    (r) => ["explain", fn(stable(r), r.int(1, 3))],
    (r) => ["graph", fn(stable(r), 0), "--callers"],
    (r) => ["graph", `${cls(stable(r))}.run`],
    () => ["status"],
  ];

  const writer = async (id) => {
    const r = rng(seed * 1000 + id);
    while (Date.now() < deadline) {
      churn(project, r, { edits: r.int(1, 12), adds: r.int(0, 2), deletes: r.int(0, 1), tsFiles });
      // Every fifth run rebuilds from scratch: readers must never see the index half-built.
      const args = r.next() < 0.2 ? ["index", "--rebuild", "--quiet"] : ["index", "--quiet"];
      const run = await runCli(args, { cwd: project, timeoutMs: 120_000 });
      result.trials++;
      count(args[1] === "--rebuild" ? "index --rebuild" : "index", run);
      if (!cleanExit(run, WRITER_EXITS)) fail(result, `writer ${id}`, describeRun(run), `tsift ${run.args.join(" ")}`, `index:${run.code}:${firstLine(run)}`);
    }
  };
  const reader = async (id) => {
    const r = rng(seed * 2000 + id);
    while (Date.now() < deadline) {
      const args = r.pick(READS)(r);
      const run = await runCli(args, { cwd: project, timeoutMs: 120_000 });
      result.trials++;
      count(args[0], run);
      if (!cleanExit(run, READER_EXITS)) fail(result, `reader ${id}`, describeRun(run), `tsift ${args.join(" ")}`, `${args[0]}:${run.code}:${firstLine(run)}`);
    }
  };

  const progress = setInterval(() => log(`concurrency: ${result.trials} runs, ${result.failures.length} failure kinds`), 60_000);
  try {
    await Promise.all([...Array.from({ length: writers }, (_, i) => writer(i + 1)), ...Array.from({ length: readers }, (_, i) => reader(i + 1))]);
  } finally {
    clearInterval(progress);
    removeTempDir(project);
  }
  result.figures = { writers, readers, seconds, exits: byCommand };
  return result;
}

// Groups failures by their message with numbers, paths and hashes blanked out.
function firstLine(run) {
  if (run.timedOut) return "timeout";
  return (run.stderr.trim().split("\n")[0] ?? "").replace(/\d+/g, "N").replace(/\/\S+/g, "PATH").slice(0, 160);
}
