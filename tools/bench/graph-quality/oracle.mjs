/**
 * The reference call graph: what the TypeScript compiler's type checker says every call
 * and `new` expression of a corpus calls. One Program over all `.ts` files of the corpus
 * (bundler resolution, `.ts` import specifiers allowed, no emit); for each call site the
 * callee's symbol (`getSymbolAtLocation` on the called name, aliases followed to their
 * target), falling back to the declaration of `getResolvedSignature` when the callee is
 * not a name (`f()()`, `(a || b)()`). Each declaration is reported as the file, line and
 * name of the *named* declaration that holds it, the thing an index can define: a method
 * or function, a property or variable holding a function (the call signature of
 * `export const map: { … } = dual(…)` belongs to `map`), or a class for `new`.
 *
 * Lines are 1-based. A call site's line is the line of the called name (the property name
 * of `a.b()`, the identifier of `f()`), which is how tsift records calls broken over lines.
 */
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, sep } from "node:path";

const require = createRequire(import.meta.url);

/** All `.ts` files under `dir` (no `.d.ts`, hidden entries and node_modules skipped), sorted. */
export function corpusFiles(dir) {
  const files = [];
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) files.push(path);
    }
  };
  walk(dir);
  return files.sort();
}

/**
 * `{ sites, program stats }`: `sites` is one row per call or `new` expression in `include`d
 * files: `{ file, line, kind: "call"|"new", callee, targets: [{ file, line, name, container,
 * kind }] | null }`. `targets` is null when the checker resolves nothing (an `any` callee, a
 * missing module); it holds several declarations for union-typed receivers.
 */
export function oracleCallSites(root, options = {}) {
  const ts = require(options.typescript ?? "typescript");
  const files = corpusFiles(root);
  const started = performance.now();
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ESNext,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    noEmit: true,
    strict: true,
    exactOptionalPropertyTypes: true,
    skipLibCheck: true,
    types: [],
    lib: ["lib.esnext.d.ts", "lib.dom.d.ts"],
  });
  const checker = program.getTypeChecker();
  const created = performance.now();
  const include = options.include ?? (() => true);
  const rel = (fileName) => relative(root, fileName).split(sep).join("/");
  const inCorpus = (fileName) => !fileName.includes("/node_modules/") && !fileName.endsWith(".d.ts") && fileName.startsWith(root);

  const sites = [];
  let unresolved = 0;
  for (const sourceFile of program.getSourceFiles()) {
    if (!inCorpus(sourceFile.fileName)) continue;
    const file = rel(sourceFile.fileName);
    if (!include(file)) continue;
    const visit = (node) => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const site = callSite(ts, checker, sourceFile, node, file, rel, inCorpus);
        if (site) {
          if (site.targets === null) unresolved++;
          sites.push(site);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return { sites, stats: { files: files.length, program_ms: Math.round(created - started), check_ms: Math.round(performance.now() - created), unresolved } };
}

function calledName(ts, expression) {
  let current = expression;
  while (ts.isParenthesizedExpression(current) || ts.isNonNullExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression?.(current))
    current = current.expression;
  if (ts.isIdentifier(current) || ts.isPrivateIdentifier(current)) return current;
  if (ts.isPropertyAccessExpression(current)) return current.name;
  if (ts.isElementAccessExpression(current) && ts.isStringLiteralLike(current.argumentExpression)) return current.argumentExpression;
  if (current.kind === ts.SyntaxKind.SuperKeyword) return current;
  return null;
}

function callSite(ts, checker, sourceFile, node, file, rel, inCorpus) {
  // `import("x")` and `require("x")` are module loads, not calls of indexed code.
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return null;
  const name = calledName(ts, node.expression);
  const anchor = name ?? node.expression;
  const line = sourceFile.getLineAndCharacterOfPosition(anchor.getStart(sourceFile)).line + 1;
  const callee = name ? name.getText(sourceFile) : node.expression.getText(sourceFile).slice(0, 60);
  const kind = ts.isNewExpression(node) ? "new" : "call";
  let declarations = [];
  if (name) {
    let symbol = checker.getSymbolAtLocation(name);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    if (symbol) declarations = pickDeclarations(ts, symbol);
  }
  if (declarations.length === 0) {
    const signature = checker.getResolvedSignature(node);
    if (signature?.declaration && !ts.isJSDocSignature?.(signature.declaration)) declarations = [signature.declaration];
  }
  const targets = new Map();
  let outside = false;
  for (const declaration of declarations) {
    const target = namedDeclaration(ts, declaration);
    if (!target) continue;
    const targetFile = target.getSourceFile();
    if (!inCorpus(targetFile.fileName)) {
      outside = true;
      continue;
    }
    const described = describe(ts, target, targetFile, rel);
    targets.set(`${described.file}\0${described.line}\0${described.name}`, described);
  }
  if (targets.size === 0) return { file, line, kind, callee, targets: declarations.length > 0 || outside ? [] : null };
  return { file, line, kind, callee, targets: [...targets.values()] };
}

/** The declarations a call of `symbol` runs: the implementation of an overload set, every member of a union. */
function pickDeclarations(ts, symbol) {
  const all = symbol.declarations ?? [];
  if (all.length === 0) return [];
  if (symbol.valueDeclaration && all.every((declaration) => declaration.parent === symbol.valueDeclaration.parent || isInterfaceish(ts, declaration))) {
    // One overload set (or a value merged with types): the implementation, else the value declaration.
    const withBody = all.find((declaration) => declaration.body !== undefined && declaration.parent === symbol.valueDeclaration.parent);
    return [withBody ?? symbol.valueDeclaration];
  }
  // Union or merged members from several places: keep one declaration per parent.
  const byParent = new Map();
  for (const declaration of all) {
    if (isInterfaceish(ts, declaration) && symbol.valueDeclaration) continue;
    const previous = byParent.get(declaration.parent);
    if (!previous || (previous.body === undefined && declaration.body !== undefined)) byParent.set(declaration.parent, declaration);
  }
  return [...byParent.values()];
}

function isInterfaceish(ts, declaration) {
  return ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration) || ts.isModuleDeclaration(declaration);
}

