// epipe: every multi-line command piped into `head -1`, through the published bin
// (bin/tsift.js) and the CLI's own (packages/cli/dist/bin.js). The reader closing early
// is normal use: the command must exit 0 with nothing on stderr.
import { spawn } from "node:child_process";
import {
  CLI_BIN,
  DIST_MISSING,
  PUBLISHED_BIN,
  cls,
  describeRun,
  fail,
  fn,
  generateProject,
  rebuildRetries,
  removeTempDir,
  runCli,
  shellWord,
  sleep,
  suiteResult,
  tempDir,
} from "./lib.mjs";

export async function epipe({ full, seed, log }) {
  const result = suiteResult("epipe");
  const project = tempDir("epipe");
  generateProject(project, { tsFiles: full ? 240 : 60, pyFiles: full ? 80 : 10, seed });
  for (const args of [
    ["index", "--quiet"],
    ["graph-db", "refresh"],
  ]) {
    const run = await runCli(args, { cwd: project });
    if (run.code !== 0) throw new Error(`preparing the project failed: ${describeRun(run)}`);
  }
  const commands = [
    ["--help"],
    ["completion", "bash"],
    ["symbols", "a", "--limit", "0"],
    ["symbols", "a", "--limit", "0", "--pretty"],
    ["search", "total", "--limit", "200"],
    ["explain", fn(1, 1)],
    ["graph", `${cls(1)}.run`],
    ["source-read", "src/mod0001.ts"],
    ["status"],
    ["locks"],
    ["communities", "--limit", "0"],
    ["analyze"],
    ["index", "--rebuild"],
    ["graph-db", "export", "--pretty"],
    ["graph-db", "kind", "symbol", "--limit", "1000"],
    ["traverse", fn(1, 1), "--format", "html"],
  ];
  const chosen = full ? commands : commands.filter((args) => ["symbols", "status"].includes(args[0]) && !args.includes("--pretty"));
  const figures = { runs: 0, epipe_exits: {} };
  try {
    for (const bin of [PUBLISHED_BIN, CLI_BIN]) {
      const entry = bin === PUBLISHED_BIN ? "bin/tsift.js" : "packages/cli/dist/bin.js";
      for (const args of chosen) {
        result.trials++;
        figures.runs++;
        let run = await pipeToHead(bin, args, project);
        for (let retry = 0; retry < 3 && DIST_MISSING.test(run.stderr); retry++) {
          rebuildRetries.count++;
          await sleep(5000);
          run = await pipeToHead(bin, args, project);
        }
        // A rebuilt index leaves graph.db stale, and the next command would rightly say so.
        if (args[0] === "index") await runCli(["graph-db", "refresh"], { cwd: project });
        const key = run.timedOut ? "timeout" : String(run.code);
        figures.epipe_exits[key] = (figures.epipe_exits[key] ?? 0) + 1;
        if (run.timedOut || run.code !== 0 || run.stderr.trim() !== "") {
          fail(
            result,
            `${entry} ${args.join(" ")}`,
            `${run.timedOut ? "timed out" : `exit ${run.code}`}; stderr: ${run.stderr.trim().split("\n").slice(0, 4).join(" | ") || "-"}`,
            `node ${entry} ${args.map(shellWord).join(" ")} | head -1`,
          );
        }
      }
    }
  } finally {
    removeTempDir(project);
  }
  log(`epipe: ${figures.runs} pipes`);
  result.figures = figures;
  return result;
}

/** `node bin args | head -1` in a real shell pipeline; the exit code is node's, not head's. */
function pipeToHead(bin, args, cwd) {
  const command = `${[process.execPath, bin, ...args].map(shellWord).join(" ")} 2>&3 | head -1 >/dev/null; exit \${PIPESTATUS[0]}`;
  return new Promise((resolve) => {
    const child = spawn("bash", ["-c", command], { cwd, stdio: ["ignore", "ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } });
    let stderr = "";
    child.stdio[3].setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, 60_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, timedOut });
    });
  });
}
