// edits: kill -9 at random points of a multi-file `tsift edit` batch, then let the next
// tsift command settle it. Half the kills land at a random delay within the batch's own
// duration (calibrated here), half through the test hook TSIFT_TEST_EDIT_CRASH_AFTER=<n>
// (SIGKILL right after the n-th rename, 0 = just before the first); some of those lose a
// staged copy before the recovery, which must then roll the batch back. The recovery is
// the next `tsift edit`, `tsift index` or read command (`tsift symbols`), in turn. After it,
// every file of the batch must hold its old text or every file its new text (by sha256),
// with no journal, staged copy, roll-back scratch file or backup left behind.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  DIST_MISSING,
  describeRun,
  fail,
  generateProject,
  pyName,
  rebuildRetries,
  removeTempDir,
  rng,
  runCli,
  sleep,
  startCli,
  suiteResult,
  tempDir,
  tsName,
} from "./lib.mjs";

const RECOVERIES = ["edit", "index", "read"];
const sha = (bytes) => createHash("sha256").update(bytes).digest("hex");
const MARK = /\/\/ chaos-edit (\d+)\n/;

export async function edits({ trials, tsFiles, pyFiles, seed, log }) {
  const result = suiteResult("edits");
  const r = rng(seed);
  const project = tempDir("edits");
  const scratch = tempDir("edits-batch");
  generateProject(project, { tsFiles, pyFiles, seed });
  const files = [...Array.from({ length: tsFiles }, (_, i) => `src/${tsName(i)}`), ...Array.from({ length: pyFiles }, (_, i) => `py/pkg/${pyName(i)}`)];
  // Every file starts with a marker line each batch rewrites (and grows), so each trial's old and new texts differ.
  for (const file of files) {
    const path = join(project, file);
    writeFileSync(path, `// chaos-edit 0\n${readFileSync(path, "utf8")}`);
  }
  const figures = {
    files: files.length,
    batch_files: 0,
    kills_by_delay: 0,
    kills_by_hook: 0,
    staged_lost: 0,
    partial_before_recovery: 0,
    rolled_forward: 0,
    rolled_back: 0,
    untouched: 0,
    completed_before_kill: 0,
    partial_after_recovery: 0,
  };
  const env = { TSIFT_NO_DAEMON: "1" };
  try {
    const index = await runCli(["index", "--quiet"], { cwd: project, env });
    if (index.code !== 0) throw new Error(`preparing the index: ${describeRun(index)}`);
    const window = await calibrate(project, scratch, files, env);
    log(`edits: ${files.length} files, a whole-project batch takes ${window} ms`);

    for (let trial = 1; trial <= trials; trial++) {
      result.trials++;
      const label = `#${trial}`;
      // A batch of 1/10 of the files up to all of them, in random order.
      const count = r.int(Math.max(2, Math.ceil(files.length / 10)), files.length);
      const chosen = shuffle(files, r).slice(0, count);
      figures.batch_files += count;
      const plan = chosen.map((file) => {
        const before = readFileSync(join(project, file), "utf8");
        const mark = MARK.exec(before);
        const old = mark ? mark[0] : null;
        const next = `// chaos-edit ${trial}\n${"// grown\n".repeat(r.int(0, 3))}`;
        return { file, old, new: next, before: sha(before), after: old ? sha(before.replace(old, next)) : null };
      });
      if (plan.some((entry) => entry.old === null)) {
        fail(result, label, `a file lost its marker line before the trial: ${plan.find((entry) => entry.old === null).file}`);
        continue;
      }
      const input = join(scratch, "batch.json");
      writeFileSync(input, JSON.stringify({ edits: plan.map(({ file, old, new: text }) => ({ file, old, new: text })) }));

      const byHook = trial % 2 === 0;
      const crashAfter = r.int(0, count);
      const loseStaged = byHook && crashAfter < count && r.next() < 0.25;
      const delay = r.int(5, Math.max(40, Math.round(window * 1.1)));
      let ended;
      for (let attempt = 1; ; attempt++) {
        const run = startCli(["edit", "--input", input, "--skip-reindex", "--json"], {
          cwd: project,
          env: { ...env, ...(byHook ? { TSIFT_TEST_EDIT_CRASH_AFTER: String(crashAfter) } : {}) },
        });
        if (!byHook) {
          await sleep(delay);
          run.child.kill("SIGKILL");
        }
        ended = await Promise.race([run.done, sleep(60_000).then(() => null)]);
        if (ended === null) {
          run.child.kill("SIGKILL");
          await run.done;
        }
        // Another session rebuilding packages/*/dist in this shared tree; not tsift's behaviour.
        if (attempt >= 4 || !ended || !DIST_MISSING.test(ended.stderr)) break;
        rebuildRetries.count++;
        await sleep(5000);
      }
      if (ended === null) {
        fail(result, label, "the edit did not end within 60 s");
        continue;
      }
      if (ended.signal === "SIGKILL") figures[byHook ? "kills_by_hook" : "kills_by_delay"]++;
      else if (ended.code === 0) figures.completed_before_kill++;
      else {
        fail(result, label, `the edit failed before the kill: exit ${ended.code}: ${ended.stderr.trim().split("\n")[0]}`);
        continue;
      }
      if (byHook && ended.signal !== "SIGKILL") fail(result, label, `TSIFT_TEST_EDIT_CRASH_AFTER=${crashAfter} did not kill the edit (exit ${ended.code})`);

      const state = () => {
        let old = 0;
        let fresh = 0;
        for (const entry of plan) {
          const hash = sha(readFileSync(join(project, entry.file)));
          if (hash === entry.before) old++;
          else if (hash === entry.after) fresh++;
        }
        return { old, fresh, other: plan.length - old - fresh };
      };
      const killed = state();
      if (killed.old > 0 && killed.fresh > 0) figures.partial_before_recovery++;
      let journal = null;
      try {
        journal = JSON.parse(readFileSync(join(project, ".tsift", "edit-journal.json"), "utf8"));
      } catch {
        // No journal: the kill landed before the batch began or after it ended.
      }
      if (loseStaged && journal?.phase === "commit") {
        // A staged copy lost (a disk error, a cleaner): the batch can no longer go forward.
        const pending = journal.files.filter((entry) => sha(readFileSync(join(project, entry.file))) === entry.before);
        if (pending.length > 0) {
          rmSync(join(project, r.pick(pending).staged), { force: true });
          figures.staged_lost++;
        }
      }

      const how = RECOVERIES[(trial - 1) % RECOVERIES.length];
      const recovery = await recover(how, project, scratch, env);
      if (recovery.code !== 0) {
        fail(result, label, `the ${how} after the kill: ${describeRun(recovery)}`, undefined, `recovery by ${how} failed`);
        continue;
      }
      const settled = state();
      const partial = settled.other > 0 || (settled.old > 0 && settled.fresh > 0);
      if (partial) {
        figures.partial_after_recovery++;
        fail(
          result,
          label,
          `after the ${how}: ${settled.fresh} files new, ${settled.old} old, ${settled.other} neither (killed ${byHook ? `after ${crashAfter} renames` : `at ${delay} ms`}${loseStaged ? ", a staged copy lost" : ""})`,
          `TSIFT_TEST_EDIT_CRASH_AFTER=${crashAfter} tsift edit --input batch.json; tsift ${how === "read" ? "symbols" : how}`,
          "partial batch after recovery",
        );
      } else if (ended.signal === "SIGKILL") {
        if (settled.fresh === plan.length) figures.rolled_forward++;
        else if (journal) figures.rolled_back++;
        else figures.untouched++;
      }
      const left = leftovers(project);
      if (left.length) fail(result, label, `left behind after the ${how}: ${left.slice(0, 5).join(", ")}`, undefined, "files left behind");
      if (trial % 10 === 0) log(`edits: ${trial}/${trials} trials, ${result.failures.length} failures`);
    }
  } finally {
    removeTempDir(project);
    removeTempDir(scratch);
  }
  result.figures = figures;
  return result;
}

