import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8")) as { name: string; version: string; dependencies?: Record<string, string> };
const packageDirs = readdirSync(join(root, "packages")).map((name) => join(root, "packages", name));

describe("lockstep release", () => {
  it("keeps the root tsift version equal to @tsift/cli's", () => {
    expect(readJson(join(root, "package.json")).version).toBe(readJson(join(root, "packages/cli/package.json")).version);
  });

  it("keeps every package and internal range on the same version", () => {
    const version = readJson(join(root, "packages/cli/package.json")).version;
    for (const dir of [root, ...packageDirs]) {
      const pkg = readJson(join(dir, "package.json"));
      if (dir !== root) expect(pkg.version, pkg.name).toBe(version);
      for (const [name, range] of Object.entries(pkg.dependencies ?? {})) {
        if (name.startsWith("@tsift/")) expect(range, `${pkg.name} -> ${name}`).toBe(`^${version}`);
      }
    }
    execFileSync(process.execPath, [join(root, "tools/sync-root-version.mjs"), "--check"], { stdio: "pipe" });
  });
});

describe("npm pack", () => {
  // Data a package ships on purpose: @tsift/graph's WebAssembly grammars (its native ones are
  // in the platform packages) and @tsift/quality's recorded performance history.
  const shippedData: Record<string, RegExp> = {
    // Every grammar's WebAssembly build for the fallback parser, gzipped, with its licence and provenance.
    "@tsift/graph": /^dist\/wasm\/([^/]+\.wasm\.gz|LICENSE\.[^/]+|provenance\.json)$/,
    "@tsift/quality": /^data\/[^/]+\.json$/,
    // The built-in code-search model (tools/prose-model): tokenizer, F16 table, config and model card.
    "@tsift/search": /^models\/tsift-code-v1\/(tokenizer\.json|model\.safetensors|config\.json|README\.md)$/,
  };
  const allowed = (name: string, path: string) =>
    path === "package.json" ||
    path === "README.md" ||
    path === "LICENSE" ||
    /^dist\/[^]+\.(js|cjs|d\.ts)$/.test(path) ||
    // The bin directory marks itself CommonJS (bin/package.json).
    /^bin\/([^/]+\.js|package\.json)$/.test(path) ||
    (shippedData[name]?.test(path) ?? false);

  // Two npm processes, the workspaces at once and the root, instead of one per package.
  // --ignore-scripts: packing the root would otherwise run its `prepare` build again.
  let reports: Map<string, string[]> | undefined;
  const packedFiles = (name: string): string[] => {
    reports ??= new Map(
      [["--workspaces"], []].flatMap((args) =>
        (
          JSON.parse(
            execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts", ...args], {
              cwd: root,
              encoding: "utf8",
              stdio: ["ignore", "pipe", "pipe"],
            }),
          ) as { name: string; files: { path: string }[] }[]
        ).map((report) => [report.name, report.files.map((file) => file.path)] as const),
      ),
    );
    const files = reports.get(name);
    if (!files) throw new Error(`npm pack reported no ${name}`);
    return files;
  };
  for (const dir of [root, ...packageDirs]) {
    const name = readJson(join(dir, "package.json")).name;
    it(`${name} ships only built files, README, LICENSE and package.json`, () => {
      const files = packedFiles(name);
      expect(
        files.filter((path) => !allowed(name, path)),
        name,
      ).toEqual([]);
      expect(files).toContain("README.md");
      expect(files).toContain("LICENSE");
      expect(files.some((path) => path.startsWith("dist/") && path.endsWith(".d.ts"))).toBe(true);
    });
  }
});

