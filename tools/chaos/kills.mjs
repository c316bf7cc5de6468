// kills: kill -9 and SIGINT at random points of `tsift index` (cold, incremental and
// --rebuild), `graph-db refresh` and an edit-while-indexing cycle on a generated project.
// After each kill: integrity_check is ok, the next `tsift index` succeeds (a stale lock is taken
// over), the index is fresh and equals one built from scratch; after a SIGINT the writer
// lock is gone. Then leftover locks (pid reuse, old empty or garbage files, dead pids)
// must be taken over by the next writer.
import { spawn } from "node:child_process";
import { existsSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  churn,
  copyProject,
  describeRun,
  fail,
  generateProject,
  graphSnapshot,
  indexSnapshot,
  integrityCheck,
  removeTempDir,
  rng,
  runCli,
  sleep,
  snapshotDiff,
  startCli,
  suiteResult,
  tempDir,
  treeHash,
} from "./lib.mjs";

const KINDS = ["cold", "incremental", "refresh", "edit-cycle", "rebuild"];

export async function kills({ trials, lockProbeCount = LOCK_PROBES.length, seed, tsFiles, pyFiles, log }) {
  const result = suiteResult("kills");
  const r = rng(seed);
  const project = tempDir("kills");
  const refDir = tempDir("kills-ref");
  generateProject(project, { tsFiles, pyFiles, seed });
  const references = new Map();
  const figures = { real_kills: 0, sigkill: 0, sigint: 0, recoveries: 0, lock_takeovers: 0 };
  for (const kind of KINDS) figures[kind] = 0;

  // The kill window is each operation's own duration, measured here, so kills land
  // anywhere from process start-up to the final commit.
  const timing = await calibrate(project, tsFiles);
  log(`kills: cold ${timing.cold} ms, incremental ${timing.incremental} ms, refresh ${timing.refresh} ms`);

  try {
    for (let trial = 1; trial <= trials; trial++) {
      const kind = KINDS[(trial - 1) % KINDS.length];
      const signal = r.next() < 0.5 ? "SIGKILL" : "SIGINT";
      const label = `#${trial} ${kind} ${signal}`;
      result.trials++;
      figures[kind]++;
      figures[signal.toLowerCase()]++;

      let args = ["index", "--quiet"];
      let window = timing.incremental;
      if (kind === "cold") {
        rmSync(join(project, ".tsift"), { recursive: true, force: true });
        window = timing.cold;
      } else if (kind === "rebuild") {
        args = ["index", "--rebuild", "--quiet"];
        window = timing.cold;
      } else if (kind === "incremental" || kind === "edit-cycle") {
        churn(project, r, { edits: r.int(3, 30), adds: r.int(0, 4), deletes: r.int(0, 2), tsFiles });
      } else {
        churn(project, r, { edits: r.int(1, 10), adds: 1, deletes: 1, tsFiles });
        const prep = await runCli(["index", "--quiet"], { cwd: project });
        if (prep.code !== 0) fail(result, label, `preparing the refresh: ${describeRun(prep)}`);
        if (r.next() < 0.5) rmSync(join(project, ".tsift", "graph.db"), { force: true });
        args = ["graph-db", "refresh", ...(r.next() < 0.3 ? ["--force"] : [])];
        window = timing.refresh;
      }

      const delay = r.int(10, Math.max(50, Math.round(window * 1.1)));
      const run = startCli(args, { cwd: project });
      if (kind === "edit-cycle") {
        await sleep(Math.floor(delay / 2));
        churn(project, r, { edits: r.int(1, 10), adds: 1, deletes: 1, tsFiles });
        await sleep(delay - Math.floor(delay / 2));
      } else {
        await sleep(delay);
      }
      const wasRunning = !run.hasExited() && run.child.exitCode === null;
      run.child.kill(signal);
      if (wasRunning) figures.real_kills++;
      const ended = await Promise.race([run.done, sleep(15_000).then(() => null)]);
      if (ended === null) {
        fail(result, label, `${signal} did not stop \`tsift ${args.join(" ")}\` within 15 s`);
        run.child.kill("SIGKILL");
        await run.done;
      }

      const lockFile = join(project, ".tsift", kind === "refresh" ? "graph.write.lock" : "index.lock");
      if (signal === "SIGINT" && wasRunning && existsSync(lockFile)) {
        fail(
          result,
          label,
          `SIGINT left ${lockFile.slice(project.length + 1)} behind (delay ${delay} ms)`,
          `tsift ${args.join(" ")} & sleep ${delay / 1000}; kill -INT $!`,
        );
      }
      if (existsSync(lockFile)) figures.lock_takeovers++;

      for (const db of ["index.db", "graph.db"]) {
        const check = integrityCheck(join(project, ".tsift", db));
        if (check !== "ok" && check !== "missing") fail(result, label, `${db} integrity_check after the kill: ${check}`);
      }

      const next = await runCli(["index", "--quiet"], { cwd: project });
      if (next.code !== 0) {
        fail(result, label, `next index after the kill: ${describeRun(next)}`);
        continue;
      }
      figures.recoveries++;
      const check = await runCli(["index", "--check", "--exit-code", "--quiet"], { cwd: project });
      if (check.code !== 0) fail(result, label, `index --check --exit-code after recovery: ${describeRun(check)}`);
      const integrity = integrityCheck(join(project, ".tsift", "index.db"));
      if (integrity !== "ok") fail(result, label, `index.db integrity_check after recovery: ${integrity}`);

      const reference = await referenceFor(project, refDir, references, kind === "refresh");
      const diff = snapshotDiff(indexSnapshot(join(project, ".tsift", "index.db")), reference.index);
      if (diff) fail(result, label, `index differs from a from-scratch one: ${diff}`);

      if (kind === "refresh") {
        const refresh = await runCli(["graph-db", "refresh"], { cwd: project });
        if (refresh.code !== 0) {
          fail(result, label, `next graph-db refresh after the kill: ${describeRun(refresh)}`);
          continue;
        }
        const graphIntegrity = integrityCheck(join(project, ".tsift", "graph.db"));
        if (graphIntegrity !== "ok") fail(result, label, `graph.db integrity_check after recovery: ${graphIntegrity}`);
        const doctor = await runCli(["graph-db", "doctor"], { cwd: project });
        if (doctor.code !== 0) fail(result, label, `graph-db doctor after recovery: ${describeRun(doctor)}`);
        const graphDiff = snapshotDiff(graphSnapshot(join(project, ".tsift", "graph.db")), reference.graph);
        if (graphDiff) fail(result, label, `graph.db differs from a from-scratch refresh: ${graphDiff}`);
      }
      if (trial % 10 === 0) log(`kills: ${trial}/${trials} trials, ${result.failures.length} failures`);
    }
    await lockProbes(project, result, figures, lockProbeCount);
  } finally {
    removeTempDir(project);
    removeTempDir(refDir);
  }
  result.figures = figures;
  return result;
}

