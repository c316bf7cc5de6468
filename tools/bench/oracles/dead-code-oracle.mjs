/**
 * The dead-code oracle, independent of tsift: a package's declared entry modules read from
 * its package.json, its public API as the TypeScript compiler sees it, and what that API
 * reaches over a reference graph the compiler builds. Used by `dead-code.mjs` (rxjs,
 * effect) and by packages/index/test/library-entry-points.test.ts.
 *
 * - `declaredTargets(pkg)`: `main`, `module`, `types`, `typings`, `es2015` and every
 *   non-pattern subpath of `exports` (pattern subpaths like `./internal/*` open a directory
 *   to deep imports rather than name an entry);
 * - `sourceOf(dir, target)`: a built target mapped back to a source file by the longest
 *   suffix of its path that names one (`dist/esm/ajax/index.js` -> `src/ajax/index.ts`);
 * - `compilerOracle(dir, entryFiles, files)`: the API (`getExportsOfModule` of each entry,
 *   aliases and `export * as ns` followed, non-private members of exported classes) and
 *   the declarations reachable from it by a BFS over references (every identifier inside
 *   a declaration that resolves to another declaration of the corpus: calls, `new`, values
 *   passed as callbacks), a class reaching its constructor and a reachable member reaching
 *   the same-named members of the classes that extend or implement its type. Keys are
 *   `file:qualified.name` (`src/a.ts:Subject.next`, `src/b.ts:audit.endDuration`).
 */
import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const ts = createRequire(join(REPO, "package.json"))("typescript");

const posixPath = (path) => path.split(sep).join("/");

/** Entry targets package.json declares (string leaves of the fields and of non-pattern `exports` subpaths). */
export function declaredTargets(pkg) {
  const targets = [];
  const leaves = (value) => {
    if (typeof value === "string") targets.push(value);
    else if (Array.isArray(value)) value.forEach(leaves);
    else if (value && typeof value === "object") Object.values(value).forEach(leaves);
  };
  for (const field of ["main", "module", "types", "typings", "es2015"]) leaves(pkg[field]);
  const exports = pkg.exports;
  if (typeof exports === "string" || Array.isArray(exports)) leaves(exports);
  else if (exports && typeof exports === "object") {
    const keys = Object.keys(exports);
    if (!keys.some((key) => key.startsWith("."))) leaves(exports);
    else for (const key of keys) if (!key.includes("*")) leaves(exports[key]);
  }
  return [...new Set(targets)];
}

/** A built target mapped to a source file of the corpus: the longest suffix of its path (no extension) under `src/` or the root. */
export function sourceOf(dir, target) {
  const stem = target.replace(/^\.\//, "").replace(/(\.d)?\.[cm]?[jt]sx?$/, "");
  const parts = stem.split("/");
  for (let i = 0; i < parts.length; i++) {
    const suffix = parts.slice(i).join("/");
    for (const base of [`src/${suffix}`, suffix]) {
      for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) if (existsSync(join(dir, candidate))) return candidate;
    }
  }
  return null;
}

export function tsFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...tsFiles(path));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