/** The next command to touch the project after the kill, which must settle the batch first. */
function recover(how, project, scratch, env) {
  if (how === "index") return runCli(["index", "--quiet"], { cwd: project, env });
  if (how === "read") return runCli(["symbols", "Worker", "--limit", "1"], { cwd: project, env });
  // An edit of another kind: a file no batch touches, changed and changed back by the next one.
  const input = join(scratch, "next.json");
  const text = readFileSync(join(project, "package.json"), "utf8");
  const [old, next] = text.includes("chaos-project") ? ["chaos-project", "chaos-project-2"] : ["chaos-project-2", "chaos-project"];
  writeFileSync(input, JSON.stringify({ edits: [{ file: "package.json", old, new: next }] }));
  return runCli(["edit", "--input", input, "--skip-reindex"], { cwd: project, env });
}

/** How long one batch over every file takes, so the random kills land anywhere within one. */
async function calibrate(project, scratch, files, env) {
  const input = join(scratch, "calibrate.json");
  writeFileSync(input, JSON.stringify({ edits: files.map((file) => ({ file, old: "// chaos-edit 0\n", new: "// chaos-edit 0\n// calibrated\n" })) }));
  const run = await runCli(["edit", "--input", input, "--skip-reindex"], { cwd: project, env });
  if (run.code !== 0) throw new Error(`calibration failed: ${describeRun(run)}`);
  return run.ms;
}

/** Journal, staged copies, roll-back scratch files and backups: none may outlive a settled batch. */
function leftovers(project) {
  const found = [];
  if (existsSync(join(project, ".tsift", "edit-journal.json"))) found.push(".tsift/edit-journal.json");
  for (const name of readdirSync(join(project, ".tsift"))) if (name.startsWith("edit-batch-")) found.push(`.tsift/${name}`);
  for (const dir of ["src", "py/pkg", "."]) {
    for (const name of readdirSync(join(project, dir))) if (/\.tsift-(edit|restore)/.test(name)) found.push(`${dir}/${name}`);
  }
  return found;
}

function shuffle(list, r) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(r.next() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
