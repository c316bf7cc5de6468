// Generates a synthetic git repository for the history-index benchmark with `git
// fast-import`: N commits over a pool of M files in nested directories, conventional
// subjects, `tags:` lines with +/- on some commits, renames, deletions and a bulk commit
// every 1000 commits. Deterministic for a given seed.
// Usage: node tools/bench/history/generate-repo.mjs <dir> [--commits 20000] [--files 5000] [--seed 1]
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
};

export async function generateRepo(dir, { commits = 20_000, files = 5_000, seed = 1 } = {}) {
  if (existsSync(dir)) throw new Error(`${dir} exists; remove it first`);
  mkdirSync(dir, { recursive: true });
  execFileSync("git", ["init", "-q", "-b", "main", dir]);
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (list) => list[Math.floor(random() * list.length)];
  const areas = ["api", "core", "ui", "db", "auth", "billing", "search", "jobs", "mail", "infra"];
  const pool = Array.from({ length: files }, (_, index) => `src/${areas[index % areas.length]}/m${Math.floor(index / 100) % 5}/file${index}.ts`);
  const types = ["feat", "fix", "refactor", "chore", "docs", "test", "perf"];
  const alive = new Set();
  const child = spawn("git", ["fast-import", "--quiet", "--done"], { cwd: dir, stdio: ["pipe", "inherit", "inherit"] });
  const exited = new Promise((resolve, reject) => child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`git fast-import exited ${code}`)))));
  let buffered = [];
  let size = 0;
  const write = async (text) => {
    buffered.push(text);
    size += text.length;
    if (size > 1 << 20) {
      const chunk = buffered.join("");
      buffered = [];
      size = 0;
      if (!child.stdin.write(chunk)) await new Promise((resolve) => child.stdin.once("drain", resolve));
    }
  };
  const data = (text) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  let time = 1_600_000_000;
  for (let n = 1; n <= commits; n++) {
    time += 600 + Math.floor(random() * 3000);
    const area = pick(areas);
    const type = pick(types);
    const ops = [];
    const touched = new Set();
    const bulk = n % 1000 === 0;
    const count = bulk ? 200 : 1 + Math.floor(random() * 4);
    for (let k = 0; k < count; k++) {
      // Most changes stay within one area, so co-change has structure.
      const candidates = random() < 0.8 ? pool.filter((_, index) => index % areas.length === areas.indexOf(area)) : pool;
      const path = candidates[Math.floor(random() * candidates.length)];
      if (touched.has(path)) continue;
      touched.add(path);
      ops.push(`M 100644 inline ${path}\n${data(`// ${path}\nexport const v${n} = ${k};\n`)}`);
      alive.add(path);
    }
    if (!bulk && n % 97 === 0 && alive.size > 10) {
      const from = pool[(n * 7919) % pool.length];
      if (alive.has(from) && !touched.has(from)) {
        const to = from.replace(/\.ts$/, `.r${n}.ts`);
        ops.push(`R ${from} ${to}\n`);
        alive.delete(from);
        alive.add(to);
      }
    } else if (!bulk && n % 89 === 0) {
      const gone = pool[(n * 104729) % pool.length];
      if (alive.has(gone) && !touched.has(gone)) {
        ops.push(`D ${gone}\n`);
        alive.delete(gone);
      }
    }
    const tags = n % 5 === 0 ? `\n\ntags: ${area}, ${random() < 0.3 ? `-${pick(areas)}` : `+${pick(["hot", "legacy", "perf", "security"])}`}` : "";
    const message = bulk ? `chore: reformat everything (${n})` : `${type}(${area}): change ${n} in ${area}\n\nWhy: synthetic change number ${n}.${tags}`;
    await write(
      `commit refs/heads/main\nmark :${n}\nauthor Dev ${n % 7} <dev${n % 7}@example.com> ${time} +0000\ncommitter Dev <dev@example.com> ${time} +0000\n${data(message)}${n > 1 ? `from :${n - 1}\n` : ""}${ops.join("")}\n`,
    );
  }
  await write("done\n");
  child.stdin.end(buffered.join(""));
  await exited;
  execFileSync("git", ["checkout", "-q", "-f", "main"], { cwd: dir });
  // The benchmark adds commits, then returns here before its next run.
  execFileSync("git", ["tag", "bench-base"], { cwd: dir });
  return { dir, commits, files: alive.size };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir || dir.startsWith("--")) throw new Error("usage: generate-repo.mjs <dir> [--commits N] [--files N] [--seed N]");
  const started = performance.now();
  const made = await generateRepo(dir, { commits: Number(arg("commits", "20000")), files: Number(arg("files", "5000")), seed: Number(arg("seed", "1")) });
  console.log(`${made.dir}: ${made.commits} commits, ${made.files} files alive, ${Math.round(performance.now() - started)} ms`);
}