/** The compiler's view: public API keys, and the reference graph between declarations (`file:qualified`). */
export function compilerOracle(dir, entryFiles, files = tsFiles(join(dir, "src"))) {
  const program = ts.createProgram(files, {
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const inCorpus = (sourceFile) => !sourceFile.isDeclarationFile && posixPath(sourceFile.fileName).startsWith(posixPath(dir) + "/");
  const fileOf = (node) => posixPath(relative(dir, node.getSourceFile().fileName));

  /** The declaration a node is a unit of: top-level functions, variables, classes and class members. */
  const unitKey = (node) => {
    // Named function-like declarations from the node up (`audit.endDuration`, `Subject.next`),
    // keyed when the outermost one is a top-level declaration.
    const names = [];
    let topLevel = false;
    for (let current = node; current && !ts.isSourceFile(current); current = current.parent) {
      const isTop = (statement) => Boolean(statement?.parent && ts.isSourceFile(statement.parent));
      if (ts.isVariableDeclaration(current) && ts.isIdentifier(current.name)) {
        const top = isTop(current.parent?.parent);
        const fn = current.initializer && (ts.isArrowFunction(current.initializer) || ts.isFunctionExpression(current.initializer));
        if (top || fn) names.push(current.name.text);
        topLevel = top;
      } else if ((ts.isFunctionDeclaration(current) || ts.isClassDeclaration(current)) && current.name) {
        names.push(current.name.text);
        topLevel = isTop(current);
      } else if (ts.isClassElement(current) && current.parent && ts.isClassLike(current.parent) && memberName(current)) {
        names.push(memberName(current));
        topLevel = false;
      } else if (isTop(current) && !ts.isVariableStatement(current)) {
        topLevel = false;
      }
    }
    return topLevel && names.length > 0 ? `${fileOf(node)}:${names.reverse().join(".")}` : null;
  };
  const memberName = (member) => (ts.isConstructorDeclaration(member) ? "constructor" : member.name ? member.name.getText() : null);

  const edges = new Map();
  const addEdge = (from, to) => {
    if (from === null || to === null || from === to) return;
    let set = edges.get(from);
    if (!set) edges.set(from, (set = new Set()));
    set.add(to);
  };
  const targetOf = (symbol) => (symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
  // Members by class: to reach a class's constructor, its overrides, its API members.
  const classMembers = new Map(); // class key -> Map(member name -> member key)
  const derived = new Map(); // type key -> Set(class key) that extend or implement it
  const typeKeyOf = (declaration) =>
    (ts.isClassDeclaration(declaration) || ts.isInterfaceDeclaration(declaration)) &&
    declaration.name &&
    declaration.parent &&
    ts.isSourceFile(declaration.parent)
      ? `${fileOf(declaration)}:${declaration.name.text}`
      : null;

  for (const sourceFile of program.getSourceFiles()) {
    if (!inCorpus(sourceFile)) continue;
    const visit = (node) => {
      if ((ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node)) && typeKeyOf(node)) {
        const key = typeKeyOf(node);
        const members = new Map();
        for (const member of node.members) {
          const name = memberName(member);
          const privateMember =
            member.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.PrivateKeyword) || (member.name && ts.isPrivateIdentifier(member.name));
          if (name) members.set(name, { key: `${key}.${name}`, private: Boolean(privateMember) });
        }
        classMembers.set(key, members);
        for (const clause of node.heritageClauses ?? []) {
          for (const type of clause.types) {
            const base = targetOf(checker.getSymbolAtLocation(type.expression));
            for (const declaration of base?.declarations ?? []) {
              if (!inCorpus(declaration.getSourceFile())) continue;
              const baseKey = typeKeyOf(declaration);
              if (!baseKey) continue;
              let set = derived.get(baseKey);
              if (!set) derived.set(baseKey, (set = new Set()));
              set.add(key);
            }
          }
        }
      }
      if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
        const from = unitKey(node);
        if (from !== null) {
          const symbol = targetOf(checker.getSymbolAtLocation(node));
          for (const declaration of symbol?.declarations ?? []) {
            if (!inCorpus(declaration.getSourceFile()) || declaration === node.parent) continue;
            addEdge(from, unitKey(declaration));
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }

  // Public API: exports of the entry modules, namespaces followed, classes' non-private members.
  const api = new Set();
  const seenModules = new Set();
  const exportModule = (moduleSymbol) => {
    if (!moduleSymbol || seenModules.has(moduleSymbol)) return;
    seenModules.add(moduleSymbol);
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const target = targetOf(exported);
      if (!target) continue;
      if (target.flags & ts.SymbolFlags.ValueModule && target.declarations?.some((declaration) => ts.isSourceFile(declaration))) {
        exportModule(target);
        continue;
      }
      for (const declaration of target.declarations ?? []) {
        if (!inCorpus(declaration.getSourceFile())) continue;
        const key = unitKey(declaration);
        if (key === null) continue;
        api.add(key);
        for (const member of classMembers.get(key)?.values() ?? []) if (!member.private) api.add(member.key);
      }
    }
  };
  for (const file of entryFiles) {
    const sourceFile = program.getSourceFile(join(dir, file));
    if (sourceFile) exportModule(checker.getSymbolAtLocation(sourceFile));
  }

  // BFS: references, class -> constructor, a reachable member -> the same member of derived classes.
  const reachable = new Set(api);
  const queue = [...api];
  const reach = (key) => {
    if (key !== null && !reachable.has(key)) {
      reachable.add(key);
      queue.push(key);
    }
  };
  while (queue.length > 0) {
    const key = queue.shift();
    for (const next of edges.get(key) ?? []) reach(next);
    const members = classMembers.get(key);
    if (members?.has("constructor")) reach(members.get("constructor").key);
    const dot = key.lastIndexOf(".");
    const colon = key.indexOf(":");
    if (dot > colon) {
      const owner = key.slice(0, dot);
      const name = key.slice(dot + 1);
      const pending = [...(derived.get(owner) ?? [])];
      const seen = new Set(pending);
      for (let sub = pending.shift(); sub !== undefined; sub = pending.shift()) {
        const member = classMembers.get(sub)?.get(name);
        if (member) reach(member.key);
        for (const next of derived.get(sub) ?? []) {
          if (seen.has(next)) continue;
          seen.add(next);
          pending.push(next);
        }
      }
    }
  }
  const units = new Set([
    ...edges.keys(),
    ...[...edges.values()].flatMap((set) => [...set]),
    ...[...classMembers.values()].flatMap((members) => [...members.values()].map((member) => member.key)),
  ]);
  return { api, reachable, units };
}
