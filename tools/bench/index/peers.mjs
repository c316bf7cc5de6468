/**
 * The peers tsift is measured against, installed into `<scratch>/peers/<id>` (never as
 * project dependencies) and driven through their own CLIs. Each entry knows how to find
 * its binary from the package's `bin` field, how to check it runs (`--help`), and what
 * "cold index" and "no-change re-index" mean for it. Peers run with HOME pointed into the
 * scratch dir and telemetry off, so a benchmark run writes nothing outside the scratch dir.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

function log(message) {
  process.stderr.write(`[peers] ${message}\n`);
}

function packageJson(prefix, name) {
  const path = join(prefix, "node_modules", name, "package.json");
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : null;
}

/** `npm install <name>@<version> --prefix <prefix>` unless that version is already there. */
function ensureInstalled(prefix, name, version) {
  if (packageJson(prefix, name)?.version === version) return;
  log(`npm install ${name}@${version} --prefix ${prefix}`);
  mkdirSync(prefix, { recursive: true });
  const install = spawnSync("npm", ["install", `${name}@${version}`, "--prefix", prefix, "--no-audit", "--no-fund"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 15 * 60_000,
  });
  if (install.status !== 0)
    throw new Error(`npm install ${name}@${version} failed: ${(install.stderr || install.error?.message || "").trim().split("\n").slice(-5).join(" ")}`);
  if (packageJson(prefix, name)?.version !== version) throw new Error(`npm install ${name}@${version} left no package behind`);
}

/** The path of the package's `codegraph` bin, from its package.json. */
function binPath(prefix, name, bin) {
  const pkg = packageJson(prefix, name);
  const entry = typeof pkg.bin === "string" ? pkg.bin : pkg.bin?.[bin];
  if (!entry) throw new Error(`${name} declares no \`${bin}\` bin`);
  return join(prefix, "node_modules", name, entry);
}

function helpLine(command, args, env) {
  const help = spawnSync(command, [...args, "--help"], { encoding: "utf8", env: { ...process.env, ...env }, timeout: 60_000 });
  if (help.status !== 0) throw new Error(`${[command, ...args].join(" ")} --help failed: ${(help.stderr || help.error?.message || "").trim()}`);
  return help.stdout.split("\n").find((line) => line.trim()) ?? "";
}

/** First integer captured by `pattern` in `text`, or null. */
function count(text, pattern) {
  const match = pattern.exec(text);
  return match ? Number(match[1].replace(/,/g, "")) : null;
}

/**
 * @optave/codegraph: a Node CLI whose parsing and graph build run in its native Rust
 * engine (a per-platform optional dependency). `build <dir>` indexes into
 * `<dir>/.codegraph/graph.db` and is incremental (file hashes), so a second `build` is
 * its no-change run. `--engine native` makes a missing native engine an error rather
 * than a silent fall back to WASM.
 */
const optave = {
  id: "optave",
  label: "@optave/codegraph 3.11.2 (native)",
  name: "@optave/codegraph",
  version: "3.11.2",
  setup(scratch) {
    const prefix = join(scratch, "peers", "optave");
    ensureInstalled(prefix, this.name, this.version);
    const env = { HOME: join(prefix, "home"), CODEGRAPH_TELEMETRY: "0", NO_COLOR: "1" };
    mkdirSync(env.HOME, { recursive: true });
    const cli = binPath(prefix, this.name, "codegraph");
    const base = [process.execPath, [cli]];
    const help = helpLine(base[0], base[1], env);
    const info = spawnSync(base[0], [...base[1], "info"], { encoding: "utf8", env: { ...process.env, ...env } });
    const engine = /Active engine\s*:\s*(.+)/.exec(info.stdout)?.[1]?.trim() ?? "unknown";
    if (!/^native/.test(engine)) throw new Error(`native engine not active (codegraph info: ${engine}); the figures would be WASM's`);
    return {
      env,
      help,
      engine,
      invocation: `node ${cli} --engine native build <dir>`,
      cold: (dir) => {
        rmSync(join(dir, ".codegraph"), { recursive: true, force: true });
        return { command: base[0], args: [...base[1], "--engine", "native", "build", dir] };
      },
      noChange: (dir) => ({ command: base[0], args: [...base[1], "--engine", "native", "build", dir] }),
      files: (stdout, stderr) => count(`${stdout}\n${stderr}`, /Found ([\d,]+) files to parse/),
    };
  },
};

/**
 * @colbymchenry/codegraph: its `codegraph` bin is a shim that execs a per-platform bundle
 * (its own Node runtime plus the app). The bundle's launcher is run directly, which spares
 * the shim's extra Node start-up (the peer's figures only get better for it); the
 * shim's GitHub download fallback is disabled. `init -y <dir>` builds the index from
 * scratch, `sync -q <dir>` is its incremental run.
 */
const colby = {
  id: "colby",
  label: "@colbymchenry/codegraph 1.6.1",
  name: "@colbymchenry/codegraph",
  version: "1.6.1",
  setup(scratch) {
    const prefix = join(scratch, "peers", "colby");
    ensureInstalled(prefix, this.name, this.version);
    const env = { HOME: join(prefix, "home"), CODEGRAPH_TELEMETRY: "0", CODEGRAPH_NO_DOWNLOAD: "1", NO_COLOR: "1" };
    mkdirSync(env.HOME, { recursive: true });
    const shim = binPath(prefix, this.name, "codegraph");
    const platformPackage = `${this.name}-${process.platform}-${process.arch}`;
    const launcher = join(prefix, "node_modules", platformPackage, "bin", "codegraph");
    const base = existsSync(launcher) ? [launcher, []] : [process.execPath, [shim]];
    const help = helpLine(base[0], base[1], env);
    return {
      env,
      help,
      engine: existsSync(launcher) ? `${platformPackage} bundle` : "npm shim",
      invocation: `${existsSync(launcher) ? launcher : `node ${shim}`} init -y <dir> | sync -q <dir>`,
      cold: (dir) => {
        rmSync(join(dir, ".codegraph"), { recursive: true, force: true });
        return { command: base[0], args: [...base[1], "init", "-y", dir] };
      },
      noChange: (dir) => ({ command: base[0], args: [...base[1], "sync", "-q", dir] }),
      files: (stdout, stderr) => count(`${stdout}\n${stderr}`, /Indexed ([\d,]+) files/),
    };
  },
};

export const PEERS = { optave, colby };
