import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The parts of src/, lowest first (docs/architecture.md, "@tsift/index's parts"). A part may import
 * only the parts before it; the package's entry points (src/*.ts) come after all of them.
 */
const PARTS = ["walk", "resolve", "store", "projection", "history", "summaries", "project"] as const;
const ENTRIES = "the package entries";

const src = join(import.meta.dirname, "..", "src");

/** Every source file under src/, by its `/` path relative to the package (`src/walk/walk-files.ts`). */
function sourceFiles(dir = src, prefix = "src"): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) for (const [file, text] of sourceFiles(join(dir, entry.name), path)) files.set(file, text);
    else if (/\.(ts|mts|mjs)$/.test(entry.name)) files.set(path, readFileSync(join(dir, entry.name), "utf8"));
  }
  return files;
}

interface ImportRef {
  specifier: string;
  line: number;
  dynamic: boolean;
  /** The names it takes (`export *` takes all); null when a dynamic import's use cannot be read. */
  names: string[] | "*" | null;
}

/** The names a dynamic import's result is destructured into: `const { a } = await import(x)`, `[{ a }] = await Promise.all([import(x)])`, `(await import(x)).a`. */
function dynamicNames(call: ts.CallExpression): string[] | null {
  const fromPattern = (name: ts.BindingName | undefined) =>
    name && ts.isObjectBindingPattern(name) ? name.elements.map((element) => (element.propertyName ?? element.name).getText()) : null;
  const parent = call.parent;
  if (ts.isAwaitExpression(parent)) {
    let outer: ts.Node = parent.parent;
    if (ts.isVariableDeclaration(outer)) return fromPattern(outer.name);
    while (ts.isBinaryExpression(outer) || ts.isParenthesizedExpression(outer)) outer = outer.parent;
    return ts.isPropertyAccessExpression(outer) ? [outer.name.text] : null;
  }
  if (ts.isArrayLiteralExpression(parent)) {
    const awaited = parent.parent.parent;
    const declaration = awaited?.parent;
    if (awaited && ts.isAwaitExpression(awaited) && declaration && ts.isVariableDeclaration(declaration) && ts.isArrayBindingPattern(declaration.name)) {
      const element = declaration.name.elements[parent.elements.indexOf(call)];
      return element && ts.isBindingElement(element) ? fromPattern(element.name) : null;
    }
  }
  return null;
}

const parsed = new Map<string, ImportRef[]>();

function importsOf(file: string, text: string): ImportRef[] {
  const key = `${file}\0${text}`;
  const known = parsed.get(key);
  if (known) return known;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".mjs") ? ts.ScriptKind.JS : ts.ScriptKind.TS);
  const refs: ImportRef[] = [];
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const bindings = node.importClause?.namedBindings;
      const names =
        node.importClause?.name || (bindings && ts.isNamespaceImport(bindings))
          ? "*"
          : (bindings?.elements.map((el) => (el.propertyName ?? el.name).text) ?? []);
      refs.push({ specifier: node.moduleSpecifier.text, line: line(node), dynamic: false, names });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const names = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements.map((el) => (el.propertyName ?? el.name).text) : "*";
      refs.push({ specifier: node.moduleSpecifier.text, line: line(node), dynamic: false, names });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      refs.push({ specifier: node.arguments[0].text, line: line(node), dynamic: true, names: dynamicNames(node) });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      refs.push({ specifier: node.argument.literal.text, line: line(node), dynamic: false, names: "*" });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  parsed.set(key, refs);
  return refs;
}

/** The file a relative specifier names, or null when it leaves src/ (package.json, test helpers). */
function resolveIn(files: ReadonlyMap<string, string>, from: string, specifier: string): string | null {
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  if (!base.startsWith("src/")) return null;
  for (const candidate of [base, `${base}.ts`, `${base}/index.ts`]) if (files.has(candidate)) return candidate;
  return base; // missing: the type checker reports it
}

/** A file's part: the folder under src/ it lies in, or the package entries for src/*.ts. */
function partOf(file: string): string {
  const [, first, second] = file.split("/");
  return second === undefined ? ENTRIES : first!;
}
const rank = (part: string) => (part === ENTRIES ? PARTS.length : (PARTS as readonly string[]).indexOf(part));

/** What a part's index.ts lists: module -> the names it re-exports from it. */
function entryExports(files: ReadonlyMap<string, string>, part: string): Map<string, Set<string>> {
  const entry = `src/${part}/index.ts`;
  const listed = new Map<string, Set<string>>();
  for (const ref of importsOf(entry, files.get(entry) ?? "")) {
    const module = resolveIn(files, entry, ref.specifier);
    if (!module || ref.dynamic) continue;
    const names = listed.get(module) ?? new Set<string>();
    for (const name of ref.names === "*" ? ["*"] : (ref.names ?? [])) names.add(name);
    listed.set(module, names);
  }
  return listed;
}

