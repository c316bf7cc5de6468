// The TypeScript docstring -> code set: JSDoc'ed functions from npm packages that the code
// model's training never saw (tools/prose-model keeps them out), their doc comments removed.
//
//   node tools/bench/search-quality/ts_jsdoc_corpus.mjs prepare <corpus-dir>   # npm pack + strip
//   node tools/bench/search-quality/ts_jsdoc_corpus.mjs tasks <corpus-dir>     # rewrite ts-jsdoc-tasks.json
//
// `prepare` packs each pinned package (`npm pack name@version`, the registry's own tarball),
// copies its TypeScript sources under <corpus>/<name>/ and blanks every `/** … */` comment
// (its newlines kept, so line numbers stay those of the published file; other comments stay).
// `tasks` parses the published sources with the TypeScript compiler and lists, per package,
// the functions, methods and function-valued consts that have a JSDoc description whose first
// sentence has at least four words and is shared by no other candidate ({@link X} read as X);
// the expected range is the declaration (for an overload: its first signature through the
// implementation). At most `perPackage` are kept per package, chosen by a hash of the
// function's identity, never by how tsift ranks it. All tasks are held out: nothing was tuned
// on this set.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ts from "typescript";

export const TS_PACKAGES = [
  // name, version, the directory inside the tarball to copy, directories under it to skip
  { name: "rxjs", version: "7.8.2", licence: "Apache-2.0", src: "src", skip: [] },
  { name: "zod", version: "4.6.7", licence: "MIT", src: "src/v4", skip: ["locales"] },
  { name: "immer", version: "11.2.14", licence: "MIT", src: "src", skip: [] },
];
const PER_PACKAGE = 80;

const here = new URL(".", import.meta.url);
const [command, corpusArg] = process.argv.slice(2);
const corpus = corpusArg;
const published = (pkg) => join(corpus, "..", "published", pkg.name);

function sources(dir, skip, out = []) {
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (!skip.includes(entry) && !/^(test|tests|__tests__|spec)$/.test(entry)) sources(path, skip, out);
    } else if (/\.ts$/.test(entry) && !/\.(d|test|spec)\.ts$/.test(entry)) out.push(path);
  }
  return out;
}

function prepare() {
  rmSync(corpus, { recursive: true, force: true });
  mkdirSync(corpus, { recursive: true });
  const scratch = join(corpus, "..", "tarballs");
  mkdirSync(scratch, { recursive: true });
  for (const pkg of TS_PACKAGES) {
    const file = execFileSync("npm", ["pack", `${pkg.name}@${pkg.version}`, "--silent"], { cwd: scratch, encoding: "utf8" })
      .trim()
      .split("\n")
      .pop();
    const unpacked = join(scratch, pkg.name);
    rmSync(unpacked, { recursive: true, force: true });
    mkdirSync(unpacked, { recursive: true });
    execFileSync("tar", ["xzf", join(scratch, file), "-C", unpacked]);
    rmSync(published(pkg), { recursive: true, force: true });
    cpSync(join(unpacked, "package", pkg.src), published(pkg), { recursive: true });
    for (const path of sources(published(pkg), pkg.skip)) {
      const target = join(corpus, pkg.name, relative(published(pkg), path));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, stripJsDoc(readFileSync(path, "utf8")));
    }
  }
  execFileSync("git", ["init", "-q"], { cwd: corpus });
  execFileSync("git", ["add", "-A"], { cwd: corpus });
  execFileSync("git", ["-c", "user.email=bench@tsift", "-c", "user.name=bench", "commit", "-qm", "corpus"], { cwd: corpus });
}