const HOURS_AGO = new Date(Date.now() - 2 * 3600_000);

/**
 * Locks a crash or a reused pid leaves behind: a live pid that is not tsift (its start
 * time is after the lock's), an empty or garbage file hours old, a dead pid. The next
 * writer must take each over and succeed; `locks` must not call an hours-old empty file
 * "being created".
 */
const LOCK_PROBES = [
  { name: "live pid that is not tsift (pid reuse)", content: (pid) => `${pid}\n${HOURS_AGO.toISOString()}\nindex\n`, live: true },
  { name: "empty lock file 2 hours old", content: () => "", checkLocks: true },
  { name: "garbage lock file 2 hours old", content: () => "\u0000\u00ff garbage \n\n", checkLocks: true },
  { name: "dead pid", content: () => `999999\n${HOURS_AGO.toISOString()}\nindex\n` },
];

async function lockProbes(project, result, figures, count) {
  figures.lock_probes = 0;
  for (const [file, args] of [
    ["index.lock", ["index", "--quiet"]],
    ["graph.write.lock", ["graph-db", "refresh"]],
  ]) {
    for (const probe of LOCK_PROBES.slice(0, count)) {
      const label = `${file}: ${probe.name}`;
      result.trials++;
      figures.lock_probes++;
      const holder = probe.live ? spawn("sleep", ["600"], { stdio: "ignore" }) : null;
      try {
        const lockPath = join(project, ".tsift", file);
        writeFileSync(lockPath, probe.content(holder?.pid));
        utimesSync(lockPath, HOURS_AGO, HOURS_AGO);
        if (probe.checkLocks) {
          const locks = await runCli(["locks"], { cwd: project });
          if (/being created/.test(locks.stdout))
            fail(
              result,
              label,
              `\`tsift locks\` calls a 2-hour-old lock file "being created": ${locks.stdout.split("\n").find((line) => line.includes("being created"))}`,
            );
        }
        const run = await runCli(args, { cwd: project, timeoutMs: 30_000 });
        if (run.code !== 0)
          fail(
            result,
            label,
            `the next writer did not take the lock over: ${describeRun(run)}`,
            `lock file ${file} = ${JSON.stringify(probe.content(12345))}; tsift ${args.join(" ")}`,
          );
        rmSync(lockPath, { force: true });
      } finally {
        holder?.kill("SIGKILL");
      }
    }
  }
}

async function calibrate(project, tsFiles) {
  const time = async (args) => {
    const run = await runCli(args, { cwd: project });
    if (run.code !== 0) throw new Error(`calibration failed: ${describeRun(run)}`);
    return run.ms;
  };
  const cold = await time(["index", "--quiet"]);
  const refresh = await time(["graph-db", "refresh"]);
  const r = rng(7);
  churn(project, r, { edits: 20, adds: 2, deletes: 1, tsFiles });
  const incremental = await time(["index", "--quiet"]);
  return { cold, incremental, refresh };
}

/** The from-scratch index (and graph) of the project's current tree, built once per tree. */
async function referenceFor(project, refDir, cache, withGraph) {
  const key = treeHash(project);
  let entry = cache.get(key);
  if (!entry || (withGraph && !entry.graph)) {
    rmSync(refDir, { recursive: true, force: true });
    copyProject(project, refDir);
    const run = await runCli(["index", "--quiet"], { cwd: refDir });
    if (run.code !== 0) throw new Error(`reference index failed: ${describeRun(run)}`);
    entry = { index: indexSnapshot(join(refDir, ".tsift", "index.db")) };
    if (withGraph) {
      const refresh = await runCli(["graph-db", "refresh"], { cwd: refDir });
      if (refresh.code !== 0) throw new Error(`reference refresh failed: ${describeRun(refresh)}`);
      entry.graph = graphSnapshot(join(refDir, ".tsift", "graph.db"));
    }
    // Only the latest trees are revisited; keep memory flat on long runs.
    if (cache.size > 8) cache.clear();
    cache.set(key, entry);
  }
  return entry;
}