/**
 * Every import in `files` that breaks the layering, as `file:line: what`. A module may import its own
 * part freely; another part only if that part comes earlier in PARTS, and then only names its
 * index.ts lists, from the module it lists them with. The index.ts itself is never imported
 * statically (code splitting would load every module it lists with it), except by the package
 * entries, which re-export the public subpaths' entries.
 */
export function layerViolations(files: ReadonlyMap<string, string>): string[] {
  const violations: string[] = [];
  const entries = new Map<string, Map<string, Set<string>>>();
  const listedBy = (part: string) => entries.get(part) ?? entries.set(part, entryExports(files, part)).get(part)!;
  for (const [file, text] of files) {
    const from = partOf(file);
    if (from !== ENTRIES && rank(from) < 0) {
      violations.push(`${file}: src/${from}/ is no part; add it to PARTS (test/part-layers.test.ts) with an index.ts and a README.md`);
      continue;
    }
    for (const ref of importsOf(file, text)) {
      if (!ref.specifier.startsWith(".")) continue;
      const target = resolveIn(files, file, ref.specifier);
      if (target === null) continue;
      const to = partOf(target);
      const at = `${file}:${ref.line}: ${ref.dynamic ? `import("${ref.specifier}")` : `"${ref.specifier}"`}`;
      if (to === from) continue;
      if (rank(to) < 0) continue; // reported for the file itself
      if (rank(to) > rank(from)) {
        violations.push(`${at} reaches up into ${to === ENTRIES ? ENTRIES : `the ${to} part`}, above ${from === ENTRIES ? ENTRIES : `the ${from} part`}`);
        continue;
      }
      const entry = `src/${to}/index.ts`;
      if (target === entry) {
        if (!ref.dynamic && from !== ENTRIES) violations.push(`${at} imports the ${to} part's index.ts; import the module it lists the names with`);
        continue;
      }
      const listed = listedBy(to).get(target);
      if (!listed) {
        violations.push(`${at} imports ${target}, which ${entry} does not list: the ${to} part keeps it to itself`);
        continue;
      }
      const names = ref.names === "*" ? ["*"] : (ref.names ?? []);
      const unlisted = names.filter((name) => !listed.has(name) && !listed.has("*"));
      if (unlisted.length > 0) violations.push(`${at} takes ${unlisted.join(", ")}, which ${entry} does not list from ${target}`);
    }
  }
  return violations;
}

describe("@tsift/index's parts import one way, through what their entries list", () => {
  const files = sourceFiles();

  it("has no import that breaks the layering", () => {
    expect(layerViolations(files)).toEqual([]);
  });

  it("gives every part an index.ts and a README.md", () => {
    const missing = PARTS.flatMap((part) =>
      ["index.ts", "README.md"].filter((name) => !existsSync(join(src, part, name))).map((name) => `src/${part}/${name}`),
    );
    expect(missing).toEqual([]);
  });

  it("puts every folder of src/ in a part", () => {
    const folders = readdirSync(src, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.sort()).toEqual([...PARTS].sort());
  });

  it("catches the violations it is meant to", () => {
    const planted = (file: string, text: string) => layerViolations(new Map([...files, [file, text]])).filter((line) => line.startsWith(`${file}:`));
    // A lower part reaching up.
    expect(planted("src/walk/violation.ts", 'import { openIndexReader } from "../store/open-index";\n')).toEqual([
      'src/walk/violation.ts:1: "../store/open-index" reaches up into the store part, above the walk part',
    ]);
    expect(planted("src/store/violation.ts", 'export const load = () => import("../project/read-symbols");\n')).toHaveLength(1);
    // A module or a name the part keeps to itself.
    expect(planted("src/project/violation.ts", 'import { IndexStore } from "../store/update/index-store";\n')).toEqual([
      'src/project/violation.ts:1: "../store/update/index-store" imports src/store/update/index-store.ts, which src/store/index.ts does not list: the store part keeps it to itself',
    ]);
    expect(planted("src/project/violation.ts", 'import { openIndexWriter, buildingPath } from "../store/open-index";\n')).toEqual([
      'src/project/violation.ts:1: "../store/open-index" takes buildingPath, which src/store/index.ts does not list from src/store/open-index.ts',
    ]);
    expect(planted("src/project/violation.ts", 'export const f = async () => (await import("../store/update/update-index")).planUpdate;\n')).toHaveLength(1);
    // The entry itself, statically.
    expect(planted("src/projection/violation.ts", 'import { openIndexReader } from "../store";\n')).toHaveLength(1);
    // What the design allows: a listed name, from its module; a lazily loaded one.
    expect(planted("src/projection/allowed.ts", 'import { openIndexReader } from "../store/open-index";\n')).toEqual([]);
    expect(planted("src/project/allowed.ts", 'export const f = async () => (await import("../store/update/update-index")).updateIndex;\n')).toEqual([]);
    // A folder that is no part.
    expect(planted("src/stray/x.ts", "export const x = 1;\n")).toHaveLength(1);
  });
});
