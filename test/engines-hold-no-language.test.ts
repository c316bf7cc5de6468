import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
/** The generic engines: everything a language knows lives in its folder under packages/graph/src/languages/. */
const ENGINES = ["index", "search", "algorithms", "digest"];

/**
 * Literals that equal a language id or extension but name something else, each with why.
 * Keyed by `<file>: <literal>`; an entry that no longer matches fails the test too, so the
 * list cannot outlive its reason.
 */
const NOT_LANGUAGES: Readonly<Record<string, string>> = {
  "packages/digest/src/rewrite/rewrite-runner.ts: python": "the `python -m pytest` executable, a command word",
  "packages/digest/src/rewrite/rewrite-runner.ts: go": "the `go test` / `go build` executable, a command word",
  "packages/digest/src/test-digest/test-digest-types.ts: go": "the name of the `go test` output format test-digest parses",
  "packages/digest/src/test-digest/detect-test-runner.ts: go": "the name of the `go test` output format test-digest parses",
  "packages/digest/src/session/session-types.ts: markdown": "a transcript format (`session-digest --source markdown`)",
  "packages/digest/src/session/read-session.ts: markdown": "a transcript format (`session-digest --source markdown`)",
  "packages/digest/src/context-pack/ontology-refs.ts: .md": "ontology entries are Markdown documents, a file format of the context pack",
  "packages/search/src/pack/pack-types.ts: md": "the `pack --format md` output format",
  "packages/search/src/pack/pack-project.ts: md": "the `pack --format md` output format",
  "packages/index/src/resolve/checker/load-typescript.ts: typescript": "the TypeScript compiler's npm package, which the checker pass loads",
  "packages/index/src/project/init/apply-init.ts: .md": "OpenCode's command files are Markdown documents `init` writes",
  "packages/digest/src/session/read-session.ts: shell": "the agents' shell tool, whose calls a transcript records",
  "packages/digest/src/simworld/status-world.ts: .ts": "the simulated project the status model writes is made of TypeScript files",
  // Regular expressions (any literal in the file): output formats of tools, not languages tsift reads.
  "packages/digest/src/test-digest/parse-go.ts: /…/": "`go test` output: failure locations in `.go` files",
  "packages/digest/src/test-digest/parse-helpers.ts: /…/": "pytest output: traceback locations in `.py` files",
  "packages/digest/src/test-digest/detect-test-runner.ts: /…/": "pytest output: `path.py::test` node ids",
  "packages/digest/src/session/parse-codex.ts: /…/": "Codex's instruction file, AGENTS.md, quoted in its transcripts",
  "packages/index/src/project/init/tsift-launcher.ts: /…/": "the tsift executable's own file names (`bin.cjs`)",
};

interface Hit {
  file: string;
  line: number;
  literal: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.endsWith(".d.ts") && !file.endsWith(".generated.ts"))
    .map((file) => join(dir, file));
}

/** A string that names a module to load (`import … from "x"`, `import("x")`, `require.resolve("x")`), not a value. */
function isModuleSpecifier(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) return parent.moduleSpecifier === node;
  if (ts.isLiteralTypeNode(parent) && ts.isImportTypeNode(parent.parent)) return true;
  if (ts.isCallExpression(parent) && parent.arguments[0] === node) {
    const callee = parent.expression;
    if (callee.kind === ts.SyntaxKind.ImportKeyword) return true;
    const text = callee.getText();
    return text === "require" || text === "require.resolve";
  }
  return false;
}

/**
 * Every string literal (template parts too) equal to a language's name or extension, and
 * every regular-expression literal that matches one of its extensions (`\.py$`), reported as `/…/`.
 */