/** The named declaration that holds `declaration`: itself when named, else the variable, property or parameter it is the value or type of. */
function namedDeclaration(ts, declaration) {
  for (let current = declaration; current; current = current.parent) {
    if (ts.isSourceFile(current)) return null;
    if (
      ts.isFunctionDeclaration(current) ||
      ts.isMethodDeclaration(current) ||
      ts.isMethodSignature(current) ||
      ts.isClassDeclaration(current) ||
      ts.isClassExpression(current) ||
      ts.isConstructorDeclaration(current) ||
      ts.isGetAccessorDeclaration(current) ||
      ts.isSetAccessorDeclaration(current) ||
      ts.isVariableDeclaration(current) ||
      ts.isPropertyDeclaration(current) ||
      ts.isPropertySignature(current) ||
      ts.isPropertyAssignment(current) ||
      ts.isShorthandPropertyAssignment(current) ||
      ts.isParameter(current) ||
      ts.isBindingElement(current) ||
      ts.isEnumDeclaration(current) ||
      ts.isModuleDeclaration(current) ||
      ts.isInterfaceDeclaration(current) ||
      ts.isTypeAliasDeclaration(current)
    ) {
      if (current.name || ts.isConstructorDeclaration(current)) return current;
    }
  }
  return null;
}

function describe(ts, declaration, sourceFile, rel) {
  const nameNode = declaration.name;
  const name = ts.isConstructorDeclaration(declaration)
    ? "constructor"
    : nameNode && (ts.isIdentifier(nameNode) || ts.isPrivateIdentifier(nameNode) || ts.isStringLiteralLike(nameNode))
      ? nameNode.text
      : (nameNode?.getText(sourceFile) ?? "");
  const at = (nameNode ?? declaration).getStart(sourceFile);
  const line = sourceFile.getLineAndCharacterOfPosition(at).line + 1;
  const start = sourceFile.getLineAndCharacterOfPosition(declaration.getStart(sourceFile)).line + 1;
  let container = null;
  for (let current = declaration.parent; current && !ts.isSourceFile(current); current = current.parent) {
    if (
      (ts.isClassLike(current) ||
        ts.isInterfaceDeclaration(current) ||
        ts.isModuleDeclaration(current) ||
        ts.isObjectLiteralExpression(current) ||
        ts.isFunctionLike(current)) &&
      current !== declaration
    ) {
      container = ts.SyntaxKind[current.kind];
      break;
    }
  }
  return { file: rel(sourceFile.fileName), line, start, name, declaration: ts.SyntaxKind[declaration.kind], container, member: isMember(ts, declaration) };
}

/** Members of classes, interfaces and object types: what the benchmark counts as methods. */
function isMember(ts, declaration) {
  if (ts.isMethodDeclaration(declaration) || ts.isMethodSignature(declaration)) return true;
  if (ts.isPropertyDeclaration(declaration) || ts.isPropertySignature(declaration)) return true;
  return false;
}