/** Every `/** … *\/` comment blanked, its newlines kept (the comments before each token of the parse, so strings and regexes are left alone). */
export function stripJsDoc(text) {
  const source = ts.createSourceFile("x.ts", text, ts.ScriptTarget.Latest, true);
  const ranges = new Map();
  const leaves = (node) => {
    const children = node.getChildren(source);
    if (children.length === 0 || node.kind === ts.SyntaxKind.EndOfFileToken) {
      for (const range of ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []) if (text.startsWith("/**", range.pos)) ranges.set(range.pos, range.end);
    }
    for (const child of children) leaves(child);
  };
  leaves(source);
  let out = "";
  let last = 0;
  for (const [pos, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    out += text.slice(last, pos) + text.slice(pos, end).replace(/[^\n]/g, "");
    last = end;
  }
  return out + text.slice(last);
}

function firstSentence(comment) {
  const text = (typeof comment === "string" ? comment : (comment ?? []).map((part) => part.text ?? "").join(""))
    .replace(/\{@link(code|plain)?\s+([^}|\s]+)(\s*\|?\s*[^}]*)?\}/g, (_, __, target, label) =>
      label && label.replace(/[|\s]/g, "") ? label.replace(/^\s*\|?\s*/, "") : target,
    )
    .replace(/\s+/g, " ")
    .trim();
  // A sentence ends at a full stop that is no abbreviation (`e.g.`, `i.e.`, `etc.`).
  const match = /^(.+?(?<!\b(e\.g|i\.e|etc|vs|cf))[.!?])(\s|$)/.exec(text);
  return (match ? match[1] : text).trim();
}

function candidates(pkg) {
  const out = [];
  for (const path of sources(published(pkg), pkg.skip)) {
    const file = `${pkg.name}/${relative(published(pkg), path).split("\\").join("/")}`;
    const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
    const line = (pos) => source.getLineAndCharacterOfPosition(pos).line + 1;
    const visit = (node, owner) => {
      let name = null;
      let body = null;
      if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) {
        name = node.name.getText(source);
        body = node;
      } else if (ts.isVariableStatement(node) && node.declarationList.declarations.length === 1) {
        const declaration = node.declarationList.declarations[0];
        const init = declaration.initializer;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) && ts.isIdentifier(declaration.name)) {
          name = declaration.name.text;
          body = node;
        }
      }
      if (name && body) {
        const docs = ts.getJSDocCommentsAndTags(node).filter((doc) => ts.isJSDoc(doc));
        const doc = docs[docs.length - 1];
        const deprecated = doc?.tags?.some((tag) => tag.tagName.text === "deprecated");
        if (doc && !deprecated) {
          const query = firstSentence(doc.comment);
          // The range: this declaration, or for an overload signature through the implementation.
          let end = line(node.getEnd());
          if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && !node.body) {
            const siblings = node.parent.statements ?? node.parent.members ?? [];
            const impl = siblings.find((other) => other.pos > node.pos && other.kind === node.kind && other.name?.getText(source) === name && other.body);
            if (!impl) return;
            end = line(impl.getEnd());
          }
          const start = line(node.getStart(source, false));
          if (query.split(/\s+/).length >= 4 && end - start >= 1)
            out.push({ package: pkg.name, file, name: owner ? `${owner}.${name}` : name, query, start, end });
        }
      }
      const inner = ts.isClassDeclaration(node) && node.name ? node.name.text : owner;
      ts.forEachChild(node, (child) => visit(child, inner));
    };
    visit(source, null);
  }
  return out;
}

function tasks() {
  const all = TS_PACKAGES.flatMap(candidates);
  const byQuery = new Map();
  for (const task of all) byQuery.set(task.query.toLowerCase(), (byQuery.get(task.query.toLowerCase()) ?? 0) + 1);
  const unique = all.filter((task) => byQuery.get(task.query.toLowerCase()) === 1);
  const hash = (task) => createHash("sha1").update(`${task.file}\0${task.name}\0${task.start}`).digest("hex");
  const chosen = TS_PACKAGES.flatMap((pkg) =>
    unique
      .filter((task) => task.package === pkg.name)
      .sort((a, b) => (hash(a) < hash(b) ? -1 : 1))
      .slice(0, PER_PACKAGE),
  ).map((task, index) => ({ id: index + 1, split: "heldout", ...task }));
  const spec = {
    packages: TS_PACKAGES.map(({ name, version, licence, src }) => ({ name, version, licence, src })),
    candidates: unique.length,
    tasks: chosen,
  };
  writeFileSync(new URL("ts-jsdoc-tasks.json", here), `${JSON.stringify(spec, null, 1)}\n`);
  console.log(`${unique.length} candidates, ${chosen.length} tasks`);
}

if (command === "prepare") prepare();
else if (command === "tasks") tasks();
else {
  console.error("usage: ts_jsdoc_corpus.mjs prepare|tasks <corpus-dir>");
  process.exit(2);
}