function languageLiterals(file: string, isLanguageText: (text: string) => boolean, regexNamesExtension: (source: string) => boolean): Hit[] {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const hits: Hit[] = [];
  const hit = (node: ts.Node, literal: string) =>
    hits.push({ file: relative(root, file), line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, literal });
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !isModuleSpecifier(node)) {
      if (isLanguageText(node.text)) hit(node, node.text);
    } else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      if (isLanguageText(node.text)) hit(node, node.text);
    } else if (ts.isRegularExpressionLiteral(node)) {
      if (regexNamesExtension(node.text)) hit(node, "/…/");
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return hits;
}

describe("the engines hold no language name", () => {
  let ids: string[] = [];
  let aliases: string[] = [];
  let extensions: string[] = [];

  beforeAll(async () => {
    // The registry is generated from the definition files (as every package's test setup does).
    execFileSync(process.execPath, [join(root, "tools/generate-registries.mjs"), "graph"], { stdio: "inherit" });
    const { LANGS, langInfo } = await import("@tsift/graph/langs");
    ids = [...LANGS];
    aliases = LANGS.flatMap((lang) => langInfo(lang).aliases.map((alias) => alias.toLowerCase()));
    extensions = LANGS.flatMap((lang) => langInfo(lang).extensions);
  });

  it("reads every registered language from the registry, the released ones included", () => {
    expect(ids).toEqual(expect.arrayContaining(["typescript", "python", "rust", "kotlin", "zig", "bash", "markdown"]));
  });

  it("finds no language id, alias or extension literal in index, search, algorithms or digest sources", () => {
    const names = new Set([...ids, ...aliases]);
    const dotted = new Set(extensions.flatMap((extension) => [extension, `.${extension}`]));
    const escaped = extensions.map((extension) => extension.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    const regexExtension = new RegExp(`\\\\\\.(?:${escaped.join("|")})(?![\\w])`, "u");
    const isLanguageText = (text: string) => names.has(text) || dotted.has(text);
    const hits = ENGINES.flatMap((engine) => sourceFiles(join(root, "packages", engine, "src"))).flatMap((file) =>
      languageLiterals(file, isLanguageText, (source) => regexExtension.test(source)),
    );
    const allowed = hits.filter((entry) => `${entry.file}: ${entry.literal}` in NOT_LANGUAGES);
    const found = hits
      .filter((entry) => !allowed.includes(entry))
      .map((entry) => `${entry.file}:${entry.line} ${entry.literal === "/…/" ? "a regular expression naming an extension" : JSON.stringify(entry.literal)}`);
    expect(found, "move the language knowledge into the language's folder (a hook or a fact of its definition)").toEqual([]);
    const used = new Set(allowed.map((entry) => `${entry.file}: ${entry.literal}`));
    expect(
      Object.keys(NOT_LANGUAGES).filter((key) => !used.has(key)),
      "allow-list entries that no longer match",
    ).toEqual([]);
  });

  it("loads the languages' code hooks lazily in @tsift/index, so read commands load no extraction rule", () => {
    // @tsift/graph's main entry carries every language's rules: index imports it only with
    // `await import` (resolve/language-hooks.ts); its static imports are types or `langs`.
    const eager = sourceFiles(join(root, "packages/index/src")).filter((file) =>
      /^import (?!type )[^;]*from "@tsift\/graph";/m.test(readFileSync(file, "utf8")),
    );
    expect(eager.map((file) => relative(root, file))).toEqual([]);
  });

  it("catches a language name planted in an engine", () => {
    const names = new Set(ids);
    const hits = languageLiterals(
      join(root, "packages/index/src/resolve/module-resolver.ts"),
      (text) => names.has(text),
      () => false,
    );
    expect(hits).toEqual([]);
    // The scanner itself: a literal equal to an id is reported, a module specifier is not.
    const probe = ts.createSourceFile("probe.ts", 'import x from "rust";\nconst a = "rust";\n', ts.ScriptTarget.Latest, true);
    const literals: string[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) && !isModuleSpecifier(node)) literals.push(node.text);
      ts.forEachChild(node, visit);
    };
    visit(probe);
    expect(literals).toEqual(["rust"]);
  });
});
