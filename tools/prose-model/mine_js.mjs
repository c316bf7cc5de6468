// JSDoc -> code pairs from one unpacked npm package, for tools/prose-model/mine.py.
//
//   node tools/prose-model/mine_js.mjs PACKAGE_DIR > pairs.jsonl
//
// Parses every .js/.mjs/.cjs/.ts/.tsx/.mts/.cts file (declaration files too: their JSDoc'ed
// signatures are code an index holds) with the TypeScript compiler's parser, and prints one
// JSON line per documented declaration: {file, name, line, doc, code}. `doc` is the JSDoc's
// description (tags left out); `code` is the declaration's text with every JSDoc block
// removed, so the description never reaches the code side. Minified and bundled files
// (a line over 1,000 characters, or over 2 MB) are skipped.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";

const require = createRequire(new URL("../../package.json", import.meta.url));
const ts = require("typescript");

const root = process.argv[2];
const EXTENSIONS = /\.(m|c)?(j|t)sx?$/;
const SKIP_DIRS = new Set(["node_modules", "test", "tests", "__tests__", "spec", "example", "examples", "benchmark", "benchmarks"]);

function files(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) {
      if (!SKIP_DIRS.has(name)) out.push(...files(path));
    } else if (EXTENSIONS.test(name) && !/\.min\.|[.-]bundle|\.test\.|\.spec\./.test(name) && stat.size < 2_000_000) out.push(path);
  }
  return out;
}

function docText(node) {
  const docs = node.jsDoc;
  if (!docs || docs.length === 0) return null;
  const doc = docs[docs.length - 1];
  let comment = doc.comment;
  if (Array.isArray(comment)) comment = comment.map((part) => part.text ?? "").join("");
  if (typeof comment !== "string") return null;
  const text = comment.trim();
  return text || null;
}

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name && ts.isPrivateIdentifier?.(node.name)) return node.name.text;
  if (node.name && ts.isStringLiteral(node.name)) return node.name.text;
  if (ts.isVariableStatement(node)) {
    const decl = node.declarationList.declarations[0];
    if (decl && ts.isIdentifier(decl.name)) return decl.name.text;
  }
  if (ts.isExpressionStatement(node) && ts.isBinaryExpression(node.expression)) {
    const left = node.expression.left;
    if (ts.isPropertyAccessExpression(left)) return left.name.text;
  }
  return null;
}

function isFunctionLike(node) {
  if (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isClassDeclaration(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isEnumDeclaration(node) ||
    ts.isMethodSignature(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  )
    return true;
  if (ts.isVariableStatement(node)) {
    const init = node.declarationList.declarations[0]?.initializer;
    return Boolean(init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init) || ts.isClassExpression(init) || ts.isCallExpression(init)));
  }
  if (ts.isPropertyAssignment(node)) return ts.isFunctionExpression(node.initializer) || ts.isArrowFunction(node.initializer);
  if (ts.isExpressionStatement(node) && ts.isBinaryExpression(node.expression)) {
    const right = node.expression.right;
    return ts.isFunctionExpression(right) || ts.isArrowFunction(right) || ts.isClassExpression(right);
  }
  return false;
}

const JSDOC = /\/\*\*[\s\S]*?\*\//g;

for (const path of files(root)) {
  const text = readFileSync(path, "utf8");
  if (text.split("\n").some((line) => line.length > 1000)) continue;
  const kind = path.endsWith("x") ? ts.ScriptKind.TSX : /\.(m|c)?ts$/.test(path) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  let source;
  try {
    source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  } catch {
    continue;
  }
  const visit = (node) => {
    if (isFunctionLike(node)) {
      const doc = docText(node);
      const name = nameOf(node);
      if (doc && name) {
        const start = node.getStart(source); // after leading comments, so the JSDoc is not in it
        const code = text.slice(start, node.end).replace(JSDOC, "");
        const line = source.getLineAndCharacterOfPosition(start).line + 1;
        process.stdout.write(`${JSON.stringify({ file: relative(root, path), name, line, doc, code })}\n`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
