#!/usr/bin/env node
// `npm run version-packages`: one version step for the whole lockstep release.
//   1. changeset version           bumps every @tsift/* package, writes their CHANGELOG.md
//   2. sync-root-version.mjs       the root `tsift` (not a changesets workspace) follows
//   3. npm install --package-lock-only   so package-lock.json carries the new versions
//   4. root CHANGELOG.md           the release's entries from every package, once each
// --root <dir> runs it on another checkout (the test uses a scratch copy).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("..", import.meta.url));
const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}${result.stderr}`);
}

/** The `## <version>` section of a changesets CHANGELOG.md, as [heading, entry] pairs minus dependency bumps. */
export function releaseEntries(changelog, version) {
  const lines = changelog.split("\n");
  const start = lines.findIndex((line) => line.trim() === `## ${version}`);
  if (start === -1) return [];
  const entries = [];
  let heading = "### Changes";
  let current;
  for (const line of lines.slice(start + 1)) {
    if (/^## /.test(line)) break;
    if (/^### /.test(line)) heading = line.trim();
    else if (line.startsWith("- ")) {
      current = { heading, text: line };
      entries.push(current);
    } else if (current && /^\s+\S/.test(line)) current.text += `\n${line}`;
    else current = undefined;
  }
  // Changesets lists the internal packages a release bumped; in lockstep that is every one of them.
  return entries.filter((entry) => !/^- (\w+: )?Updated dependencies/.test(entry.text));
}

/**
 * The root CHANGELOG.md with a `## <version>` section, built from the packages' changelogs,
 * above the previous releases and below the title and introduction (unchanged if it has one).
 */
export function rootChangelog(existing, version, packageChangelogs) {
  const lines = existing.split("\n");
  if (lines.some((line) => line.trim() === `## ${version}`)) return existing;
  const firstRelease = lines.findIndex((line) => line.startsWith("## "));
  const intro = (firstRelease === -1 ? existing : lines.slice(0, firstRelease).join("\n")).trim() || "# tsift";
  const releases = firstRelease === -1 ? "" : lines.slice(firstRelease).join("\n");
  const seen = new Set();
  const groups = new Map();
  for (const changelog of packageChangelogs) {
    for (const { heading, text } of releaseEntries(changelog, version)) {
      if (seen.has(text)) continue;
      seen.add(text);
      groups.set(heading, [...(groups.get(heading) ?? []), text]);
    }
  }
  const sections = [...groups].map(([heading, texts]) => `${heading}\n\n${texts.join("\n")}\n`);
  const section = `## ${version}\n\n${sections.length > 0 ? sections.join("\n") : "Version bump only: every package is released in lockstep.\n"}`;
  return `${intro}\n\n${section}${releases ? `\n${releases}` : ""}`;
}

function main() {
  const rootAt = process.argv.indexOf("--root");
  const root = rootAt === -1 ? repo : resolve(process.argv[rootAt + 1] ?? ".");
  run(join(repo, "node_modules", ".bin", "changeset"), ["version"], root);
  run(process.execPath, [join(repo, "tools", "sync-root-version.mjs"), "--root", root], root);
  run("npm", ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund"], root);
  const version = readJson(join(root, "package.json")).version;
  // Dependency order is not needed here: entries are deduplicated and grouped, so names sort them.
  const dirs = readdirSync(join(root, "packages")).sort();
  const changelogs = dirs
    .map((dir) => join(root, "packages", dir, "CHANGELOG.md"))
    .filter(existsSync)
    .map((path) => readFileSync(path, "utf8"));
  const path = join(root, "CHANGELOG.md");
  writeFileSync(path, rootChangelog(existsSync(path) ? readFileSync(path, "utf8") : "", version, changelogs));
  console.log(`versioned every package and the root tsift at ${version}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    main();
  } catch (error) {
    console.error(`version-packages: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