describe("npm run release", () => {
  interface Manifest {
    name: string;
    version: string;
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    optionalDependencies?: Record<string, string>;
  }
  const manifests = [root, ...packageDirs].map((dir) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest);
  const names = new Set(manifests.map((pkg) => pkg.name));
  const internalNeeds = (pkg: Manifest) =>
    [pkg.dependencies, pkg.peerDependencies, pkg.optionalDependencies].flatMap((field) => Object.keys(field ?? {})).filter((name) => names.has(name));

  // --plan runs the release's own order and registry decisions without npm: sixteen
  // `npm publish --dry-run`s took most of this suite's time, and what each would pack is
  // checked above (and installed from tarballs by tools/pack-smoke.mjs).
  it("plans a publish of every package and the root tsift, dependencies first, skipping published versions", () => {
    const graph = manifests.find((pkg) => pkg.name === "@tsift/graph")!;
    // No registry look-up: --assume-unpublished, and --published stands in for a version already out.
    const output = execFileSync(
      process.execPath,
      [join(root, "tools/release.mjs"), "--plan", "--assume-unpublished", "--published", `@tsift/graph@${graph.version}`],
      {
        cwd: root,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    const lines = output.trim().split("\n");
    const published = lines.filter((line) => line.startsWith("would publish ")).map((line) => line.slice("would publish ".length).replace(/@[^@]+$/, ""));
    // @tsift/graph's native grammars, one package per platform, which its build writes into dist/platforms.
    const platformDir = join(root, "packages/graph/dist/platforms");
    const platformNames = readdirSync(platformDir).map((dir) => readJson(join(platformDir, dir, "package.json")).name);
    expect(platformNames).toContain(`@tsift/grammars-${process.platform}-${process.arch}`);
    expect(lines).toContain(`skip @tsift/graph@${graph.version} (already on the registry)`);
    expect(new Set([...published, "@tsift/graph"])).toEqual(new Set([...names, ...platformNames]));
    expect(published).toHaveLength(names.size + platformNames.length - 1);
    expect(published[0]).toBe("@tsift/core");
    expect(published.at(-1)).toBe("tsift");
    const position = new Map(lines.map((line) => [line.replace(/^(would publish|skip) /, "").replace(/@[^@]+( \(.*\))?$/, ""), lines.indexOf(line)]));
    for (const pkg of manifests) {
      for (const need of internalNeeds(pkg)) expect(position.get(need)!, `${need} before ${pkg.name}`).toBeLessThan(position.get(pkg.name)!);
    }
    for (const name of platformNames) expect(position.get(name)!, `${name} before @tsift/graph`).toBeLessThan(position.get("@tsift/graph")!);
  });
});

describe("npm run version-packages", () => {
  it("versions every package, the root, the lockfile and the root CHANGELOG (on a scratch copy)", () => {
    const scratch = mkdtempSync(join(tmpdir(), "tsift-version-"));
    try {
      for (const file of ["package.json", "package-lock.json", ".npmrc", "CHANGELOG.md"])
        if (existsSync(join(root, file))) cpSync(join(root, file), join(scratch, file));
      cpSync(join(root, ".changeset/config.json"), join(scratch, ".changeset/config.json"));
      for (const dir of packageDirs) cpSync(join(dir, "package.json"), join(scratch, "packages", basename(dir), "package.json"));
      writeFileSync(join(scratch, ".changeset/scratch.md"), '---\n"@tsift/core": patch\n---\n\nScratch change: proves the version step.\n');
      const before = readJson(join(root, "packages/cli/package.json")).version;
      const [major, minor, patch] = before.split(".").map(Number);
      const next = `${major}.${minor}.${patch! + 1}`;

      execFileSync(process.execPath, [join(root, "tools/version-packages.mjs"), "--root", scratch], { cwd: root, stdio: "pipe" });

      expect(readJson(join(scratch, "package.json")).version).toBe(next);
      for (const dir of packageDirs) {
        const pkg = readJson(join(scratch, "packages", basename(dir), "package.json"));
        expect(pkg.version, pkg.name).toBe(next);
        for (const [name, range] of Object.entries(pkg.dependencies ?? {}))
          if (name.startsWith("@tsift/")) expect(range, `${pkg.name} -> ${name}`).toBe(`^${next}`);
      }
      const lock = JSON.parse(readFileSync(join(scratch, "package-lock.json"), "utf8")) as {
        version: string;
        packages: Record<string, { version?: string; dependencies?: Record<string, string> }>;
      };
      expect(lock.version).toBe(next);
      expect(lock.packages[""]!.version).toBe(next);
      expect(lock.packages[""]!.dependencies!["@tsift/cli"]).toBe(`^${next}`);
      for (const dir of packageDirs) expect(lock.packages[`packages/${basename(dir)}`]!.version, dir).toBe(next);
      const changelog = readFileSync(join(scratch, "CHANGELOG.md"), "utf8");
      const previous = readFileSync(join(root, "CHANGELOG.md"), "utf8");
      const firstRelease = previous.search(/^## /m);
      // The new release goes below the title and introduction, above every earlier release.
      expect(changelog.startsWith(`${(firstRelease === -1 ? previous : previous.slice(0, firstRelease)).trim()}\n\n## ${next}\n`)).toBe(true);
      if (firstRelease !== -1) expect(changelog.endsWith(previous.slice(firstRelease))).toBe(true);
      expect(changelog).toContain("- Scratch change: proves the version step.");
      expect(changelog).not.toContain("Updated dependencies");
      // The repository itself is untouched.
      expect(readJson(join(root, "package.json")).version).toBe(before);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

describe("the release plan", () => {
  it("releases a minor changeset as the next minor of every package, the root included (on a scratch copy)", () => {
    const scratch = mkdtempSync(join(tmpdir(), "tsift-plan-"));
    try {
      cpSync(join(root, "package.json"), join(scratch, "package.json"));
      cpSync(join(root, ".changeset/config.json"), join(scratch, ".changeset/config.json"));
      for (const dir of packageDirs) cpSync(join(dir, "package.json"), join(scratch, "packages", basename(dir), "package.json"));
      const git = (...args: string[]) => execFileSync("git", args, { cwd: scratch, stdio: "pipe" });
      // `changeset status` compares against the base branch.
      git("init", "-q", "-b", "main");
      git("add", ".");
      git("-c", "user.name=tsift", "-c", "user.email=tsift@example.invalid", "commit", "-q", "-m", "scratch");
      writeFileSync(join(scratch, ".changeset/scratch.md"), '---\n"@tsift/core": minor\n---\n\nScratch feature: proves the release plan.\n');
      const [major, minor] = readJson(join(root, "packages/cli/package.json")).version.split(".").map(Number);
      const next = `${major}.${minor! + 1}.0`;

      const changeset = join(root, "node_modules", ".bin", "changeset");
      execFileSync(changeset, ["status", "--output", "plan.json"], { cwd: scratch, stdio: "pipe" });
      const plan = JSON.parse(readFileSync(join(scratch, "plan.json"), "utf8")) as { releases: { name: string; type: string; newVersion: string }[] };
      const names = packageDirs.map((dir) => readJson(join(dir, "package.json")).name).sort();
      expect(plan.releases.map((release) => release.name).sort()).toEqual(names);
      for (const release of plan.releases) expect(release, release.name).toMatchObject({ type: "minor", newVersion: next });

      // The version step agrees, and the root follows @tsift/cli.
      execFileSync(changeset, ["version"], { cwd: scratch, stdio: "pipe" });
      execFileSync(process.execPath, [join(root, "tools/sync-root-version.mjs"), "--root", scratch], { stdio: "pipe" });
      expect(readJson(join(scratch, "package.json")).version).toBe(next);
      for (const dir of packageDirs) expect(readJson(join(scratch, "packages", basename(dir), "package.json")).version, dir).toBe(next);
      const cli = readJson(join(scratch, "packages/cli/package.json")) as { peerDependencies?: Record<string, string> };
      if (major === 0) expect(cli.peerDependencies?.["@tsift/libsql"]).toBe(`>=${next} <1.0.0`);
      else expect(cli.peerDependencies?.["@tsift/libsql"]).toBe(`^${next}`);
      const rootPeers = (readJson(join(scratch, "package.json")) as { peerDependencies?: Record<string, string> }).peerDependencies;
      expect(rootPeers?.["@tsift/libsql"]).toBe(`^${next}`);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 120_000);
});
